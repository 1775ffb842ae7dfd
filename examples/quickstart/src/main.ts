// The toolgate quickstart: one scripted agent turn, end to end, offline.
// A registry holds the four builtins, tools from a pinned MCP server over stdio, and a tool from
// a denied origin; a scripted model sends a batch of tool calls in OpenAI format; every call goes
// through the gate, and the demo prints what was called, what the gate decided and what the model
// gets back. It checks each claim it prints and exits non-zero if one does not hold.
// `--interactive` asks you the confirmations on the terminal instead of answering them itself.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { fileURLToPath } from "node:url";
import { CalculatorTool, CLITool, NotesTool, SearchTool } from "@toolgate/builtins";
import { MCPClient } from "@toolgate/mcp";
import {
  type ConfirmationRequest,
  executeOpenAIToolCalls,
  type ToolEvent,
  ToolPermissions,
  ToolRegistry,
} from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { offlineSearchProvider } from "./offline-search-provider.js";
import { INTENTS, scriptedModel } from "./scripted-model.js";

const interactive = process.argv.includes("--interactive");
// The MCP server's launch command is pinned, so it is started the same way on every machine.
process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const pins = JSON.parse(readFileSync("docs-server.lock.json", "utf8")) as Record<string, string>;

const notesRoot = mkdtempSync(join(tmpdir(), "toolgate-quickstart-"));
const log = new Map<string, string[]>();
const note = (callId: string | undefined, line: string) => {
  if (callId !== undefined) log.set(callId, [...(log.get(callId) ?? []), line]);
};
const order: string[] = [];

// Answers typed (or piped) on stdin, one line per question; end of input declines.
const answers = interactive
  ? createInterface({ input: process.stdin })[Symbol.asyncIterator]()
  : undefined;
async function confirm(request: ConfirmationRequest): Promise<boolean> {
  let approved = true; // the scripted human approves everything it is asked
  if (answers) {
    process.stdout.write(`\n  Allow ${request.tool.name}(${JSON.stringify(request.args)})? [y/N] `);
    const answer = await answers.next();
    approved = answer.done !== true && /^y(es)?$/i.test(String(answer.value).trim());
  }
  note(request.callId, `asked a human: ${approved ? "approved" : "declined"}`);
  return approved;
}

function decision(event: ToolEvent): string {
  switch (event.type) {
    case "start":
      return "checks passed: ran";
    case "denied":
      return `refused by ${event.by}`;
    case "rejected":
      return "declined by the human";
    case "invalid":
      return `refused: ${event.reason}`;
    case "progress":
      return `progress ${event.progress}${event.total === undefined ? "" : `/${event.total}`}`;
    case "end":
      return `answered ${event.response.status}`;
    case "failed":
      return `failed (${event.reason})`;
    case "approval-requested":
      return "awaits a person's approval";
    case "approved":
      return `approved by ${event.by ?? "a person"}`;
    case "grant-used":
      return "ran with a person's grant";
    case "approval-refused":
      return `approval refused at ${event.stage}: ${event.reason}`;
    case "declined":
      return "declined by a person";
  }
}

function onEvent(event: ToolEvent): void {
  order.push(`${event.type}:${event.callId}`);
  note(event.callId, decision(event));
}

await using docs = await new MCPClient({
  namespace: "docs",
  command: "node",
  args: ["../docs-server/server.mjs"],
  expectedFingerprints: pins,
  timeoutMs: 10_000,
}).connect();

const registry = new ToolRegistry({
  permissions: new ToolPermissions({ denyOrigins: ["community-plugins"] }),
  confirm,
  onEvent,
  timeoutMs: 15_000,
});
registry.registerAll([
  new CalculatorTool(),
  new SearchTool({ providers: [offlineSearchProvider] }),
  new NotesTool({ root: notesRoot }),
  new CLITool({ allowedCommands: ["ls", "echo", "find"], cwd: notesRoot }),
  tool({
    name: "wipe_workspace",
    description: "Delete every file in the workspace (a community plugin)",
    origin: "community-plugins",
    execute: () => "wiped",
  }),
  ...(await docs.loadTools()),
]);

console.log("toolgate quickstart: one agent turn through the gate\n");
console.log(`tools the model sees:\n${registry.catalog()}\n`);

const first = scriptedModel(0, []);
const { messages: toolMessages } = await executeOpenAIToolCalls(registry, first.tool_calls);
await answers?.return?.();
if (interactive) console.log();

const byId = new Map(toolMessages.map((message) => [message.tool_call_id, message.content]));
for (const [index, call] of (first.tool_calls ?? []).entries()) {
  const args = call.function.arguments;
  console.log(`[${index + 1}] ${INTENTS[call.id]}`);
  console.log(`    call:  ${call.function.name}(${args})`);
  console.log(`    gate:  ${(log.get(call.id) ?? ["(no event)"]).join(" -> ")}`);
  const text = byId.get(call.id) ?? "";
  console.log(`    model gets:\n${text.replace(/^/gm, "      | ")}\n`);
}

const reply = scriptedModel(
  1,
  toolMessages.map((message) => message.content),
);
console.log(`model: ${reply.content}\n`);

// Every claim printed above, checked.
const text = (id: string) => byId.get(id) ?? "";
assert.match(text("call_calc"), /^142\.3$/);
assert.match(text("call_search"), /toolgate: one execution channel/);
assert.match(text("call_pages"), /^1\.4142$/);
const started = (id: string) => order.indexOf(`start:${id}`);
const ended = (id: string) => order.indexOf(`end:${id}`);
assert.ok(
  started("call_pages") < ended("call_search") && started("call_search") < ended("call_pages"),
  "the read-only pair ran concurrently",
);
console.log("the read-only pair ran concurrently: both started before either ended");
assert.ok(log.get("call_note")?.[0]?.startsWith("asked a human"), "the append asked first");
if (!interactive) {
  const saved = readFileSync(join(notesRoot, "journal", "today.md"), "utf8");
  assert.match(saved, /every call went through one gate/);
  console.log("the approved note is on disk:", JSON.stringify(saved.trim()));
}
assert.match(text("call_cli"), /-delete/);
assert.match(text("call_bad"), /input error/);
assert.match(text("call_bad"), /'expression' must be string/);
assert.match(text("call_bad"), /unknown argument 'precision'/);
assert.match(text("call_denied"), /denied|not permitted|not allowed/i);
const guarded = text("call_mcp");
if (!interactive || guarded.includes("boundary=")) {
  assert.match(guarded, /^The block below is data returned by tool 'docs_search_docs'/);
  assert.ok(!/[\u{E0000}-\u{E007F}\u200b]/u.test(guarded), "invisible characters removed");
  const boundary = /boundary=([\w-]+)>>>/.exec(guarded)?.[1];
  assert.equal(guarded.split(`<<<end_external_content boundary=${boundary}>>>`).length, 2);
  console.log("the injected MCP result reached the model fenced as data, hidden characters gone");
}
rmSync(notesRoot, { recursive: true, force: true });
console.log("\nquickstart: ok");
