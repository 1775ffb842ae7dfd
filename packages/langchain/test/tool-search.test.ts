// With the registry's tool search on, LangChain gets one fixed tool list: every tool, deferred or
// not, and no search tool (what it loads would never reach the agent's tools).
import { type ToolEvent, ToolRegistry } from "@toolgate/registry";
import { type Tool, tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { toLangChainTools } from "../src/index.js";
import { scriptedAgent, textSeenByModel, toolMessages } from "./__fixtures__/scripted-agent.js";

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

describe("toLangChainTools with tool search", () => {
  it("lists every tool, deferred or not, and leaves the search tool out", () => {
    const registry = searchRegistry();
    expect(registry.isDeferred("merge_pull_request")).toBe(true);
    expect(toLangChainTools(registry).map((t) => t.name)).toEqual([
      "get_weather",
      "merge_pull_request",
      "list_issues",
    ]);
  });

  it("runs a call to a deferred tool through the channel", async () => {
    const events: ToolEvent[] = [];
    const agent = scriptedAgent(searchRegistry(events), [
      [{ name: "merge_pull_request", args: { id: "7" }, id: "c1" }],
    ]);
    const result = await agent.start();
    expect(toolMessages(result).get("c1")?.status).toBe("success");
    expect(textSeenByModel(agent.model, "c1")).toBe("merge_pull_request 7");
    expect(events.filter((e) => e.type === "start").map((e) => [e.tool, e.callId])).toEqual([
      ["merge_pull_request", "c1"],
    ]);
  });
});
