// Answers a tool call with progress notifications for its own token, forever, and never a result.
import { send, serve } from "./fake-server.mjs";

serve({
  onCall: (request) => {
    const token = request.params._meta?.progressToken ?? request.id;
    let progress = 0;
    setInterval(() => {
      send({
        method: "notifications/progress",
        params: { progressToken: token, progress: ++progress },
      });
    }, 10);
  },
});
