// Answers tools/list in the way argv[2] names, each a listing that would make the client hold
// more than it should: endless pages, pages of megabytes, a growing or repeated cursor, too many
// tools; "relist-big" lists one tool, announces a change, and then lists megabytes of pages.
import { createInterface } from "node:readline";
import { ECHO_TOOL, send } from "./fake-server.mjs";

const mode = process.argv[2];
const tool = (name, description = "") => ({
  name,
  description,
  inputSchema: { type: "object" },
});
let lists = 0;
let n = 0;

/** One page of the listing: `{ tools, nextCursor? }` for the page at `page` (0 first). */
function page(kind, n) {
  switch (kind) {
    case "endless":
      return { tools: [tool(`t${n}`)], nextCursor: `c${n}` };
    case "big-pages":
      return {
        tools: [tool(`t${n}`, "d".repeat(1_000_000))],
        nextCursor: n < 40 ? `c${n}` : undefined,
      };
    case "growing-cursor":
      return { tools: [tool(`t${n}`)], nextCursor: n < 5 ? "c".repeat((n + 1) * 3000) : undefined };
    case "repeated-cursor":
      return { tools: [tool(`t${n}`)], nextCursor: "again" };
    case "many-tools":
      return {
        tools: Array.from({ length: 1000 }, (_, i) => tool(`t${n}_${i}`)),
        nextCursor: n < 25 ? `c${n}` : undefined,
      };
  }
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  if (request.method === "initialize") {
    send({
      id: request.id,
      result: {
        protocolVersion: request.params.protocolVersion,
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: "huge", version: "1.0.0" },
      },
    });
  } else if (request.method === "tools/list") {
    lists++;
    // Pages are counted from the listing's first request (the one without a cursor).
    n = request.params?.cursor === undefined ? 0 : n + 1;
    if (mode === "relist-big" && lists === 1) {
      send({ id: request.id, result: { tools: [ECHO_TOOL] } });
      send({ method: "notifications/tools/list_changed" });
      return;
    }
    const { tools, nextCursor } = page(mode === "relist-big" ? "big-pages" : mode, n);
    send({ id: request.id, result: nextCursor === undefined ? { tools } : { tools, nextCursor } });
  } else if (request.method === "tools/call") {
    send({ id: request.id, result: { content: [{ type: "text", text: "ok" }] } });
  } else if (request.id !== undefined && request.method !== undefined) {
    send({ id: request.id, error: { code: -32601, message: "Method not found" } });
  }
});
lines.on("close", () => process.exit(0));
