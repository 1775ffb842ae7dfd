// MCPClient over Streamable HTTP against an SDK server on 127.0.0.1, port 0.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoRegistry } from "./__fixtures__/demo-registry.js";
import { MCPClient } from "./mcp-client.js";
import { serveRegistry } from "./serve-registry.js";

let http: Server;
let url: string;
const seenHeaders: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  http = createServer(async (req, res) => {
    seenHeaders.push(req.headers);
    const id = req.headers["mcp-session-id"];
    let transport = typeof id === "string" ? transports.get(id) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (session) => {
          transports.set(session, transport!);
        },
      });
      await serveRegistry(demoRegistry({ confirm: () => true }), {
        name: "http-demo",
        version: "1.0.0",
      }).connect(transport);
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
});

describe("MCPClient over Streamable HTTP", () => {
  it("loads and calls tools, sending the given headers", async () => {
    const client = new MCPClient({
      namespace: "web",
      url,
      headers: { "x-api-key": "k-123" },
      requiresConfirmation: false,
    });
    try {
      await client.connect();
      const tools = await client.loadTools();
      expect(tools.map((t) => t.name)).toContain("web_add");
      expect((await client.callTool("add", { a: 20, b: 22 })).text).toBe("42");
      expect(seenHeaders.some((h) => h["x-api-key"] === "k-123")).toBe(true);
      expect(client.serverIdentity).toBe(`http ${url}`);
    } finally {
      await client.close();
    }
  });

  it("fails to connect with a clear error when nothing listens", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const client = new MCPClient({ namespace: "gone", url: `http://127.0.0.1:${port}/mcp` });
    await expect(client.connect()).rejects.toThrow(
      /MCP server 'gone' \(http .*\) failed to connect/,
    );
    expect((await client.callTool("add", {})).isError).toBe(true);
  });
});
