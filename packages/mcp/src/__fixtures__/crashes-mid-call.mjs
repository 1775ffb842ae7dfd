// Completes the handshake, then exits while a tool call is in flight.
import { serve } from "./fake-server.mjs";

serve({
  onCall: () => {
    process.stderr.write("fatal: out of cheese\n");
    process.exit(3);
  },
});
