import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { taintInMessages } from "./taint-in-messages.js";

const registry = new ToolRegistry();
registry.registerAll([
  tool({ name: "search", externalContent: true, hints: { readOnly: true }, execute: () => "r" }),
  tool({ name: "fetch", externalContent: true, hints: { readOnly: true }, execute: () => "r" }),
  tool({ name: "append_note", execute: () => "ok" }),
]);

const user = new HumanMessage({ content: "go", id: "m1" });
const calls = (...names: [string, string][]) =>
  new AIMessage({ content: "", tool_calls: names.map(([name, id]) => ({ name, id, args: {} })) });
const result = (name: string | undefined, id: string, status?: "success" | "error") =>
  new ToolMessage({ content: "x", tool_call_id: id, ...(name ? { name } : {}), status });

describe("taintInMessages", () => {
  it.each([
    { name: "no messages", messages: [], taint: undefined },
    { name: "only the user message", messages: [user], taint: undefined },
    {
      name: "a search result after the user message",
      messages: [user, calls(["search", "s1"]), result("search", "s1")],
      taint: { tool: "search", callId: "s1" },
    },
    {
      name: "the first of two results that bring outside content",
      messages: [
        user,
        calls(["fetch", "f1"], ["search", "s1"]),
        result("fetch", "f1"),
        result("search", "s1"),
      ],
      taint: { tool: "fetch", callId: "f1" },
    },
    {
      name: "a search result before the last user message only",
      messages: [calls(["search", "s1"]), result("search", "s1"), user],
      taint: undefined,
    },
    {
      name: "a search whose result is an error (it may not have run), then a fetch",
      messages: [
        user,
        calls(["search", "s1"]),
        result("search", "s1", "error"),
        calls(["fetch", "f1"]),
        result("fetch", "f1"),
      ],
      taint: { tool: "fetch", callId: "f1" },
    },
    {
      name: "a result of a tool without outside content",
      messages: [user, calls(["append_note", "a1"]), result("append_note", "a1")],
      taint: undefined,
    },
    {
      name: "a result named after a tool the registry does not have",
      messages: [user, calls(["web", "w1"]), result("web", "w1")],
      taint: undefined,
    },
    {
      name: "a result without a name: the call it answers names the tool",
      messages: [user, calls(["search", "s1"]), result(undefined, "s1")],
      taint: { tool: "search", callId: "s1" },
    },
    {
      name: "a search result renamed to a harmless tool: the call it answers still counts",
      messages: [user, calls(["search", "s1"]), result("append_note", "s1")],
      taint: { tool: "search", callId: "s1" },
    },
    {
      name: "a search call with no result yet (still running, or in the same step)",
      messages: [user, calls(["search", "s1"])],
      taint: undefined,
    },
    {
      name: "look-alikes that are not messages",
      messages: [
        user,
        null,
        42,
        { name: "search", tool_call_id: "s1" },
        { getType: "tool", name: "search" },
        calls(["search", "s1"]),
      ],
      taint: undefined,
    },
  ])("$name", ({ messages, taint }) => {
    expect(taintInMessages(messages, registry)).toEqual(taint);
  });
});
