// loadTools({ include, exclude }): the filter chooses tools before pinning, and its choice holds
// for calls.
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer } from "./__fixtures__/test-server.js";
import { fingerprintTool } from "./fingerprint-tool.js";
import { MCPClient, SERVER_PIN_KEY } from "./mcp-client.js";
import { PinningError } from "./pinning-error.js";

const definition = (name: string, description = `the ${name} tool`) => ({
  name,
  description,
  inputSchema: { type: "object", properties: {} },
});
const offered = ["search_issues", "search_code", "get_issue", "delete_repo", "set_admin"].map(
  (name) => definition(name),
);

const open: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function connect(tools: unknown[], expectedFingerprints?: Record<string, string>) {
  const test = await startTestServer({ tools });
  const client = new MCPClient({
    namespace: "gh",
    transport: test.clientTransport,
    ...(expectedFingerprints === undefined ? {} : { expectedFingerprints }),
  });
  open.push(client);
  await client.connect();
  return { client, test };
}

describe("MCPClient.loadTools with a filter", () => {
  it("loads only the included tools that are not excluded", async () => {
    const { client } = await connect(offered);
    const tools = await client.loadTools({
      include: ["search_*", "get_issue"],
      exclude: ["*_code"],
    });
    expect(tools.map((t) => t.name)).toEqual(["gh_search_issues", "gh_get_issue"]);
    expect(client.skippedTools).toEqual([]);
    expect(Object.keys(client.fingerprints()).sort()).toEqual(
      [SERVER_PIN_KEY, "gh_get_issue", "gh_search_issues"].sort(),
    );
  });

  it("applies before pinning: pins of the chosen tools suffice, a changed tool left out is not compared", async () => {
    const { client: plain } = await connect(offered);
    const pins = {
      [SERVER_PIN_KEY]: plain.serverFingerprint,
      gh_get_issue: fingerprintTool(definition("get_issue")),
      // A stale pin of a tool the filter leaves out: never compared, so no PinningError.
      gh_delete_repo: fingerprintTool(definition("delete_repo", "an older description")),
    };
    const { client } = await connect(offered, pins);
    const tools = await client.loadTools({ include: ["get_issue"] });
    expect(tools.map((t) => t.name)).toEqual(["gh_get_issue"]);
    expect(client.skippedTools).toEqual([]);
    // Without the filter the same pins refuse the server.
    await expect(client.loadTools()).rejects.toThrow(PinningError);
  });

  it("a tool the filter leaves out cannot be called through the client", async () => {
    const { client, test } = await connect(offered);
    await client.loadTools({ exclude: ["delete_*"] });
    const refused = await client.callTool("delete_repo", {});
    expect(refused.isError).toBe(true);
    expect(refused.text).toBe(
      "MCP tool 'delete_repo' on server 'gh' is left out by the loadTools filter",
    );
    expect((await client.callTool("get_issue", {})).text).toBe("called get_issue");
    expect(test.calls.map((c) => c.name)).toEqual(["get_issue"]);
  });

  it("keeps display names as the whole listing gives them", async () => {
    // `a.b` and `a_b` both become `gh_a_b`; the second one keeps `_2` even when the first is left out.
    const { client } = await connect([definition("a.b"), definition("a_b")]);
    const tools = await client.loadTools({ include: ["a_b"] });
    expect(tools.map((t) => t.name)).toEqual(["gh_a_b_2"]);
  });

  it("a malformed filter throws a TypeError before anything is listed", async () => {
    const { client, test } = await connect(offered);
    await expect(client.loadTools({ include: "search_*" as never })).rejects.toThrow(
      /loadTools include must be an array/,
    );
    expect(test.listCount()).toBe(0);
  });
});
