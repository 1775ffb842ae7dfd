// A minimal hand-written MCP stdio server for hostile-server tests: it answers the handshake and
// tools/list, and hands tools/call to the fixture's own behaviour. Deliberately not the SDK, so
// fixtures can misbehave in ways the SDK would not allow.
import { createInterface } from "node:readline";

export const ECHO_TOOL = {
  name: "echo",
  description: "Echoes its input",
  inputSchema: { type: "object", properties: { text: { type: "string" } } },
};

export function send(message) {
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
}

/** Serves until stdin closes. `onCall(request)` handles tools/call (answer with `send`). */
export function serve({ tools = [ECHO_TOOL], onCall, onInitialized } = {}) {
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    const request = JSON.parse(line);
    if (request.method === "initialize") {
      send({
        id: request.id,
        result: {
          protocolVersion: request.params.protocolVersion,
          capabilities: { tools: { listChanged: true } },
          serverInfo: { name: "fake", version: "1.0.0" },
        },
      });
    } else if (request.method === "notifications/initialized") {
      onInitialized?.();
    } else if (request.method === "tools/list") {
      send({ id: request.id, result: { tools: typeof tools === "function" ? tools() : tools } });
    } else if (request.method === "tools/call") {
      if (onCall) onCall(request);
      else send({ id: request.id, result: { content: [{ type: "text", text: "ok" }] } });
    } else if (request.id !== undefined) {
      send({ id: request.id, error: { code: -32601, message: "Method not found" } });
    }
  });
  lines.on("close", () => process.exit(0));
}
