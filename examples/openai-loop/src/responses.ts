// The same loop with the OpenAI Responses API: the official `openai` SDK when OPENAI_API_KEY is
// set, else a scripted model that speaks the Responses format. Tools go out with `strict` where
// their schema allows it; every function_call goes through the registry, and a transfer waits
// for a person's approval (deferred mode) before it runs.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { executeOpenAIResponsesFunctionCalls, ToolRegistry } from "@toolgate/registry";
import { ToolError, tool } from "@toolgate/tool-core";
import OpenAI from "openai";
import type {
  ResponseInputItem,
  ResponseOutputItem,
  Tool,
} from "openai/resources/responses/responses";
import { Type } from "typebox";

const ORDERS: Record<string, { status: string; total: number }> = {
  "A-1001": { status: "shipped", total: 42.5 },
};

const registry = new ToolRegistry({ approval: { key: randomBytes(32) } });
registry.registerAll([
  tool({
    name: "get_order",
    description: "Look up an order by its id (like A-1001).",
    // Strict-ready: every property required, `fields` nullable instead of optional.
    parameters: Type.Object({
      order_id: Type.String({ pattern: "^A-\\d{4}$" }),
      fields: Type.Union([Type.Array(Type.String()), Type.Null()]),
    }),
    hints: { readOnly: true, openWorld: false },
    execute: ({ order_id }) => {
      const order = ORDERS[order_id];
      if (!order) throw new ToolError(`no order ${order_id}; check the id`);
      return { order_id, ...order };
    },
  }),
  tool({
    name: "refund",
    description: "Refund part of an order.",
    parameters: Type.Object({ order_id: Type.String(), amount: Type.Number() }),
    requiresConfirmation: true,
    execute: ({ order_id, amount }) => `refunded ${amount} on ${order_id}`,
  }),
]);

type Model = (input: ResponseInputItem[], tools: Tool[]) => Promise<ResponseOutputItem[]>;

const openaiModel =
  (client: OpenAI): Model =>
  async (input, tools) => {
    const response = await client.responses.create({
      model: process.env.OPENAI_MODEL ?? "gpt-4.1-mini",
      input,
      tools,
    });
    return response.output;
  };

// Step 1: looks the order up and asks for a refund. Step 2: answers from what came back.
const scriptedModel: Model = async (input) => {
  const outputs = input.filter(
    (item): item is ResponseInputItem.FunctionCallOutput =>
      "type" in item && item.type === "function_call_output",
  );
  if (outputs.length === 0) {
    return [
      { type: "reasoning", id: "rs_1", summary: [] },
      {
        type: "function_call",
        call_id: "call_1",
        name: "get_order",
        arguments: '{"order_id":"A-1001","fields":null}',
      },
      {
        type: "function_call",
        call_id: "call_2",
        name: "refund",
        arguments: '{"order_id":"A-1001","amount":5}',
      },
    ];
  }
  const texts = outputs.map((item) => String(item.output));
  const text = `A-1001 is ${/shipped/.test(texts[0]!) ? "shipped" : "?"}; ${texts[1]}.`;
  return [
    {
      type: "message",
      id: "msg_1",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text, annotations: [] }],
    },
  ];
};

const live = process.env.OPENAI_API_KEY !== undefined;
const model = live ? openaiModel(new OpenAI()) : scriptedModel;
console.log(live ? "using the OpenAI API" : "no OPENAI_API_KEY: using the scripted model");

const tools: Tool[] = registry.toOpenAIResponsesTools();
for (const t of tools) if (t.type === "function") console.log(`tool ${t.name}: strict ${t.strict}`);

const input: ResponseInputItem[] = [
  { role: "user", content: "Where is order A-1001? Refund 5 EUR on it." },
];
const turn = registry.turn();
let answer = "";
for (let step = 0; step < 5; step++) {
  const output = await model(input, tools);
  const { items, pendings } = await executeOpenAIResponsesFunctionCalls(turn, output);
  // A person decides on each waiting call (here: approves it); its output is then replaced.
  for (const { index, pending } of pendings) {
    console.log(`awaiting approval: ${pending.tool} ${JSON.stringify(pending.arguments)}`);
    const approval = await registry.approve(pending, { by: "example" });
    if (approval.status !== "approved") throw new Error(approval.status);
    const result = await turn.execute(pending.tool, pending.arguments, {
      approval: approval.token,
      callId: pending.callId,
    });
    items[index]!.output = result.text;
  }
  for (const item of items)
    console.log(`tool ${item.call_id}: ${item.output.replace(/\s+/g, " ")}`);
  input.push(...(output as ResponseInputItem[]), ...items);
  if (items.length === 0) {
    answer = output
      .flatMap((item) => (item.type === "message" ? item.content : []))
      .map((part) => (part.type === "output_text" ? part.text : ""))
      .join("");
    break;
  }
}

console.log(`assistant: ${answer}`);
assert.notEqual(answer, "");
if (!live) {
  assert.deepEqual(
    tools.map((t) => [t.type === "function" && t.name, t.type === "function" && t.strict]),
    [
      ["get_order", true],
      ["refund", true],
    ],
  );
  assert.equal(answer, "A-1001 is shipped; refunded 5 on A-1001.");
}
console.log("openai-loop (Responses API): ok");
