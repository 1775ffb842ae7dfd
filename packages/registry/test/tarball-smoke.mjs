// Runs against the installed tarballs of @toolgate/registry and @toolgate/tool-core, outside the workspace.
import assert from "node:assert/strict";
import * as registryPublic from "@toolgate/registry";
import {
  confirmUnlessReadOnly,
  executeOpenAIResponsesFunctionCalls,
  executeOpenAIToolCalls,
  ToolPermissions,
  ToolRegistrationError,
  ToolRegistry,
} from "@toolgate/registry";
import { linearPatternProblem } from "@toolgate/registry/internal";
import { ToolError, tool } from "@toolgate/tool-core";

const add = tool({
  name: "add",
  parameters: {
    type: "object",
    properties: { a: { type: "number" }, b: { type: "number" } },
    required: ["a", "b"],
  },
  hints: { readOnly: true },
  parallel: true,
  execute: ({ a, b }) => a + b,
});
const wipe = tool({ name: "wipe", execute: () => "wiped" });
const web = tool({
  name: "web",
  externalContent: true,
  hints: { readOnly: true },
  execute: () => "page",
});
const broken = tool({
  name: "broken",
  hints: { readOnly: true },
  execute: () => {
    throw new Error("password=hunter2");
  },
});
const refuse = tool({
  name: "refuse",
  hints: { readOnly: true },
  execute: () => {
    throw new ToolError("not today");
  },
});

const events = [];
const registry = new ToolRegistry({
  permissions: new ToolPermissions({ deny: ["wipe"] }),
  confirmationPolicy: confirmUnlessReadOnly(),
  onEvent: (event) => events.push(event.type),
});
registry.registerAll([add, wipe, web, broken, refuse]);
assert.throws(
  () => registry.register(add),
  (error) => ToolRegistrationError.isInstance(error),
);

assert.equal((await registry.execute("add", '{"a": 2, "b": 3}')).text, "5");
assert.match(
  (await registry.execute("add", '{"a": 2')).text,
  /^\(input error: arguments are not valid JSON/,
);
assert.equal(
  (await registry.execute("add", { a: "2" })).text,
  "(input error: missing required argument 'b'; 'a' must be number, got string)",
);
assert.equal((await registry.execute("wipe", {})).text, "Tool 'wipe' is denied by name.");
assert.equal((await registry.execute("broken", {})).text, "Tool 'broken' failed: Error");
assert.equal((await registry.execute("refuse", {})).text, "not today");
assert.match((await registry.execute("web", {})).text, /<<<external_content boundary=/);
assert.match(
  (await registry.execute("ad", {})).text,
  /^Unknown tool 'ad'\. Closest available tools: 'add'/,
);

const checked = await registry.executeChecked("add", { a: 1, b: 1 }, { callId: "c1" });
assert.deepEqual([checked.executed, checked.callId, checked.response.text], [true, "c1", "2"]);

const { messages, pendings } = await executeOpenAIToolCalls(registry, [
  { id: "call_1", type: "function", function: { name: "add", arguments: '{"a":1,"b":2}' } },
  { id: "call_2", type: "function", function: { name: "add", arguments: '{"a":3,"b":4}' } },
]);
assert.deepEqual(messages, [
  { role: "tool", tool_call_id: "call_1", content: "3" },
  { role: "tool", tool_call_id: "call_2", content: "7" },
]);
assert.deepEqual(pendings, []);
const responses = await executeOpenAIResponsesFunctionCalls(registry.turn(), [
  { type: "reasoning", id: "rs_1", summary: [] },
  { type: "function_call", call_id: "fc_1", name: "add", arguments: '{"a":2,"b":2}' },
]);
assert.deepEqual(responses.items, [{ type: "function_call_output", call_id: "fc_1", output: "4" }]);
assert.deepEqual(
  registry.toOpenAIResponsesTools(["add"]).map(({ name, strict }) => [name, strict]),
  [["add", true]],
);
assert.equal(registry.toOpenAITools(["add"])[0].function.name, "add");
assert.equal(registry.toAnthropicTools(["add"])[0].input_schema.type, "object");
assert.ok(events.includes("start") && events.includes("failed") && events.includes("denied"));
// The internal entry resolves from the tarball; the public one does not carry its plumbing.
assert.equal(typeof linearPatternProblem("(a)\\1"), "string");
assert.equal("linearPatternProblem" in registryPublic, false);
console.log("@toolgate/registry: ok");
