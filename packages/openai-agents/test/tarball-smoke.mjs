// Runs against the installed tarball of @toolgate/openai-agents (with @toolgate/registry,
// @toolgate/tool-core and its peer @openai/agents-core), outside the workspace: the SDK's own
// loop with a scripted model, an input error, and an approval resumed from a saved state.
import assert from "node:assert/strict";
import { Agent, RunState, run, setTracingDisabled, Usage } from "@openai/agents-core";
import { OPENAI_AGENTS_ERROR_CODES, toAgentTools } from "@toolgate/openai-agents";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";

setTracingDisabled(true);
const refunded = [];
const registry = new ToolRegistry();
registry.register(
  tool({
    name: "refund",
    parameters: { type: "object", properties: { order: { type: "integer" } }, required: ["order"] },
    requiresConfirmation: true,
    execute: ({ order }) => {
      refunded.push(order);
      return `refunded ${order}`;
    },
  }),
);
const call = (callId, args) => ({
  type: "function_call",
  callId,
  name: "refund",
  arguments: args,
  status: "completed",
});
const steps = [[call("c1", '{"order": 4')], [call("c2", '{"order": 42}')]];
const seen = [];
const model = {
  async getResponse(request) {
    seen.push(request.input);
    const output = steps.shift() ?? [
      {
        type: "message",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: "done" }],
      },
    ];
    return { usage: new Usage(), output };
  },
  getStreamedResponse() {
    throw new Error("not streamed");
  },
};
const agent = new Agent({ name: "support", model, tools: toAgentTools(registry) });

const first = await run(agent, "refund 42");
const inputError = seen[1].find(
  (item) => item.type === "function_call_result" && item.callId === "c1",
);
assert.match(JSON.stringify(inputError.output), /JSON|input error/);
assert.deepEqual(
  first.interruptions.map((item) => item.rawItem.callId),
  ["c2"],
);
assert.deepEqual(refunded, []);

const state = await RunState.fromString(agent, first.state.toString());
for (const item of state.getInterruptions()) state.approve(item);
const done = await run(agent, state);
assert.deepEqual(refunded, [42]);
assert.equal(done.finalOutput, "done");
const outputs = done.newItems.filter((item) => item.type === "tool_call_output_item");
assert.deepEqual(
  outputs.map((item) => [item.rawItem.callId, item.customData.isError, item.customData.executed]),
  [
    ["c1", true, false],
    ["c2", false, true],
  ],
);
assert.deepEqual(OPENAI_AGENTS_ERROR_CODES, {});
console.log("@toolgate/openai-agents: ok");
