// With the registry's tool search on, the AI SDK gets one fixed tool set: every tool, deferred or
// not, and no search tool (what it loads would never reach the AI SDK's list).
import { type ToolEvent, ToolRegistry } from "@toolgate/registry";
import { type Tool, tool } from "@toolgate/tool-core";
import { generateText, stepCountIs } from "ai";
import { describe, expect, it } from "vitest";
import { toAISDKTools } from "../src/index.js";
import { lastPrompt, resultsSeen, scriptedModel } from "./scripted-model.js";

const make = (name: string, origin?: string): Tool<object> =>
  tool({
    name,
    description: `The ${name} tool`,
    ...(origin === undefined ? {} : { origin }),
    parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    execute: ({ id }: { id: string }) => `${name} ${id}`,
  }) as Tool<object>;

function searchRegistry(events: ToolEvent[] = []): ToolRegistry {
  const registry = new ToolRegistry({
    toolSearch: { origins: { "mcp:github": "always" } },
    onEvent: (event) => events.push(event),
  });
  registry.register(make("get_weather"));
  registry.registerAll([
    make("merge_pull_request", "mcp:github"),
    make("list_issues", "mcp:github"),
  ]);
  return registry;
}

describe("toAISDKTools with tool search", () => {
  it("lists every tool, deferred or not, and leaves the search tool out", () => {
    const registry = searchRegistry();
    expect(registry.isDeferred("merge_pull_request")).toBe(true);
    expect(Object.keys(toAISDKTools(registry))).toEqual([
      "get_weather",
      "merge_pull_request",
      "list_issues",
    ]);
  });

  it("runs a call to a deferred tool through the channel", async () => {
    const events: ToolEvent[] = [];
    const registry = searchRegistry(events);
    const model = scriptedModel([{ id: "c1", name: "merge_pull_request", input: '{"id": "7"}' }]);
    await generateText({
      model,
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(3),
      prompt: "merge 7",
    });
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "text",
      value: "merge_pull_request 7",
    });
    expect(events.filter((e) => e.type === "start").map((e) => [e.tool, e.callId])).toEqual([
      ["merge_pull_request", "c1"],
    ]);
  });

  it("takes an explicit list as given, the search tool too", () => {
    const registry = searchRegistry();
    expect(Object.keys(toAISDKTools(registry, { names: ["tool_search", "list_issues"] }))).toEqual([
      "tool_search",
      "list_issues",
    ]);
  });
});
