// Each way connecting or listing fails throws an MCPClientError with its own code and the
// server's namespace, against real (misbehaving) fixture servers; the messages stay as they were.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { ToolgateError } from "@toolgate/tool-core";
import { afterEach, describe, expect, it } from "vitest";
import { MCPClient } from "./mcp-client.js";
import { MCPClientError } from "./mcp-client-error.js";
import type { MCPClientOptions } from "./mcp-client-options.js";
import { MCP_ERROR_CODES } from "./mcp-error-codes.js";
import { PinningError } from "./pinning-error.js";

const fixture = (name: string) => join(import.meta.dirname, "__fixtures__", name);
const open: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A client of a stdio fixture server; `args` follow the fixture's path. */
function stdio(name: string, args: string[] = [], timeoutMs = 3000): MCPClient {
  return track({
    namespace: "srv",
    command: process.execPath,
    args: [fixture(name), ...args],
    timeoutMs,
  });
}

function track(options: MCPClientOptions): MCPClient {
  const client = new MCPClient(options);
  open.push(client);
  return client;
}

/**
 * An in-memory server that completes the handshake and answers tools/list with `listing`, or
 * never (`"silence"`).
 */
function listsWith(
  listing: { result: object } | { error: object } | "silence",
  timeoutMs = 3000,
): MCPClient {
  const transport: Transport = {
    async start() {},
    async close() {
      transport.onclose?.();
    },
    async send(message: JSONRPCMessage) {
      if (!("id" in message) || !("method" in message)) return;
      const answer =
        message.method === "initialize"
          ? {
              result: {
                protocolVersion: (message.params as { protocolVersion: string }).protocolVersion,
                capabilities: { tools: {} },
                serverInfo: { name: "lists", version: "1" },
              },
            }
          : listing;
      if (answer === "silence") return;
      queueMicrotask(() =>
        transport.onmessage?.({ jsonrpc: "2.0", id: message.id, ...answer } as JSONRPCMessage),
      );
    },
  };
  return track({ namespace: "srv", transport, timeoutMs });
}

/** The error `action` rejects with (it must reject). */
async function failure(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error("expected the action to fail");
}

interface Case {
  what: string;
  act: () => Promise<unknown>;
  code: string;
  message: RegExp;
}

const cases: Case[] = [
  {
    what: "loadTools before connect",
    act: () => stdio("hangs.mjs").loadTools(),
    code: MCP_ERROR_CODES.notConnected,
    message: /^MCP server 'srv' is not connected: call connect\(\) first$/,
  },
  {
    what: "a server that exits at start",
    act: () => stdio("exits-at-start.mjs").connect(),
    code: MCP_ERROR_CODES.connectFailed,
    message: /failed to connect: .*exited with code 1.*stderr: cannot start: missing configuration/,
  },
  {
    what: "a server that never answers the handshake",
    act: () => stdio("bad-handshake.mjs", ["silent"], 300).connect(),
    code: MCP_ERROR_CODES.timeout,
    message: /failed to connect: no handshake within 300 ms/,
  },
  {
    what: "a server that never answers tools/list",
    act: async () => (await listsWith("silence", 300).connect()).loadTools(),
    code: MCP_ERROR_CODES.timeout,
    message: /^MCP server 'srv' could not list its tools: no answer within 300 ms$/,
  },
  {
    what: "a tools/list answered with an error",
    act: async () =>
      (
        await listsWith({ error: { code: -32603, message: "listing is broken" } }).connect()
      ).loadTools(),
    code: MCP_ERROR_CODES.listFailed,
    message: /^MCP server 'srv' could not list its tools: .*listing is broken/,
  },
  {
    what: "a tools/list result without a tools array",
    act: async () => (await listsWith({ result: {} }).connect()).loadTools(),
    code: MCP_ERROR_CODES.listFailed,
    message: /^MCP server 'srv' sent a tools\/list result without a tools array$/,
  },
  {
    what: "a tools/list that repeats a cursor",
    act: async () => (await stdio("huge-listing.mjs", ["repeated-cursor"]).connect()).loadTools(),
    code: MCP_ERROR_CODES.dropped,
    message: /^MCP server 'srv' was dropped: its tools\/list repeated a cursor$/,
  },
  {
    what: "loadTools after close",
    act: async () => {
      const client = await stdio("hangs.mjs").connect();
      await client.close();
      return client.loadTools();
    },
    code: MCP_ERROR_CODES.closed,
    message: /^MCP client 'srv' is closed$/,
  },
  {
    what: "connect after close",
    act: async () => {
      const client = stdio("hangs.mjs");
      await client.close();
      return client.connect();
    },
    code: MCP_ERROR_CODES.closed,
    message: /^MCP client 'srv' is closed: make a new MCPClient to connect again$/,
  },
  {
    what: "connect again after a failed connect",
    act: async () => {
      const client = stdio("exits-at-start.mjs");
      await client.connect().catch(() => {});
      return client.connect();
    },
    code: MCP_ERROR_CODES.notReusable,
    message: /^MCP client 'srv' is failed: make a new MCPClient to connect again$/,
  },
  {
    what: "loadTools once restart.maxAttempts restarts in a row failed",
    act: async () => {
      const counter = join(mkdtempSync(join(tmpdir(), "toolgate-mcp-")), "starts");
      let gone: () => void = () => {};
      const disconnected = new Promise<void>((resolve) => {
        gone = resolve;
      });
      const client = await track({
        namespace: "srv",
        command: process.execPath,
        args: [fixture("comes-back.mjs"), counter, "exit-at-restart"],
        restart: { maxAttempts: 1 },
        onEvent: (event) => {
          if (event.type === "disconnected") gone();
        },
      }).connect();
      process.kill(Number(readFileSync(`${counter}.pid`, "utf8")), "SIGKILL");
      await disconnected;
      await client.loadTools().catch(() => {}); // the one restart fails: the server exits at start
      return client.loadTools();
    },
    code: MCP_ERROR_CODES.restartLimit,
    message:
      /^MCP server 'srv' went away again after 1 restart in a row with no call answered \(last: .*exited with code 1.*\); it is not restarted again \(restart.maxAttempts is 1\)$/,
  },
];

describe("MCPClientError", () => {
  it.each(cases)("$what: $code", async ({ act, code, message }) => {
    const error = await failure(act);
    expect(MCPClientError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(MCPClientError);
    const { name, namespace } = error as MCPClientError;
    expect([name, (error as MCPClientError).code, namespace]).toEqual([
      "MCPClientError",
      code,
      "srv",
    ]);
    expect((error as Error).message).toMatch(message);
    expect(ToolgateError.isInstance(error)).toBe(true);
    expect(PinningError.isInstance(error)).toBe(false);
  });

  it("every client code is covered above", () => {
    const covered = new Set(cases.map((c) => c.code));
    const clientCodes = Object.values(MCP_ERROR_CODES).filter((c) => c.startsWith("MCP_CLIENT_"));
    expect([...covered].sort()).toEqual(clientCodes.sort());
  });

  it("is recognised across installed copies by its brand, and tells codes apart", () => {
    const foreign = new Error("from a second copy");
    Object.defineProperty(foreign, Symbol.for("toolgate.error"), {
      value: MCP_ERROR_CODES.timeout,
    });
    expect(MCPClientError.isInstance(foreign)).toBe(true);
    expect(MCPClientError.isInstance(new Error("MCP_CLIENT_TIMEOUT"))).toBe(false);
    expect(MCPClientError.isInstance(new PinningError([{ name: "t", expected: "x" }]))).toBe(false);
  });
});
