// Completes the handshake, then answers a tool call with one line that never ends.
import { serve } from "./fake-server.mjs";

serve({
  onCall: () => {
    const chunk = `{"jsonrpc":"2.0","result":"${"x".repeat(64 * 1024)}`;
    const flood = () => {
      if (process.stdout.write(chunk)) setImmediate(flood);
      else process.stdout.once("drain", flood);
    };
    flood();
  },
});
