// A tool that returns the names and values of its environment, to prove what the host passed on.
import { send, serve } from "./fake-server.mjs";

serve({
  onCall: (request) =>
    send({
      id: request.id,
      result: { content: [{ type: "text", text: JSON.stringify(process.env) }] },
    }),
});
