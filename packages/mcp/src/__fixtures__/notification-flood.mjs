// Floods log messages and progress notifications for unknown tokens, and never answers calls.
import { send, serve } from "./fake-server.mjs";

const big = "log ".repeat(2000);
const flood = () => {
  for (let i = 0; i < 200; i++) {
    send({ method: "notifications/message", params: { level: "info", data: big } });
    send({ method: "notifications/progress", params: { progressToken: 999999, progress: i } });
  }
  setImmediate(flood);
};
serve({ onCall: () => {}, onInitialized: flood });
