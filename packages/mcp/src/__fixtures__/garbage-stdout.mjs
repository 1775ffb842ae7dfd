// Completes the handshake, then answers a tool call with endless lines that are not JSON-RPC.
import { serve } from "./fake-server.mjs";

serve({
  onCall: () => {
    const flood = () => {
      for (let i = 0; i < 50; i++) process.stdout.write("this is not json {\n");
      setImmediate(flood);
    };
    flood();
  },
});
