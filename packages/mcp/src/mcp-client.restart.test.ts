// Servers that come back: a stdio server that exits or crashes is restarted on the next call and
// checked against its pins before any call goes through; a call in flight when it died is sent
// again only when pinned hints say it is safe. Real processes (fixtures/comes-back.mjs), no timing.
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "./__fixtures__/test-server.js";
import { MCPClient } from "./mcp-client.js";
import { MCPClientError } from "./mcp-client-error.js";
import type { MCPClientEvent } from "./mcp-client-event.js";
import type { MCPClientOptions } from "./mcp-client-options.js";
import { MCP_ERROR_CODES } from "./mcp-error-codes.js";
import { PinningError } from "./pinning-error.js";
import { serveRegistry } from "./serve-registry.js";

const fixture = join(import.meta.dirname, "__fixtures__", "comes-back.mjs");
const open: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A comes-back server with its own counter file, and what it recorded. */
function server(flags: string[] = []) {
  const counter = join(mkdtempSync(join(tmpdir(), "toolgate-restart-")), "starts");
  return {
    options: { namespace: "back", command: process.execPath, args: [fixture, counter, ...flags] },
    /** "<start> <tool>" for each call the server received. */
    calls: () =>
      existsSync(`${counter}.calls`)
        ? readFileSync(`${counter}.calls`, "utf8").trim().split("\n")
        : [],
    starts: () => Number(readFileSync(counter, "utf8")),
    kill: () => process.kill(Number(readFileSync(`${counter}.pid`, "utf8")), "SIGKILL"),
    /** Forgets the starts and calls so far (the pins were taken from a first run). */
    reset: () => {
      rmSync(counter, { force: true });
      rmSync(`${counter}.calls`, { force: true });
    },
  };
}

/** A connected client with its tools loaded, its events, and (with `pinned`) the pins of a first run. */
async function client(
  srv: ReturnType<typeof server>,
  extra: Partial<MCPClientOptions> & { pinned?: boolean } = {},
) {
  const { pinned = true, ...options } = extra;
  let expectedFingerprints: Record<string, string> | undefined;
  if (pinned) {
    const probe = new MCPClient({ ...srv.options, restart: false });
    await probe.connect();
    await probe.loadTools();
    expectedFingerprints = probe.fingerprints();
    await probe.close();
    srv.reset();
  }
  const events: MCPClientEvent[] = [];
  const made = new MCPClient({
    ...srv.options,
    ...(expectedFingerprints === undefined ? {} : { expectedFingerprints }),
    restart: { initialDelayMs: 0 },
    onEvent: (event) => events.push(event),
    ...options,
  });
  open.push(made);
  await made.connect();
  await made.loadTools();
  const types = () => events.map((event) => event.type);
  /** Until the client has seen the server go away. */
  const disconnected = () =>
    expect.poll(types, { timeout: 10_000 }).toContain("disconnected" as MCPClientEvent["type"]);
  return { client: made, events, types, disconnected };
}

