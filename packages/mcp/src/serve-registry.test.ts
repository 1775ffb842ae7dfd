import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  type CallToolResult,
  ElicitRequestSchema,
  ErrorCode,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { ToolPermissions, type ToolRegistryOptions } from "@toolgate/registry";
import { afterEach, describe, expect, it } from "vitest";
import { demoRegistry } from "./__fixtures__/demo-registry.js";
import { serveRegistry } from "./serve-registry.js";

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function serve(
  options: ToolRegistryOptions = {},
  elicit?: (message: string) => { action: "accept" | "decline" | "cancel"; content?: object },
) {
  const registry = demoRegistry(options);
  const server = serveRegistry(registry, { name: "demo", version: "1.0.0" });
  const client = new Client(
    { name: "test-client", version: "1.0.0" },
    elicit ? { capabilities: { elicitation: { form: {} } } } : { capabilities: {} },
  );
  const asked: string[] = [];
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return elicit(request.params.message) as never;
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  clients.push(client);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { client, call, asked };
}

const textOf = (result: CallToolResult) =>
  result.content
    .map((block) => (block.type === "text" ? block.text : `[${block.type}]`))
    .join("\n");

describe("serveRegistry", () => {
  it("lists the registry's tools with hints as annotations", async () => {
    const { client } = await serve();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["add", "cancel_order", "ship", "backend"]);
    expect(tools[0]).toMatchObject({
      name: "add",
      description: "Adds two numbers",
      inputSchema: { type: "object", required: ["a", "b"], additionalProperties: false },
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    });
    expect(tools[1]!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it("runs a call through the registry", async () => {
    const { call } = await serve();
    expect(await call("add", { a: 2, b: 3 })).toEqual({ content: [{ type: "text", text: "5" }] });
  });

  it("answers invalid arguments as a tool execution error naming every problem", async () => {
    const { call } = await serve();
    const result = await call("add", { a: "two", extra: 1 });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(/input error/);
    expect(text).toMatch(/'a'/);
    expect(text).toMatch(/'b'/);
    expect(text).toMatch(/extra/);
  });

  it("answers an unknown tool with a JSON-RPC InvalidParams error", async () => {
    const { call } = await serve();
    const error = await call("nope", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toMatch(/Unknown tool: nope/);
  });

  it("passes ToolError text verbatim and other failures by type name only", async () => {
    const { call } = await serve();
    const shipped = await call("ship", {});
    expect(shipped.isError).toBe(true);
    expect(textOf(shipped)).toContain("Order 42 is already shipped; it cannot be cancelled.");
    const backend = await call("backend", {});
    expect(backend.isError).toBe(true);
    expect(textOf(backend)).toContain("RangeError");
    expect(textOf(backend)).not.toMatch(/hunter2|postgres/);
  });

  it("applies the registry's permissions and redaction", async () => {
    const { call } = await serve({
      permissions: new ToolPermissions({ deny: ["add"] }),
      redact: (text) => text.replaceAll("42", "[id]"),
    });
    const denied = await call("add", { a: 1, b: 2 });
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toMatch(/add/);
    expect(textOf(await call("ship", {}))).toContain("Order [id] is already shipped");
  });

  it("denies calls that need confirmation when the client cannot be asked", async () => {
    const { call } = await serve();
    const result = await call("cancel_order", { order_id: "A1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/needs a human's confirmation .* not run/);
  });

  it("asks the client's user through elicitation, and runs only on an explicit yes", async () => {
    const yes = await serve({}, () => ({ action: "accept", content: { approve: true } }));
    expect(textOf(await yes.call("cancel_order", { order_id: "A1" }))).toBe("order A1 cancelled");
    expect(yes.asked).toHaveLength(1);
    expect(yes.asked[0]).toMatch(/cancel_order.*may change or delete data/);
    expect(yes.asked[0]).toContain('"order_id": "A1"');
    expect(textOf(await yes.call("add", { a: 1, b: 1 }))).toBe("2");
    expect(yes.asked).toHaveLength(1);

    for (const answer of [
      { action: "accept", content: { approve: false } },
      { action: "decline" },
      { action: "cancel" },
    ] as const) {
      const no = await serve({}, () => answer);
      const result = await no.call("cancel_order", { order_id: "A1" });
      expect(result.isError).toBe(true);
      expect(textOf(result)).not.toContain("order A1 cancelled");
    }
  });

  it("refuses a bad registry or server info", () => {
    expect(() => serveRegistry({} as never, { name: "x", version: "1" })).toThrow(TypeError);
    expect(() => serveRegistry(demoRegistry(), { name: "", version: "1" })).toThrow(TypeError);
  });
});
