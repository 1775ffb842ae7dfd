// A real tool-use loop with the official `@anthropic-ai/sdk` (Messages API) when ANTHROPIC_API_KEY
// is set; without it, the same loop against a scripted model that speaks the same format:
// `tool_use` blocks in, `tool_result` blocks (with `is_error`) back.
import assert from "node:assert/strict";
import Anthropic from "@anthropic-ai/sdk";
import type { ContentBlock, MessageParam, Tool } from "@anthropic-ai/sdk/resources/messages";
import { executeAnthropicToolUses, ToolRegistry } from "@toolgate/registry";
import { ToolError, tool } from "@toolgate/tool-core";
import { Type } from "typebox";

const STOCK: Record<string, number> = { widget: 12, gadget: 0 };

const registry = new ToolRegistry();
registry.register(
  tool({
    name: "check_stock",
    description: "How many units of a product are in stock.",
    parameters: Type.Object({ product: Type.String({ minLength: 1 }) }),
    hints: { readOnly: true, openWorld: false },
    parallel: true,
    execute: ({ product }) => {
      const units = STOCK[product];
      if (units === undefined) throw new ToolError(`unknown product '${product}'`);
      return `${units} ${product}(s) in stock`;
    },
  }),
);

type Model = (messages: MessageParam[], tools: Tool[]) => Promise<ContentBlock[]>;

const claude =
  (client: Anthropic): Model =>
  async (messages, tools) => {
    const response = await client.messages.create({
      model: process.env.ANTHROPIC_MODEL ?? "claude-sonnet-4-5",
      max_tokens: 1024,
      messages,
      tools,
    });
    return response.content;
  };

// Turn 1: two tool uses, one for a product that does not exist. Turn 2: answers from the results.
const scriptedModel: Model = async (messages) => {
  const use = (id: string, product: string) =>
    ({
      type: "tool_use",
      id,
      name: "check_stock",
      input: { product },
      caller: { type: "direct" },
    }) as ContentBlock;
  if (messages.length === 1) return [use("toolu_1", "widget"), use("toolu_2", "sprocket")];
  const results = messages.at(-1)!.content as { content: string; is_error: boolean }[];
  const text = `${results[0]!.content}; sprocket: ${results[1]!.is_error ? "not a product we sell" : results[1]!.content}.`;
  return [{ type: "text", text, citations: null } as ContentBlock];
};

const live = process.env.ANTHROPIC_API_KEY !== undefined;
const model = live ? claude(new Anthropic()) : scriptedModel;
console.log(live ? "using the Anthropic API" : "no ANTHROPIC_API_KEY: using the scripted model");

const messages: MessageParam[] = [{ role: "user", content: "Do we have widgets and sprockets?" }];
const tools: Tool[] = registry.toAnthropicTools();
let final = "";
for (let turn = 0; turn < 5; turn++) {
  const content = await model(messages, tools);
  messages.push({ role: "assistant", content });
  if (!content.some((block) => block.type === "tool_use")) {
    final = content.map((block) => (block.type === "text" ? block.text : "")).join("");
    break;
  }
  const { blocks: results } = await executeAnthropicToolUses(registry, content);
  for (const result of results)
    console.log(`tool ${result.tool_use_id}: ${result.content} (is_error: ${result.is_error})`);
  messages.push({ role: "user", content: results });
}

console.log(`assistant: ${final}`);
if (!live) assert.equal(final, "12 widget(s) in stock; sprocket: not a product we sell.");
assert.notEqual(final, "");
console.log("anthropic-loop: ok");
