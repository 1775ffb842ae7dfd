// Floods stderr without end, and never answers tool calls.
import { serve } from "./fake-server.mjs";

const line = `${"noise ".repeat(1000)}\n`;
const flood = () => {
  if (process.stderr.write(line)) setImmediate(flood);
  else process.stderr.once("drain", flood);
};
serve({ onCall: () => {}, onInitialized: flood });