describe("MCPClient brings back a stdio server that went away", () => {
  it("a killed server is restarted on the next call, its listing checked against the pins", async () => {
    const srv = server();
    const { client: c, types, disconnected } = await client(srv);
    expect((await c.callTool("lookup", {})).text).toBe("lookup ran on start 1");
    srv.kill();
    await disconnected();
    const response = await c.callTool("send_mail", {});
    expect(response.isError).toBe(false);
    expect(response.text).toBe("send_mail ran on start 2");
    expect(types()).toEqual(["disconnected", "restarting", "restarted"]);
    // Checked before the call: the server came back whole, and loadTools still matches the pins.
    expect((await c.loadTools()).map((t) => t.name)).toContain("back_lookup");
  });

  it("a server that comes back changed is refused, as a changed server is at connect", async () => {
    const srv = server(["change-at-restart"]);
    const { client: c, events, types, disconnected } = await client(srv);
    srv.kill();
    await disconnected();
    const response = await c.callTool("lookup", {});
    expect(response.isError).toBe(true);
    expect(response.text).toBe(
      "MCP server 'back' came back from a restart changed and is refused: its tools differ from their pins (back_lookup)",
    );
    expect(types()).toEqual(["disconnected", "restarting", "refused"]);
    const refused = events.find((event) => event.type === "refused");
    expect(refused?.type === "refused" && refused.error.mismatches[0]?.name).toBe("back_lookup");
    // No call reached the changed server, and it stays refused: no restart makes it trusted again.
    expect(srv.calls()).toEqual([]);
    expect((await c.callTool("put", {})).text).toMatch(/came back from a restart changed/);
    await expect(c.loadTools()).rejects.toThrow(PinningError);
    expect(srv.starts()).toBe(2);
  });

  it("a call in flight when the server died is not sent again unless pinned hints say it is safe", async () => {
    const srv = server(["crash-on-first-start"]);
    const { client: c, types } = await client(srv);
    const response = await c.callTool("send_mail", {});
    expect(response.isError).toBe(true);
    expect(response.text).toMatch(
      /^MCP server 'back' closed the connection during the call to 'send_mail' \(the server process exited with code 3\): the call may or may not have run, and it was not sent again \(no pinned hint says it is read-only or idempotent\); the server is restarted on the next call$/,
    );
    expect(srv.calls()).toEqual(["1 send_mail"]);
    expect(types()).toEqual(["disconnected"]);
    expect((await c.callTool("send_mail", {})).text).toBe("send_mail ran on start 2");
  });

  it.each([
    ["put", "idempotent"],
    ["lookup", "read-only"],
  ])(
    "a call of %s (pinned as %s) in flight when the server died is sent again once",
    async (name) => {
      const srv = server(["crash-on-first-start"]);
      const { client: c, types } = await client(srv);
      const response = await c.callTool(name, {});
      expect(response.text).toBe(`${name} ran on start 2`);
      expect(srv.calls()).toEqual([`1 ${name}`, `2 ${name}`]);
      expect(types()).toEqual(["disconnected", "call-retried", "restarting", "restarted"]);
    },
  );

  it("without pins, the server's own idempotent hint never makes a call be sent again", async () => {
    const srv = server(["crash-on-first-start"]);
    const { client: c } = await client(srv, { pinned: false });
    const response = await c.callTool("put", {});
    expect(response.text).toMatch(
      /may or may not have run, and it was not sent again \(no pinned hint says it is read-only or idempotent\)/,
    );
    expect(srv.calls()).toEqual(["1 put"]);
  });

  it("sends a call again once only: a server that dies on every call ends it with an error", async () => {
    const srv = server(["crash-always"]);
    const { client: c } = await client(srv);
    const response = await c.callTool("put", {});
    expect(response.text).toMatch(
      /closed the connection during the call to 'put' .*may or may not have run, and it was not sent again \(it was sent again once already\)/,
    );
    expect(srv.calls()).toEqual(["1 put", "2 put"]);
  });

  it("gives up after restart.maxAttempts restarts in a row with a clear error", async () => {
    const srv = server(["exit-at-restart"]);
    const {
      client: c,
      events,
      types,
      disconnected,
    } = await client(srv, {
      restart: { maxAttempts: 2, initialDelayMs: 0 },
    });
    srv.kill();
    await disconnected();
    for (const attempt of [1, 2]) {
      const response = await c.callTool("lookup", {});
      expect(response.text).toMatch(
        new RegExp(
          `^MCP server 'back' could not be restarted \\(attempt ${attempt} of 2 in a row\\): .*failed to connect: the server process exited with code 1; stderr: cannot start again`,
        ),
      );
    }
    const last = await c.callTool("lookup", {});
    expect(last.text).toMatch(
      /^MCP server 'back' went away again after 2 restarts in a row with no call answered \(last: .*\); it is not restarted again \(restart.maxAttempts is 2\)$/,
    );
    expect(types()).toEqual([
      "disconnected",
      "restarting",
      "restart-failed",
      "restarting",
      "restart-failed",
      "gave-up",
    ]);
    expect(
      events
        .filter((e) => e.type === "restarting")
        .map((e) => e.type === "restarting" && e.delayMs),
    ).toEqual([0, 0]);
    const error = await c.loadTools().catch((e: unknown) => e);
    expect(MCPClientError.isInstance(error) && error.code).toBe(MCP_ERROR_CODES.restartLimit);
    expect(srv.starts()).toBe(3);
    // The limit holds: later calls start nothing.
    await c.callTool("lookup", {});
    expect(srv.starts()).toBe(3);
  });

  it("a message over maxLineBytes ends the call with an error naming the cap; the server is restarted", async () => {
    const srv = server();
    const { client: c, types } = await client(srv, { maxLineBytes: 2000 });
    expect((await c.callTool("big", { size: 100 })).text).toBe("x".repeat(100));
    const response = await c.callTool("big", { size: 5000 });
    expect(response.isError).toBe(true);
    // Not sent again although `big` is pinned read-only: it would answer too much again.
    expect(response.text).toBe(
      "MCP server 'back' sent a message over the line cap during the call to 'big' (the server sent a stdout line longer than 2000 bytes (maxLineBytes)): the call may or may not have run, and it is not sent again; the server is restarted on the next call",
    );
    expect((await c.callTool("lookup", {})).text).toBe("lookup ran on start 2");
    expect(types()).toEqual(["disconnected", "restarting", "restarted"]);
  });

  it("connect() on a client whose server went away restarts it, checked against the pins", async () => {
    const srv = server();
    const { client: c, types, disconnected } = await client(srv);
    srv.kill();
    await disconnected();
    expect(await c.connect()).toBe(c);
    expect(types()).toEqual(["disconnected", "restarting", "restarted"]);
    expect(srv.starts()).toBe(2);
  });

  it("calls that arrive together share one restart", async () => {
    const srv = server();
    const { client: c, types, disconnected } = await client(srv);
    srv.kill();
    await disconnected();
    const texts = (await Promise.all([1, 2, 3].map(() => c.callTool("lookup", {})))).map(
      (response) => response.text,
    );
    expect(texts).toEqual(Array.from({ length: 3 }, () => "lookup ran on start 2"));
    expect(srv.starts()).toBe(2);
    expect(types()).toEqual(["disconnected", "restarting", "restarted"]);
  });

  it("a call that cannot wait out the backoff ends at its own limit; close() ends the wait", async () => {
    const srv = server(["exit-at-restart"]);
    const {
      client: c,
      types,
      disconnected,
    } = await client(srv, {
      restart: { initialDelayMs: 600_000 },
    });
    srv.kill();
    await disconnected();
    // Attempt 1 starts at once and fails (the server exits at start); attempt 2 waits 10 minutes.
    expect((await c.callTool("lookup", {})).text).toMatch(
      /could not be restarted \(attempt 1 of 5/,
    );
    const impatient = await c.callTool("lookup", {}, { timeoutMs: 200 });
    expect(impatient.text).toBe(
      "MCP server 'back' was being restarted and was not back within 200 ms for the call to 'lookup'",
    );
    const cancel = new AbortController();
    const cancelled = c.callTool("lookup", {}, { signal: cancel.signal });
    cancel.abort();
    expect((await cancelled).text).toBe(
      "the call to MCP tool 'lookup' on server 'back' was cancelled",
    );
    const waiting = c.callTool("lookup", {});
    await c.close();
    expect((await waiting).text).toBe("MCP client 'back' is closed");
    expect(types()).toEqual(["disconnected", "restarting", "restart-failed", "restarting"]);
    expect(srv.starts()).toBe(2);
  });

  it("restart: false leaves the client disconnected", async () => {
    const srv = server(["crash-on-first-start"]);
    const { client: c } = await client(srv, { restart: false });
    expect((await c.callTool("put", {})).text).toMatch(
      /it was not sent again \(restarts are off\)$/,
    );
    expect((await c.callTool("put", {})).text).toMatch(/^MCP server 'back' is disconnected \(/);
    expect(srv.starts()).toBe(1);
  });
});

describe("MCPClient reconnects an HTTP session that dropped", () => {
  let http: Server;
  let url: string;
  let runs = 0;
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  /** The server forgets every session, as a restarted server does: old session ids get 404. */
  const forget = async () => {
    const transports = [...sessions.values()];
    sessions.clear();
    await Promise.all(transports.map((transport) => transport.close()));
  };

  beforeAll(async () => {
    const served = new ToolRegistry();
    served.register(
      tool({
        name: "add",
        parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
        hints: { readOnly: true },
        execute: ({ a, b }) => {
          runs++;
          return String(a + b);
        },
      }),
    );
    http = createServer(async (req, res) => {
      const id = req.headers["mcp-session-id"];
      if (typeof id === "string" && !sessions.has(id)) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            jsonrpc: "2.0",
            id: null,
            error: { code: -32001, message: "Session not found" },
          }),
        );
        return;
      }
      let transport = typeof id === "string" ? sessions.get(id) : undefined;
      if (!transport) {
        const made = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (session) => {
            sessions.set(session, made);
          },
        });
        await serveRegistry(served, { name: "adds", version: "1.0.0" }).connect(made);
        transport = made;
      }
      await transport.handleRequest(req, res);
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    await forget();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });

  async function httpClient(pinned: boolean) {
    let expectedFingerprints: Record<string, string> | undefined;
    if (pinned) {
      const probe = await new MCPClient({ namespace: "adds", url }).connect();
      await probe.loadTools();
      expectedFingerprints = probe.fingerprints();
      await probe.close();
    }
    const events: MCPClientEvent[] = [];
    const made = new MCPClient({
      namespace: "adds",
      url,
      ...(expectedFingerprints === undefined ? {} : { expectedFingerprints }),
      restart: { initialDelayMs: 0 },
      onEvent: (event) => events.push(event),
    });
    open.push(made);
    await made.connect();
    await made.loadTools();
    return { client: made, types: () => events.map((event) => event.type) };
  }

  it("a read-only call (pinned) is sent again in a new session, checked against the pins", async () => {
    const { client: c, types } = await httpClient(true);
    expect((await c.callTool("add", { a: 1, b: 2 })).text).toBe("3");
    const before = runs;
    await forget();
    const response = await c.callTool("add", { a: 2, b: 2 });
    expect(response.text).toBe("4");
    expect(runs).toBe(before + 1);
    expect(types()).toEqual(["disconnected", "call-retried", "restarting", "restarted"]);
  });

  it("without pins, the call answers that it may or may not have run; the next one reconnects", async () => {
    const { client: c, types } = await httpClient(false);
    await forget();
    const response = await c.callTool("add", { a: 1, b: 1 });
    expect(response.isError).toBe(true);
    expect(response.text).toMatch(
      /^MCP server 'adds' closed the connection during the call to 'add' \(the HTTP session ended: the server answered 404, it no longer knows the session\): the call may or may not have run, and it was not sent again/,
    );
    expect((await c.callTool("add", { a: 1, b: 1 })).text).toBe("2");
    expect(types()).toEqual(["disconnected", "restarting", "restarted"]);
  });
});

