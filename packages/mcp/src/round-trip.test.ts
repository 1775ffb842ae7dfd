// A registry served over MCP, loaded back with our own MCPClient and run through a host registry:
// in memory and over stdio.
import { join } from "node:path";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { afterEach, describe, expect, it } from "vitest";
import { demoRegistry } from "./__fixtures__/demo-registry.js";
import { MCPClient } from "./mcp-client.js";
import { serveRegistry } from "./serve-registry.js";

const open: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function inMemory(): Promise<MCPClient> {
  const server = serveRegistry(demoRegistry({ confirm: () => true }), {
    name: "demo",
    version: "1.0.0",
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new MCPClient({ namespace: "demo", transport: clientSide });
  open.push(client);
  return client.connect();
}

function overStdio(): MCPClient {
  const packageDir = join(import.meta.dirname, "..");
  const client = new MCPClient({
    namespace: "demo",
    command: process.execPath,
    args: [
      "--conditions=@toolgate/source",
      "--import",
      "tsx",
      join(import.meta.dirname, "__fixtures__", "serve-demo-registry.ts"),
    ],
    cwd: packageDir,
    timeoutMs: 60_000,
  });
  open.push(client);
  return client;
}

async function roundTrip(client: MCPClient) {
  const asked: string[] = [];
  const host = new ToolRegistry({
    confirm: ({ tool }) => {
      asked.push(tool.name);
      return true;
    },
  });
  host.registerAll(await client.loadTools());
  expect(host.list().map((t) => t.name)).toEqual([
    "demo_add",
    "demo_cancel_order",
    "demo_ship",
    "demo_backend",
  ]);
  expect(host.get("demo_add")!.hints).toMatchObject({ readOnly: true, openWorld: false });

  const added = await host.execute("demo_add", { a: 2, b: 3 });
  expect(added.status).toBe("success");
  expect(added.text).toMatch(
    /origin 'mcp:demo'.*\n<<<external_content boundary=[^>]+>>>\n5\n<<<end/s,
  );
  expect(asked).toEqual(["demo_add"]);

  const invalid = await host.execute("demo_add", '{"a": "two"}');
  expect(invalid.isError).toBe(true);
  expect(invalid.text).toMatch(/input error/);

  const shipped = await host.execute("demo_ship", {});
  expect(shipped.isError).toBe(true);
  expect(shipped.text).toContain("Order 42 is already shipped; it cannot be cancelled.");

  const backend = await host.execute("demo_backend", {});
  expect(backend.isError).toBe(true);
  expect(backend.text).toContain("Tool 'backend' failed: RangeError");
  expect(backend.text).not.toContain("hunter2");

  const cancelled = await host.execute("demo_cancel_order", { order_id: "A7" });
  expect(cancelled.text).toContain("order A7 cancelled");
}

describe("round trip: serveRegistry → MCPClient → ToolRegistry", () => {
  it("works in memory", async () => {
    await roundTrip(await inMemory());
  });

  it("works over stdio", async () => {
    await roundTrip(await overStdio().connect());
  });

  it("asks before every call of a remote tool unless the integrator opts out", async () => {
    const client = await inMemory();
    const host = new ToolRegistry();
    host.registerAll(await client.loadTools());
    const response = await host.execute("demo_add", { a: 1, b: 1 });
    expect(response.isError).toBe(true);
    expect(response.text).toMatch(/confirmation/);
  });

  it("a hanging remote tool does not stop the host: the registry's other tools still run", async () => {
    const server = serveRegistry(
      (() => {
        const registry = new ToolRegistry();
        registry.register(
          tool({
            name: "stall",
            parameters: Type.Object({}),
            execute: () => new Promise(() => {}),
          }),
        );
        return registry;
      })(),
      { name: "stalling", version: "1.0.0" },
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new MCPClient({
      namespace: "stalling",
      transport: clientSide,
      timeoutMs: 300,
      requiresConfirmation: false,
    });
    open.push(client);
    await client.connect();
    const host = new ToolRegistry();
    host.registerAll(await client.loadTools());
    host.register(
      tool({ name: "local", parameters: Type.Object({}), execute: () => "still here" }),
    );
    const stalled = await host.execute("stalling_stall", {});
    expect(stalled.isError).toBe(true);
    expect(stalled.text).toMatch(/did not answer within 300 ms/);
    expect((await host.execute("local", {})).text).toBe("still here");
  });
});
