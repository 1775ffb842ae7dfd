// An OpenAI Agents SDK agent whose every tool call goes through toolgate's channel, run in the
// SDK's own loop with a scripted model (no API key, no network). It shows an invalid call
// answered with toolgate's input error (never offered for approval), a refund that pauses the
// run, is saved as a string, approved in "another process" (a new registry and agent) and runs
// once, a second refund that the person rejects and that never runs, and the error flag kept in
// each output item's customData. Exits non-zero on any failure.
import assert from "node:assert/strict";
import {
  Agent,
  type AgentInputItem,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  RunState,
  run,
  setTracingDisabled,
  Usage,
} from "@openai/agents-core";
import { toAgentTools } from "@toolgate/openai-agents";
import { ToolRegistry } from "@toolgate/registry";
import { ToolError, tool } from "@toolgate/tool-core";
import { z } from "zod";

setTracingDisabled(true); // no trace exporter offline

const ORDERS: Record<string, number> = { "A-1001": 4250, "A-1002": 1800 };
const refunded: string[] = [];

/** What each process builds: its own registry, tools and agent around the same model. */
function supportAgent(model: Model): Agent {
  const registry = new ToolRegistry();
  registry.registerAll([
    tool({
      name: "get_order",
      description: "Look up an order by its id (like A-1001).",
      parameters: {
        type: "object",
        properties: { order_id: { type: "string", pattern: "^A-\\d{4}$" } },
        required: ["order_id"],
      },
      hints: { readOnly: true, openWorld: false },
      parallel: true,
      execute: ({ order_id }) => {
        const cents = ORDERS[String(order_id)];
        if (cents === undefined) throw new ToolError(`no order ${order_id}; check the id`);
        return `order ${order_id}: ${cents / 100} EUR, shipped`;
      },
    }),
    tool({
      name: "refund",
      description: "Refund an order in full.",
      parameters: {
        type: "object",
        properties: { order_id: { type: "string", pattern: "^A-\\d{4}$" } },
        required: ["order_id"],
      },
      requiresConfirmation: true,
      execute: ({ order_id }) => {
        refunded.push(String(order_id));
        return `refunded ${order_id}`;
      },
    }),
  ]);
  return new Agent({
    name: "support",
    instructions: "Help customers with their orders.",
    model,
    tools: toAgentTools(registry),
  });
}

/** The tool outputs the model was shown, by call id. */
function outputs(input: string | AgentInputItem[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const item of typeof input === "string" ? [] : input) {
    if (item.type !== "function_call_result") continue;
    const { output } = item;
    const text =
      typeof output === "string"
        ? output
        : !Array.isArray(output) && output.type === "text"
          ? output.text
          : JSON.stringify(output);
    found.set(item.callId, text);
  }
  return found;
}

const call = (callId: string, name: string, args: string): AgentOutputItem => ({
  type: "function_call",
  callId,
  name,
  arguments: args,
  status: "completed",
});

/**
 * Turn 1: two lookups, the first with a made-up id format. Turn 2: after reading the input
 * error, two refunds. Turn 3: the answer.
 */
class ScriptedModel implements Model {
  readonly seen: Map<string, string>[] = [];

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const shown = outputs(request.input);
    this.seen.push(shown);
    const output =
      this.seen.length === 1
        ? [
            call("c1", "get_order", '{"order_id": "1001"}'),
            call("c2", "get_order", '{"order_id": "A-1002"}'),
          ]
        : this.seen.length === 2
          ? [
              call("c3", "refund", '{"order_id": "A-1001"}'),
              call("c4", "refund", '{"order_id": "A-1002"}'),
            ]
          : [
              {
                type: "message" as const,
                role: "assistant" as const,
                status: "completed" as const,
                content: [
                  { type: "output_text" as const, text: "A-1001 is refunded; A-1002 was not." },
                ],
              },
            ];
    return { usage: new Usage(), output };
  }

  getStreamedResponse(): never {
    throw new Error("not streamed in this example");
  }
}

const model = new ScriptedModel();

// Process 1: the run stops at the refunds; nothing was refunded.
const first = await run(supportAgent(model), "Refund A-1001 and A-1002, please.");
assert.deepEqual(
  first.interruptions.map((item) => item.rawItem.type === "function_call" && item.rawItem.callId),
  ["c3", "c4"],
);
assert.deepEqual(refunded, []);
const lookups = model.seen[1];
assert.match(lookups?.get("c1") ?? "", /input error: 'order_id' must match/);
assert.match(lookups?.get("c2") ?? "", /order A-1002: 18 EUR/);
const saved = first.state.toString();
// The error flag of each output is in its customData, also in the saved state (an app reading
// stored state checks its shape).
const OutputData = z.object({
  status: z.enum(["success", "partial", "error"]),
  isError: z.boolean(),
  executed: z.boolean(),
});
const SavedState = z.object({
  generatedItems: z.array(
    z.object({
      type: z.string(),
      rawItem: z.object({ callId: z.string().optional() }).loose(),
      customData: OutputData.optional(),
    }),
  ),
});
const stored = SavedState.parse(JSON.parse(saved)).generatedItems.filter(
  (item) => item.type === "tool_call_output_item",
);
assert.deepEqual(
  stored.map((item) => [item.rawItem.callId, item.customData?.isError]),
  [
    ["c1", true],
    ["c2", false],
  ],
);
console.log(
  `paused for approval: ${first.interruptions.length} calls, state saved (${saved.length} chars)`,
);

// Process 2: restore, the person approves the first refund and rejects the second, resume.
const agent = supportAgent(model);
const state = await RunState.fromString(agent, saved);
for (const item of state.getInterruptions()) {
  const callId = item.rawItem.type === "function_call" ? item.rawItem.callId : "";
  if (callId === "c3") state.approve(item);
  else state.reject(item, { message: "A person declined this refund." });
}
const done = await run(agent, state);

assert.deepEqual(refunded, ["A-1001"]);
assert.equal(model.seen[2]?.get("c3"), "refunded A-1001");
assert.equal(model.seen[2]?.get("c4"), "A person declined this refund.");
assert.equal(done.finalOutput, "A-1001 is refunded; A-1002 was not.");
console.log(`resumed: ${done.finalOutput}`);
console.log("openai-agents-agent: ok");
