import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { ToolRunnableConfig } from "@langchain/core/tools";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { TurnsByUserMessage } from "./turns-by-user-message.js";

function config(threadId: unknown, ...messages: unknown[]): ToolRunnableConfig {
  return { configurable: { thread_id: threadId }, state: { messages } } as ToolRunnableConfig;
}
const human = (id: string) => new HumanMessage({ content: "hi", id });

describe("TurnsByUserMessage", () => {
  it("keeps one turn per user message of a thread", () => {
    const turns = new TurnsByUserMessage(new ToolRegistry());
    const first = turns.turnFor(config("t1", human("m1"), new AIMessage("x")));
    expect(first).toBeDefined();
    expect(turns.turnFor(config("t1", human("m1")))).toBe(first);
    expect(turns.turnFor(config("t1", human("m1"), new AIMessage("y"), human("m2")))).not.toBe(
      first,
    );
    expect(turns.turnFor(config("t2", human("m1")))).not.toBe(first);
  });

  it.each([
    { name: "no state", value: {} as ToolRunnableConfig },
    { name: "no messages", value: { state: {} } as ToolRunnableConfig },
    {
      name: "messages that are not a list",
      value: { state: { messages: "m1" } } as ToolRunnableConfig,
    },
    { name: "no human message", value: config("t1", new AIMessage("x")) },
    { name: "a human message without an id", value: config("t1", new HumanMessage("hi")) },
    { name: "look-alikes that are not messages", value: config("t1", null, { id: "m1" }, 42) },
  ])("has no turn with $name", ({ value }) => {
    expect(new TurnsByUserMessage(new ToolRegistry()).turnFor(value)).toBeUndefined();
  });

  it("a thread id that is not a string never matches a string one", () => {
    const turns = new TurnsByUserMessage(new ToolRegistry());
    const unnamed = turns.turnFor(config(undefined, human("m1")));
    expect(turns.turnFor(config("null", human("m1")))).not.toBe(unnamed);
    expect(turns.turnFor(config({ toString: () => "x" }, human("m1")))).toBe(unnamed);
  });

  it("forgets the least recently used turn past its limit", () => {
    const turns = new TurnsByUserMessage(new ToolRegistry(), 2);
    const a = turns.turnFor(config("t", human("a")));
    const b = turns.turnFor(config("t", human("b")));
    expect(turns.turnFor(config("t", human("a")))).toBe(a);
    turns.turnFor(config("t", human("c")));
    expect(turns.turnFor(config("t", human("a")))).toBe(a);
    expect(turns.turnFor(config("t", human("b")))).not.toBe(b);
  });
});

describe("TurnsByUserMessage, for a turn this process has not seen", () => {
  function searchRegistry() {
    const registry = new ToolRegistry();
    registry.register(
      tool({
        name: "search",
        externalContent: true,
        hints: { readOnly: true },
        execute: () => "r",
      }),
    );
    return registry;
  }
  const searched = [
    human("m1"),
    new AIMessage({ content: "", tool_calls: [{ name: "search", id: "s1", args: {} }] }),
    new ToolMessage({ content: "r", tool_call_id: "s1", name: "search" }),
  ];

  it("starts it tainted by the state's search result since the user message", () => {
    const turns = new TurnsByUserMessage(searchRegistry());
    expect(turns.turnFor(config("t1", ...searched))?.taintedBy).toEqual({
      tool: "search",
      callId: "s1",
    });
    expect(turns.turnFor(config("t1", human("m0")))?.taintedBy).toBeUndefined();
  });

  it("keeps a turn it has seen as it is (its memory is the record)", () => {
    const turns = new TurnsByUserMessage(searchRegistry());
    const turn = turns.turnFor(config("t1", human("m1")));
    expect(turns.turnFor(config("t1", ...searched))).toBe(turn);
    expect(turn?.taintedBy).toBeUndefined();
  });
});
