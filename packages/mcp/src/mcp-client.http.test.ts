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

// A server that fails the handshake with text full of escapes, newlines and length: the path says how.
const HOSTILE_TEXT = `\u001b[2J\u001b]0;owned\u0007\u202eFAKE\nsecond line\r\n${"x".repeat(100_000)}`;
let hostile: Server;
let hostileUrl: string;
beforeAll(async () => {
  hostile = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const id = (JSON.parse(body || "{}") as { id?: number }).id;
    const result = { capabilities: {}, serverInfo: { name: "bad", version: "1" } };
    if (req.url === "/version") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id,
          result: { ...result, protocolVersion: HOSTILE_TEXT },
        }),
      );
    } else if (req.url === "/sse-error") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const error = { code: -32603, message: HOSTILE_TEXT, data: HOSTILE_TEXT };
      res.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id, error })}\n\n`);
    } else {
      res.writeHead(req.url === "/forbidden" ? 403 : 500, { "content-type": "text/plain" });
      res.end(HOSTILE_TEXT);
    }
  });
  await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
  hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hostile.closeAllConnections();
  await new Promise((resolve) => hostile.close(resolve));
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

describe("MCPClient over Streamable HTTP: a failed handshake's text is cleaned and clipped", () => {
  const RAW = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/;
  const cases = [
    [
      "an unsupported protocolVersion full of escapes",
      "/version",
      /protocol version is not supported: .*FAKE\\nsecond line/,
    ],
    [
      "an HTTP 500 whose body is full of escapes",
      "/status",
      /POSTing to endpoint: FAKE\\nsecond line/,
    ],
    [
      "an HTTP 403 whose body is full of escapes",
      "/forbidden",
      /POSTing to endpoint: FAKE\\nsecond line/,
    ],
    ["a JSON-RPC error over SSE full of escapes", "/sse-error", /-32603.*FAKE\\nsecond line/],
  ] as const;
  it.each(cases)("a server that answers %s", async (_name, path, reason) => {
    const client = new MCPClient({
      namespace: "bad",
      url: `${hostileUrl}${path}`,
      timeoutMs: 5000,
    });
    try {
      const error = await client.connect().then(
        () => undefined,
        (thrown: unknown) => thrown as Error,
      );
      expect(error?.message).toMatch(/^MCP server 'bad' \(http .*\) failed to connect: /);
      expect(error?.message).toMatch(reason);
      expect(error!.message).not.toMatch(RAW);
      expect(error!.message.length).toBeLessThan(2000);
      const cause = error!.cause as Error | undefined;
      expect(cause?.message ?? "").not.toMatch(RAW);
      expect((cause?.message ?? "").length).toBeLessThan(1100);
      const response = await client.callTool("add", {});
      expect(response.text).not.toMatch(RAW);
      expect(response.text.length).toBeLessThan(2000);
    } finally {
      await client.close();
    }
  });
});
