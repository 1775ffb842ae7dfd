// Completes the handshake, then never answers a tool call.
import { serve } from "./fake-server.mjs";

serve({ onCall: () => {} });
