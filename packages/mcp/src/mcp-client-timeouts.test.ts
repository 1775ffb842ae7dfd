import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolDefinitionError } from "@toolgate/tool-core";
import { MAX_TIMER_MS } from "@toolgate/tool-core/internal";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer } from "./__fixtures__/test-server.js";
import { MCPClient } from "./mcp-client.js";

// The client's timeoutMs and callTool's per-call timeoutMs are read by tool-core's one timeout
// rule (timeoutOption); these pin that each goes through it.
const BAD: readonly [string, unknown, RegExp][] = [
  ["Infinity", Number.POSITIVE_INFINITY, /got Infinity \(use null for no limit\)/],
  ["a fraction", 2.5, /got 2\.5$/],
  ["more than a timer holds (was clamped)", MAX_TIMER_MS + 1, /got 2147483648$/],
  ["a string", "5s", /got "5s"$/],
];
const RULE = "must be a whole number of milliseconds from 1 to 2147483647, or null for no limit";

const open: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

function client(timeoutMs: unknown): MCPClient {
  const [transport] = InMemoryTransport.createLinkedPair();
  return new MCPClient({ namespace: "t", transport, timeoutMs: timeoutMs as number });
}

describe("MCPClient timeoutMs", () => {
  it.each(BAD)("refuses %s, naming the option", (_, value, detail) => {
    let thrown: unknown;
    try {
      client(value);
    } catch (error) {
      thrown = error;
    }
    expect(ToolDefinitionError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(new RegExp(`^MCPClient: timeoutMs ${RULE}`));
    expect((thrown as Error).message).toMatch(detail);
  });

  it.each([
    ["undefined, the default", undefined, 30_000],
    ["null, no limit", null, null],
    ["the largest timer", MAX_TIMER_MS, MAX_TIMER_MS],
  ])("takes %s", (_, value, expected) => {
    expect(client(value).timeoutMs).toBe(expected);
  });
});

describe("MCPClient.callTool timeoutMs", () => {
  async function connected() {
    const test = await startTestServer({
      tools: [{ name: "echo", inputSchema: { type: "object" } }],
      onCall: async () => {
        await new Promise((resolve) => setTimeout(resolve, 60));
        return { content: [{ type: "text", text: "done" }] };
      },
    });
    const mcp = new MCPClient({ namespace: "t", transport: test.clientTransport, timeoutMs: 10 });
    open.push(mcp);
    await mcp.connect();
    return { mcp, test };
  }

  it.each(BAD)(
    "answers %s with an error naming the option, calling nothing",
    async (_, value, detail) => {
      const { mcp, test } = await connected();
      const response = await mcp.callTool("echo", {}, { timeoutMs: value as number });
      expect(response.status).toBe("error");
      expect(response.text).toMatch(new RegExp(`^MCPClient\\.callTool: timeoutMs ${RULE}`));
      expect(response.text).toMatch(detail);
      expect(test.calls).toEqual([]);
    },
  );

  it("lifts the client's limit for one call with null", async () => {
    const { mcp } = await connected();
    expect((await mcp.callTool("echo", {})).text).toMatch(/did not answer within 10 ms/);
    expect((await mcp.callTool("echo", {}, { timeoutMs: null })).text).toBe("done");
  });
});
