// Runs against the installed tarball of @toolgate/mcp, outside the workspace: serve a tiny
// registry over MCP in memory, load it back with MCPClient (pinned), and call through a registry.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  fingerprintTool,
  MCPClient,
  PinningError,
  SERVER_PIN_KEY,
  sanitizeDescription,
  serveRegistry,
} from "@toolgate/mcp";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";

const served = new ToolRegistry();
served.register(
  tool({
    name: "add",
    description: "Adds two numbers",
    parameters: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    },
    hints: { readOnly: true, openWorld: false },
    execute: ({ a, b }) => String(a + b),
  }),
);

async function connect(expectedFingerprints) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await serveRegistry(served, { name: "smoke", version: "1.0.0" }).connect(serverSide);
  return new MCPClient({
    namespace: "smoke",
    transport: clientSide,
    expectedFingerprints,
  }).connect();
}

const first = await connect();
const tools = await first.loadTools();
assert.deepEqual(
  tools.map((t) => [t.name, t.origin, t.requiresConfirmation]),
  [["smoke_add", "mcp:smoke", true]],
);
const pins = first.fingerprints();
await first.close();

const client = await connect(pins);
try {
  const host = new ToolRegistry({ confirm: () => true });
  host.registerAll(await client.loadTools());
  const response = await host.execute("smoke_add", { a: 2, b: 3 });
  assert.equal(response.status, "success");
  assert.match(response.text, /\n5\n/);
} finally {
  await client[Symbol.asyncDispose]();
}
assert.match((await client.callTool("add", {})).text, /is closed/);

await assert.rejects(
  connect({ [SERVER_PIN_KEY]: pins[SERVER_PIN_KEY], smoke_add: "0".repeat(64) }).then((c) =>
    c.loadTools(),
  ),
  (error) => PinningError.isInstance(error),
);
assert.equal(sanitizeDescription("ok\u200b\u{E0041}"), "ok");
assert.match(fingerprintTool({ name: "x", inputSchema: { type: "object" } }), /^[0-9a-f]{64}$/);

// The toolgate-mcp command is installed as a bin and runs from the tarball.
const bin = spawnSync(join("node_modules", ".bin", "toolgate-mcp"), ["--help"], {
  encoding: "utf8",
});
assert.equal(bin.status, 0, bin.stderr);
assert.match(bin.stdout, /verify/);
const usage = spawnSync(join("node_modules", ".bin", "toolgate-mcp"), ["--no-such-flag"], {
  encoding: "utf8",
});
assert.equal(usage.status, 2);
console.log("@toolgate/mcp: ok");
