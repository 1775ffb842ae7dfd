// Runs against the installed tarballs of @toolgate/ai-sdk, its toolgate dependencies and its peer
// `ai`, outside the workspace: the AI SDK's own loop with its mock model.
import assert from "node:assert/strict";
import { AI_SDK_ERROR_CODES, toAISDKTools } from "@toolgate/ai-sdk";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const calls = (...list) => ({
  content: list.map(([toolCallId, toolName, input]) => ({
    type: "tool-call",
    toolCallId,
    toolName,
    input,
  })),
  finishReason: { unified: "tool-calls", raw: undefined },
  usage,
  warnings: [],
});
const text = (value) => ({
  content: [{ type: "text", text: value }],
  finishReason: { unified: "stop", raw: undefined },
  usage,
  warnings: [],
});

const ran = [];
const registry = new ToolRegistry();
registry.registerAll([
  tool({
    name: "get_order",
    parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    hints: { readOnly: true },
    execute: ({ id }) => {
      ran.push("get_order");
      return `order ${id}: shipped`;
    },
  }),
  tool({
    name: "refund",
    parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    requiresConfirmation: true,
    execute: ({ id }) => {
      ran.push("refund");
      return `refunded ${id}`;
    },
  }),
]);

// A valid call runs; an invalid one gets toolgate's input error; a refund pauses for approval.
const model = new MockLanguageModelV3({
  doGenerate: [
    calls(["c1", "get_order", '{"id": "42"}'], ["c2", "get_order", '{"id": 42}']),
    calls(["c3", "refund", '{"id": "42"}']),
    text("done"),
  ],
});
const messages = [{ role: "user", content: "refund order 42" }];
const first = await generateText({
  model,
  tools: toAISDKTools(registry),
  stopWhen: stepCountIs(5),
  messages,
});
const results = first.steps[0].toolResults;
assert.deepEqual(
  results.map((r) => r.output.status),
  ["success", "error"],
);
assert.match(results[1].output.text, /^\(input error: 'id' must be string/);
const requests = first.content.filter((part) => part.type === "tool-approval-request");
assert.deepEqual(
  requests.map((r) => r.toolCall.toolCallId),
  ["c3"],
);
assert.deepEqual(ran, ["get_order"]);

// Approved in the AI SDK: the refund runs once, toolgate does not ask again.
messages.push(...first.response.messages, {
  role: "tool",
  content: requests.map((r) => ({
    type: "tool-approval-response",
    approvalId: r.approvalId,
    approved: true,
  })),
});
const second = await generateText({
  model,
  tools: toAISDKTools(registry),
  stopWhen: stepCountIs(5),
  messages,
});
assert.deepEqual(ran, ["get_order", "refund"]);
assert.equal(second.text, "done");
assert.deepEqual(AI_SDK_ERROR_CODES, {});
assert.throws(() => toAISDKTools({}), TypeError);

console.log("@toolgate/ai-sdk: ok");
