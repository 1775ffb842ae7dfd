// Completes the handshake, then stops reading its stdin, so whatever the client sends waits in
// the client. argv[2]: "silent" does nothing more; "ping-ids=N" sends pings with N-character
// string ids; "ping-many" sends pings with small ids, as fast as its stdout takes them.
import { createInterface } from "node:readline";
import { send } from "./fake-server.mjs";

const mode = process.argv[2] ?? "silent";
const lines = createInterface({ input: process.stdin });

function pingForever(makeId) {
  let n = 0;
  const next = () => {
    // Wait for stdout to drain now and then, so the flood costs this process nothing.
    for (let i = 0; i < 100; i++) {
      const ok = process.stdout.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: makeId(n++), method: "ping" })}\n`,
      );
      if (!ok) return process.stdout.once("drain", next);
    }
    setImmediate(next);
  };
  next();
}

lines.on("line", (line) => {
  const request = JSON.parse(line);
  if (request.method === "initialize") {
    send({
      id: request.id,
      result: {
        protocolVersion: request.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "deaf", version: "1.0.0" },
      },
    });
  } else if (request.method === "notifications/initialized") {
    lines.pause();
    process.stdin.pause();
    if (mode.startsWith("ping-ids=")) {
      const size = Number(mode.slice("ping-ids=".length));
      pingForever((n) => `${n}-${"i".repeat(size)}`);
    } else if (mode === "ping-many") {
      pingForever((n) => n);
    }
  }
});
