import { ToolError, tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { executeAnthropicToolUses, executeOpenAIToolCalls } from "./provider-messages.js";
import { ToolPermissions } from "./tool-permissions.js";
import { ToolRegistry } from "./tool-registry.js";

const add = tool({
  name: "add",
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
  parallel: true,
  execute: ({ a, b }) => String(a + b),
});
const refuse = tool({
  name: "refuse",
  execute: () => {
    throw new ToolError("not today");
  },
});
const shell = tool({ name: "shell", execute: () => "ran" });

function registry() {
  const made = new ToolRegistry({ permissions: new ToolPermissions({ deny: ["shell"] }) });
  made.registerAll([add, refuse, shell]);
  return made;
}

describe("executeOpenAIToolCalls", () => {
  it("answers every tool call with a tool message, in order", async () => {
    const messages = await executeOpenAIToolCalls(registry(), [
      { id: "call_1", type: "function", function: { name: "add", arguments: '{"a":1,"b":2}' } },
      { id: "call_2", type: "function", function: { name: "add", arguments: '{"a":1,' } },
      { id: "call_3", type: "custom", custom: { name: "x", input: "y" } } as never,
      { id: "call_4", type: "function", function: { name: "shell", arguments: "" } },
      { id: "call_5", type: "function", function: { name: "refuse", arguments: "{}" } },
    ]);
    expect(messages).toEqual([
      { role: "tool", tool_call_id: "call_1", content: "3" },
      {
        role: "tool",
        tool_call_id: "call_2",
        content: expect.stringMatching(/^\(input error: arguments are not valid JSON: /),
      },
      {
        role: "tool",
        tool_call_id: "call_3",
        content:
          "Tool calls of type 'custom' are not supported: only function tools can be called.",
      },
      { role: "tool", tool_call_id: "call_4", content: "Tool 'shell' is denied by name." },
      { role: "tool", tool_call_id: "call_5", content: "not today" },
    ]);
  });

  it("returns nothing for a message without tool calls", async () => {
    expect(await executeOpenAIToolCalls(registry(), undefined)).toEqual([]);
    expect(await executeOpenAIToolCalls(registry(), null)).toEqual([]);
  });
});

describe("executeAnthropicToolUses", () => {
  it("answers every tool_use block with a tool_result block, with is_error", async () => {
    const results = await executeAnthropicToolUses(registry(), [
      { type: "text", text: "Let me compute." } as never,
      { type: "tool_use", id: "toolu_1", name: "add", input: { a: 2, b: 2 } },
      { type: "tool_use", id: "toolu_2", name: "refuse", input: {} },
      { type: "tool_use", id: "toolu_3", name: "nope", input: {} },
      { type: "tool_use", id: "toolu_4", name: "add", input: { a: "2" } },
    ]);
    expect(results).toEqual([
      { type: "tool_result", tool_use_id: "toolu_1", content: "4", is_error: false },
      { type: "tool_result", tool_use_id: "toolu_2", content: "not today", is_error: true },
      {
        type: "tool_result",
        tool_use_id: "toolu_3",
        content: expect.stringMatching(/^Unknown tool 'nope'/),
        is_error: true,
      },
      {
        type: "tool_result",
        tool_use_id: "toolu_4",
        content: "(input error: missing required argument 'b'; 'a' must be number, got string)",
        is_error: true,
      },
    ]);
  });
});
