// A real tool-call loop with the official `openai` SDK (Chat Completions) when OPENAI_API_KEY is
// set; without it, the same loop against a scripted model that speaks the same message format.
// Every tool call goes through the registry: validation, permissions, confirmation, guard.
import assert from "node:assert/strict";
import { executeOpenAIToolCalls, ToolRegistry } from "@toolgate/registry";
import { ToolError, tool } from "@toolgate/tool-core";
import OpenAI from "openai";
import type {
  ChatCompletionMessage,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { Type } from "typebox";

const ORDERS: Record<string, { status: string; total: number }> = {
  "A-1001": { status: "shipped", total: 42.5 },
  "A-1002": { status: "processing", total: 18 },
};

const registry = new ToolRegistry();
registry.register(
  tool({
    name: "get_order",
    description: "Look up an order by its id (like A-1001).",
    parameters: Type.Object({ order_id: Type.String({ pattern: "^A-\\d{4}$" }) }),
    hints: { readOnly: true, openWorld: false },
    parallel: true,
    execute: ({ order_id }) => {
      const order = ORDERS[order_id];
      if (!order) throw new ToolError(`no order ${order_id}; check the id`);
      return { order_id, ...order };
    },
  }),
);

type Model = (
  messages: ChatCompletionMessageParam[],
  tools: ChatCompletionTool[],
) => Promise<ChatCompletionMessage>;

const openaiModel =
  (client: OpenAI): Model =>
  async (messages, tools) => {
    const completion = await client.chat.completions.create({
      model: process.env.OPENAI_MODEL ?? "gpt-4.1-mini",
      messages,
      tools,
    });
    return completion.choices[0]!.message;
  };

// Turn 1: asks for two orders, the second with a made-up argument. Turn 2: asks again,
// corrected, after reading the input error. Turn 3: answers from what the tools returned.
const scriptedModel: Model = async (messages) => {
  const toolReplies = messages.filter((message) => message.role === "tool");
  const message = (
    tool_calls: ChatCompletionMessage["tool_calls"],
    content: string | null = null,
  ) => ({ role: "assistant", content, refusal: null, tool_calls }) as ChatCompletionMessage;
  const call = (id: string, args: object) => ({
    id,
    type: "function" as const,
    function: { name: "get_order", arguments: JSON.stringify(args) },
  });
  if (toolReplies.length === 0) {
    return message([
      call("call_1", { order_id: "A-1001" }),
      call("call_2", { order_id: "A-1002", include: "all" }),
    ]);
  }
  if (toolReplies.length === 2) return message([call("call_3", { order_id: "A-1002" })]);
  const texts = toolReplies.map((reply) => String(reply.content));
  return message(
    undefined,
    `Order A-1001 is ${/shipped/.test(texts[0]!) ? "shipped" : "?"}; A-1002 is ${/processing/.test(texts[2]!) ? "processing" : "?"}.`,
  );
};

const live = process.env.OPENAI_API_KEY !== undefined;
const model = live ? openaiModel(new OpenAI()) : scriptedModel;
console.log(live ? "using the OpenAI API" : "no OPENAI_API_KEY: using the scripted model");

const messages: ChatCompletionMessageParam[] = [
  { role: "user", content: "What is the status of orders A-1001 and A-1002?" },
];
const tools: ChatCompletionTool[] = registry.toOpenAITools();
for (let turn = 0; turn < 5; turn++) {
  const reply = await model(messages, tools);
  messages.push(reply);
  if (!reply.tool_calls?.length) break;
  const { messages: results } = await executeOpenAIToolCalls(registry, reply.tool_calls);
  for (const result of results)
    console.log(`tool ${result.tool_call_id}: ${result.content.replace(/\s+/g, " ")}`);
  messages.push(...results);
}

const answer = messages.at(-1);
console.log(`assistant: ${answer?.content}`);
assert.equal(answer?.role, "assistant");
if (!live) {
  const toolTexts = messages.filter((m) => m.role === "tool").map((m) => String(m.content));
  assert.match(toolTexts[1]!, /input error: unknown argument 'include'/);
  assert.equal(answer?.content, "Order A-1001 is shipped; A-1002 is processing.");
}
console.log("openai-loop: ok");
