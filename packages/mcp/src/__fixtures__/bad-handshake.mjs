// Fails the handshake in the way argv[2] names, with text full of escapes, newlines and length,
// so tests can check that none of it reaches an error message raw.
import { createInterface } from "node:readline";
import { send } from "./fake-server.mjs";

export const HOSTILE_TEXT = `\u001b[2J\u001b]0;owned\u0007\u202eFAKE\nsecond line\r\n${"x".repeat(100_000)}`;
const mode = process.argv[2];

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  if (request.method !== "initialize") return;
  if (mode === "version") {
    send({
      id: request.id,
      result: {
        protocolVersion: HOSTILE_TEXT,
        capabilities: {},
        serverInfo: { name: "bad", version: "1" },
      },
    });
  } else if (mode === "error") {
    send({ id: request.id, error: { code: -32603, message: HOSTILE_TEXT } });
  } else if (mode === "version-exit") {
    send({
      id: request.id,
      result: {
        protocolVersion: "1999-01-01",
        capabilities: {},
        serverInfo: { name: "b", version: "1" },
      },
    });
    process.stderr.write(`cannot go on: ${HOSTILE_TEXT}\n`, () => process.exit(3));
  } else if (mode === "exit") {
    // The escapes come last, where the kept tail of stderr is.
    const tail = `fatal: ${"y".repeat(20_000)} \u001b[31mFAKE\u001b[0m\nsecond line\u0007\n`;
    process.stderr.write(tail, () => process.exit(3));
  } else if (mode === "close-stdout") {
    // Closes its stdout and lingers: the client sees the end of the stream, no exit.
    process.stderr.write("stdout closed on purpose\n");
    process.stdout.end();
    setInterval(() => {}, 1000);
  }
});
lines.on("close", () => process.exit(0));
