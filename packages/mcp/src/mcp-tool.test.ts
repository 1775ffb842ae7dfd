import { ToolRegistry, type ToolRegistryOptions } from "@toolgate/registry";
import { NEVER_ABORTED_SIGNAL } from "@toolgate/tool-core/internal";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer } from "./__fixtures__/test-server.js";
import { MCPClient, type MCPClientOptions } from "./mcp-client.js";

// A server's 3 MB answer is cut where it arrives, at the registry's output budget, unless the
// client has a cap of its own; `data` keeps the server's whole result.

const HUGE = "x".repeat(3_000_000);
const open: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function hugeTool(options: Partial<MCPClientOptions> = {}) {
  const server = await startTestServer({
    tools: [{ name: "dump", inputSchema: { type: "object" } }],
    onCall: () => ({ content: [{ type: "text", text: HUGE }] }),
  });
  const client = new MCPClient({
    namespace: "big",
    transport: server.clientTransport,
    requiresConfirmation: false,
    ...options,
  });
  open.push(client);
  await client.connect();
  const [tool] = await client.loadTools();
  return tool!;
}

describe("an MCP tool's result cap", () => {
  const CASES: [string, ToolRegistryOptions, Partial<MCPClientOptions>, number][] = [
    ["follows the registry's default budget", {}, {}, 100_000],
    ["follows a registry's own budget", { maxResultChars: 5_000 }, {}, 5_000],
  ];

  it.each(CASES)("%s, cut at the source", async (_, registryOptions, clientOptions, cap) => {
    const tool = await hugeTool(clientOptions);
    const registry = new ToolRegistry({ ...registryOptions, guard: false });
    registry.register(tool);
    for (const timeoutMs of [undefined, 60_000]) {
      const response = await registry.execute(tool.name, {}, { timeoutMs });
      expect(response.status).toBe("partial");
      expect(response.text.length).toBeLessThanOrEqual(cap);
      expect(response.text.length).toBeGreaterThan(cap - 100);
      // The client's marker: the client cut it, the registry had nothing left to cut.
      expect(response.text).toMatch(/… \[truncated \d+ chars\]$/);
      const data = response.data as { content: { text: string }[] };
      expect(data.content[0]!.text).toHaveLength(3_000_000);
    }
  });

  it("larger than the registry's budget, is cut again by the registry, with its marker", async () => {
    const tool = await hugeTool({ maxResultChars: 200_000 });
    const registry = new ToolRegistry({ guard: false });
    registry.register(tool);
    const response = await registry.execute(tool.name, {});
    expect(response.status).toBe("partial");
    expect(response.text.length).toBeLessThanOrEqual(100_000);
    expect(response.text).toMatch(
      /\[cut \d+ of 200000 characters by the output budget; ask for less/,
    );
    expect((response.data as { content: { text: string }[] }).content[0]!.text).toBe(HUGE);
  });

  it("takes the budget from the context, unless the client has a cap of its own", async () => {
    const context = { signal: NEVER_ABORTED_SIGNAL, maxResultChars: 1_000 };
    const followed = await (await hugeTool()).run({}, context);
    expect(followed.status).toBe("partial");
    expect(followed.text.length).toBeLessThanOrEqual(1_000);
    expect(followed.text).toMatch(/\[truncated 2999\d{3} chars\]$/);
    const own = await (await hugeTool({ maxResultChars: 300 })).run({}, context);
    expect(own.text.length).toBeLessThanOrEqual(300);
    expect(own.text.length).toBeGreaterThan(200);
  });
});
