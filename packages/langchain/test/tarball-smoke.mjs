// Runs against the installed tarball of @toolgate/langchain (with @toolgate/registry,
// @toolgate/tool-core and its peer @langchain/core), outside the workspace: tool calls answered
// with ToolMessages, an input error from the channel, the schema shown as a copy, and an approval
// through an interrupt function (LangGraph's own needs @langchain/langgraph, not installed here).
import assert from "node:assert/strict";
import { ToolMessage } from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { LANGCHAIN_ERROR_CODES, toLangChainTools } from "@toolgate/langchain";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";

const refunded = [];
const registry = new ToolRegistry();
const order = { type: "object", properties: { order: { type: "integer" } }, required: ["order"] };
registry.registerAll([
  tool({
    name: "get_order",
    parameters: order,
    hints: { readOnly: true },
    execute: ({ order: id }) => `order ${id}: shipped`,
  }),
  tool({
    name: "refund",
    parameters: order,
    requiresConfirmation: true,
    execute: ({ order: id }) => {
      refunded.push(id);
      return `refunded ${id}`;
    },
  }),
]);
const asked = [];
const tools = toLangChainTools(registry, {
  interrupt: (request) => {
    asked.push(request);
    return { approved: true, callId: request.callId };
  },
});
const byName = new Map(tools.map((t) => [t.name, t]));
const call = (name, args, id) => ({ name, args, id, type: "tool_call" });

const found = await byName.get("get_order").invoke(call("get_order", { order: 42 }, "c1"));
assert.ok(ToolMessage.isInstance(found));
assert.deepEqual([found.status, found.content], ["success", "order 42: shipped"]);

const invalid = await byName.get("refund").invoke(call("refund", { order: "42" }, "c2"));
assert.deepEqual(
  [invalid.status, invalid.content],
  ["error", "(input error: 'order' must be integer, got string)"],
);
assert.deepEqual(asked, [], "an invalid call is never offered for approval");

const done = await byName.get("refund").invoke(call("refund", { order: 42 }, "c3"));
assert.deepEqual([done.status, done.content], ["success", "refunded 42"]);
assert.deepEqual(refunded, [42]);
assert.deepEqual(
  asked.map(({ type, tool: name, callId, args, by }) => [type, name, callId, args, by]),
  [["toolgate/approval", "refund", "c3", { order: 42 }, "tool"]],
);

const schema = registry.get("refund").inputSchema;
assert.deepEqual(convertToOpenAITool(byName.get("refund")).function.parameters, schema);
assert.notEqual(byName.get("refund").schema, schema);
assert.deepEqual(LANGCHAIN_ERROR_CODES, {});
console.log("@toolgate/langchain: ok");