describe("MCPClient and an HTTP server that goes down", () => {
  it("a call answers that it may or may not have run; a restart fails while it is down", async () => {
    const served = new ToolRegistry();
    served.register(tool({ name: "ping", execute: () => "pong" }));
    const http = createServer(async (req, res) => {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      await serveRegistry(served, { name: "down", version: "1.0.0" }).connect(transport);
      await transport.handleRequest(req, res);
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    const events: MCPClientEvent[] = [];
    const c = new MCPClient({
      namespace: "down",
      url,
      restart: { initialDelayMs: 0 },
      onEvent: (event) => events.push(event),
    });
    open.push(c);
    await c.connect();
    expect((await c.callTool("ping", {})).text).toBe("pong");
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    const lost = await c.callTool("ping", {});
    expect(lost.text).toMatch(
      /^MCP server 'down' closed the connection during the call to 'ping' \(the HTTP session ended: the server cannot be reached \(.+\)\): the call may or may not have run/,
    );
    const again = await c.callTool("ping", {});
    expect(again.text).toMatch(
      /^MCP server 'down' could not be restarted \(attempt 1 of 5 in a row\): .*failed to connect/,
    );
    expect(events.map((event) => event.type)).toEqual([
      "disconnected",
      "restarting",
      "restart-failed",
    ]);
  });
});

describe("MCPClient restart options", () => {
  it("refuses bad values with a readable TypeError or RangeError", () => {
    const stdio = { namespace: "a", command: "x" };
    expect(() => new MCPClient({ namespace: "a", url: "http://x", maxLineBytes: 10 })).toThrow(
      /maxLineBytes applies to stdio servers \(command\) only/,
    );
    expect(() => new MCPClient({ ...stdio, maxLineBytes: 0 })).toThrow(RangeError);
    expect(() => new MCPClient({ ...stdio, restart: { maxAttempts: 0 } })).toThrow(
      /restart.maxAttempts must be a whole number/,
    );
    expect(() => new MCPClient({ ...stdio, onEvent: "log" as never })).toThrow(
      /onEvent must be a function/,
    );
  });

  it("a transport the caller made is never restarted: it cannot be opened twice", async () => {
    const test = await startTestServer({ tools: [] });
    const events: MCPClientEvent[] = [];
    const c = new MCPClient({
      namespace: "own",
      transport: test.clientTransport,
      onEvent: (event) => events.push(event),
    });
    open.push(c);
    await c.connect();
    await test.server.close();
    expect((await c.callTool("ping", {})).text).toBe(
      "MCP server 'own' is disconnected (the connection closed)",
    );
    expect(events.map((event) => event.type)).toEqual(["disconnected"]);
  });
});
