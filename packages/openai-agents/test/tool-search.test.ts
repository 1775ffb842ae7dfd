// With the registry's tool search on, the Agents SDK gets one fixed tool list: every tool,
// deferred or not, and no search tool (what it loads would never reach the agent's tools).
import { Agent, run } from "@openai/agents-core";
import { type ToolEvent, ToolRegistry } from "@toolgate/registry";
import { type Tool, tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { toAgentTools } from "../src/index.js";
import { functionCall, ScriptedModel, toolOutputs } from "./__fixtures__/scripted-model.js";

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

describe("toAgentTools with tool search", () => {
  it("lists every tool, deferred or not, and leaves the search tool out", () => {
    const registry = searchRegistry();
    expect(registry.isDeferred("merge_pull_request")).toBe(true);
    expect(toAgentTools(registry).map((t) => t.name)).toEqual([
      "get_weather",
      "merge_pull_request",
      "list_issues",
    ]);
  });

  it("runs a call to a deferred tool through the channel", async () => {
    const events: ToolEvent[] = [];
    const model = new ScriptedModel([[functionCall("c1", "merge_pull_request", '{"id": "7"}')]]);
    const agent = new Agent({ name: "dev", model, tools: toAgentTools(searchRegistry(events)) });

    await run(agent, "merge 7");

    expect(toolOutputs(model.requests[1]).get("c1")).toBe("merge_pull_request 7");
    expect(events.filter((e) => e.type === "start").map((e) => [e.tool, e.callId])).toEqual([
      ["merge_pull_request", "c1"],
    ]);
  });

  it("takes an explicit list as given, the search tool too", () => {
    const tools = toAgentTools(searchRegistry(), { names: ["tool_search", "list_issues"] });
    expect(tools.map((t) => t.name)).toEqual(["tool_search", "list_issues"]);
  });
});
