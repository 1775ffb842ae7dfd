// With the registry's tool search on, an MCP client lists the tools once: every tool, deferred or
// not, and no search tool (what it loads would never reach the client's list).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type ToolEvent, ToolRegistry } from "@toolgate/registry";
import { type Tool, tool } from "@toolgate/tool-core";
import { afterEach, describe, expect, it } from "vitest";
import { serveRegistry } from "./serve-registry.js";

const make = (name: string, origin?: string): Tool<object> =>
  tool({
    name,
    description: `The ${name} tool`,
    ...(origin === undefined ? {} : { origin }),
    parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    execute: ({ id }: { id: string }) => `${name} ${id}`,
  }) as Tool<object>;

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function serveSearchRegistry() {
  const events: ToolEvent[] = [];
  const registry = new ToolRegistry({
    toolSearch: { origins: { "mcp:github": "always" } },
    onEvent: (event) => events.push(event),
  });
  registry.register(make("get_weather"));
  registry.registerAll([
    make("merge_pull_request", "mcp:github"),
    make("list_issues", "mcp:github"),
  ]);
  const server = serveRegistry(registry, { name: "search", version: "1.0.0" });
  const client = new Client({ name: "test-client", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  clients.push(client);
  return { registry, client, events };
}

describe("serveRegistry with tool search", () => {
  it("lists every tool, deferred or not, and leaves the search tool out", async () => {
    const { registry, client } = await serveSearchRegistry();
    expect(registry.isDeferred("merge_pull_request")).toBe(true);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["get_weather", "merge_pull_request", "list_issues"]);
  });

  it("runs a call to a deferred tool through the channel", async () => {
    const { client, events } = await serveSearchRegistry();
    const result = (await client.callTool({
      name: "merge_pull_request",
      arguments: { id: "7" },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: "text", text: "merge_pull_request 7" }]);
    expect(events.filter((e) => e.type === "start").map((e) => e.tool)).toEqual([
      "merge_pull_request",
    ]);
  });

  it("answers a call to the unlisted search tool with the registry's error", async () => {
    const { client } = await serveSearchRegistry();
    const result = (await client.callTool({
      name: "tool_search",
      arguments: { query: "pull request" },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: "text", text: expect.stringMatching(/cannot load tools here/) },
    ]);
  });
});
