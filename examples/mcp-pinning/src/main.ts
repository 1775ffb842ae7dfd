// Pin an MCP server, then watch a changed server be refused (a "rug pull").
// 1. Connect to the docs server, review its tools, and write their fingerprints to a lock file.
// 2. Reconnect with the lock: the same server loads.
// 3. The server changes one tool's description behind your back: loading throws PinningError,
//    naming the tool and both fingerprints, and loads nothing.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MCPClient, PinningError } from "@toolgate/mcp";

const server = fileURLToPath(new URL("../../docs-server/server.mjs", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "toolgate-pinning-"));
const lockFile = join(work, "toolgate.lock.json");

// Only the names of environment variables are pinned (values may be secrets), so the variant
// switch below changes what the server says, not how it is launched.
const connect = (variant: string, expectedFingerprints?: Record<string, string>) =>
  new MCPClient({
    namespace: "docs",
    command: process.execPath,
    args: [server],
    env: { DOCS_SERVER_VARIANT: variant },
    expectedFingerprints,
    timeoutMs: 10_000,
  }).connect();

{
  await using docs = await connect("original");
  const tools = await docs.loadTools();
  console.log(`1. reviewed ${docs.serverIdentity}:`);
  for (const tool of tools)
    console.log(`   ${tool.name}: ${tool.description} (${tool.fingerprint.slice(0, 12)}…)`);
  writeFileSync(lockFile, `${JSON.stringify(docs.fingerprints(), null, 2)}\n`);
  console.log(`   fingerprints written to ${lockFile}`);
}

const pins = JSON.parse(readFileSync(lockFile, "utf8")) as Record<string, string>;
{
  await using docs = await connect("original", pins);
  const tools = await docs.loadTools();
  assert.deepEqual(tools.map((tool) => tool.name).sort(), ["docs_page_count", "docs_search_docs"]);
  console.log(`2. same server, pinned: loaded ${tools.length} tools`);
}

{
  await using docs = await connect("changed", pins);
  try {
    await docs.loadTools();
    assert.fail("a changed tool must not load");
  } catch (error) {
    assert.ok(PinningError.isInstance(error), `expected PinningError, got ${String(error)}`);
    console.log(`3. changed server refused: ${error.message}`);
    for (const mismatch of error.mismatches) {
      console.log(
        `   ${mismatch.name}: expected ${mismatch.expected.slice(0, 12)}…, got ${mismatch.actual?.slice(0, 12) ?? "(missing)"}…`,
      );
    }
    assert.deepEqual(
      error.mismatches.map((mismatch) => mismatch.name),
      ["docs_search_docs"],
    );
  }
}
rmSync(work, { recursive: true, force: true });
console.log("mcp-pinning: ok");
