import { ToolError, tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import {
  confirmUnlessReadOnly,
  executeOpenAIToolCalls,
  type ToolEvent,
  ToolPermissions,
  ToolRegistry,
} from "../index.js";

const getOrder = tool({
  name: "get_order",
  description: "Look up an order by id",
  parameters: Type.Object({ order_id: Type.String() }),
  hints: { readOnly: true, openWorld: false },
  parallel: true,
  execute: ({ order_id }) => {
    if (order_id !== "42") throw new ToolError(`no order ${order_id}; check the id`);
    return { id: "42", status: "shipped" };
  },
});

const refund = tool({
  name: "refund",
  description: "Refund part of an order",
  parameters: Type.Object({
    order_id: Type.String(),
    amount: Type.Number({ exclusiveMinimum: 0 }),
  }),
  hints: { destructive: false, openWorld: true },
  execute: ({ order_id, amount }) => `refunded ${amount} EUR on order ${order_id}`,
});

// Stand-ins for your UI and your audit log.
const questions: string[] = [];
const askHuman = async (question: string) => {
  questions.push(question);
  return true;
};
const audit: ToolEvent[] = [];

const registry = new ToolRegistry({
  permissions: new ToolPermissions({ allowOrigins: ["builtin"], deny: ["cli"] }),
  confirmationPolicy: confirmUnlessReadOnly(), // ask before anything that is not read-only
  confirm: ({ tool: t, args }) => askHuman(`Run ${t.name} with ${JSON.stringify(args)}?`),
  timeoutMs: 10_000,
  redact: (text) => text.replace(/sk-[A-Za-z0-9]{8,}/g, "[api key]"),
  onEvent: (event) => audit.push(event),
});
registry.registerAll([getOrder, refund]);

// A scripted model instead of a network call: it asks for tools once, then answers.
const script = [
  {
    role: "assistant" as const,
    content: null,
    tool_calls: [
      {
        id: "call_1",
        type: "function" as const,
        function: { name: "get_order", arguments: '{"order_id":"42"}' },
      },
      {
        id: "call_2",
        type: "function" as const,
        function: { name: "refund", arguments: '{"order_id":"42","amount":5}' },
      },
      {
        id: "call_3",
        type: "function" as const,
        function: { name: "refund", arguments: '{"order_id":"42"}' },
      },
    ],
  },
  {
    role: "assistant" as const,
    content: "Order 42 has shipped; I refunded 5 EUR.",
    tool_calls: undefined,
  },
];
async function callModel(_request: { messages: unknown[]; tools: unknown[] }) {
  return script.shift()!;
}

export async function runExample() {
  const messages: unknown[] = [{ role: "user", content: "Where is order 42? Refund 5 EUR." }];
  for (;;) {
    const message = await callModel({ messages, tools: registry.toOpenAITools() });
    messages.push(message);
    if (!message.tool_calls?.length) break;
    // Every call goes through the registry: permissions, validation, confirmation, timeout, redaction.
    const { messages: answers } = await executeOpenAIToolCalls(registry, message.tool_calls);
    messages.push(...answers);
  }
  return { messages, questions, audit };
}
