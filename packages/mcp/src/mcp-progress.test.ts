// Progress across MCP: a server's notifications/progress reach the caller (checked, since a server
// may lie) without extending the call's limit; serveRegistry sends a tool's progress to a client
// that gave a progressToken; and server-everything's long-running tool, over stdio.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { type ToolProgressEvent, ToolRegistry } from "@toolgate/registry";
import { type ToolProgress, tool } from "@toolgate/tool-core";
import { afterEach, describe, expect, it } from "vitest";
import { MCPClient } from "./mcp-client.js";
import { serveRegistry } from "./serve-registry.js";

type RawMessage = { id?: number | string; method?: string; params?: Record<string, unknown> };

const closers: (() => Promise<void>)[] = [];

/** Whether `items` are some of `all`, in its order (coalescing may leave some out). */
function isSubsequence(items: number[], all: number[]): boolean {
  let at = 0;
  for (const item of items) {
    at = all.indexOf(item, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/**
 * A hand-written in-memory server with one tool, `work`: on a call it sends `notify(token)`'s
 * notifications (raw, so they may say anything), then answers "finished"; with `hang`, it
 * reports progress every 5 ms instead, forever, and never answers.
 */
async function lyingServer(notify: (token: unknown) => object[], hang = false) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const send = (message: object) =>
    void serverTransport.send({ jsonrpc: "2.0", ...message } as never);
  const sentTokens: unknown[] = [];
  serverTransport.onmessage = (raw) => {
    const message = raw as RawMessage;
    if (message.method === "initialize") {
      send({
        id: message.id,
        result: {
          protocolVersion: message.params?.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: "liar", version: "1.0.0" },
        },
      });
    } else if (message.method === "tools/list") {
      send({
        id: message.id,
        result: { tools: [{ name: "work", inputSchema: { type: "object" } }] },
      });
    } else if (message.method === "tools/call") {
      const token = (message.params?._meta as { progressToken?: unknown } | undefined)
        ?.progressToken;
      sentTokens.push(token);
      for (const params of notify(token)) send({ method: "notifications/progress", params });
      if (hang) {
        let i = 0;
        const timer = setInterval(() => {
          send({
            method: "notifications/progress",
            params: { progressToken: token, progress: ++i },
          });
        }, 5);
        closers.push(async () => clearInterval(timer));
      } else {
        setTimeout(
          () => send({ id: message.id, result: { content: [{ type: "text", text: "finished" }] } }),
          20,
        );
      }
    }
  };
  await serverTransport.start();
  const client = new MCPClient({ namespace: "liar", transport: clientTransport });
  closers.push(() => client.close());
  await client.connect();
  return { client, sentTokens };
}

describe("MCPClient: a server's progress", () => {
  it("sends a progressToken only when asked for progress", async () => {
    const { client, sentTokens } = await lyingServer(() => []);
    await client.callTool("work", {});
    await client.callTool("work", {}, { onProgress: () => {} });
    expect(sentTokens[0]).toBeUndefined();
    expect(sentTokens[1]).toEqual(expect.anything());
  });

  it("drops what a lying server sends and forwards the rest cleaned, never crashing", async () => {
    const { client } = await lyingServer((token) => [
      { progressToken: token, progress: 1, total: 4 },
      { progressToken: token, progress: 0.5 }, // goes back
      { progressToken: token, progress: 1 }, // does not increase
      { progressToken: token, progress: Number.NaN },
      { progressToken: token, progress: Number.POSITIVE_INFINITY },
      { progressToken: token, progress: -3 },
      { progressToken: token, progress: "2" },
      { progressToken: token, progress: 2, total: 0 },
      { progressToken: "not-the-token", progress: 50 }, // a token it was not given
      { progressToken: 987654, progress: 60 },
      { progressToken: token, progress: 3, message: `\u001b[2J\u202eevil${"x".repeat(100_000)}` },
      { progressToken: token, progress: 4, total: 4, message: "done\nnow" },
    ]);
    const heard: ToolProgress[] = [];
    const response = await client.callTool("work", {}, { onProgress: (p) => heard.push(p) });
    expect(response.text).toBe("finished");
    expect(heard.map((p) => p.progress)).toEqual([1, 3, 4]);
    expect(heard[0]).toEqual({ progress: 1, total: 4 });
    const long = heard[1]?.message ?? "";
    expect(long.startsWith("evilxxx")).toBe(true);
    expect(long.length).toBeLessThan(1100);
    expect(long).not.toMatch(/[\u001b\u202e]/);
    expect(heard[2]).toEqual({ progress: 4, total: 4, message: "done\\nnow" });
  });

  it("ignores a listener that throws", async () => {
    const { client } = await lyingServer((token) => [{ progressToken: token, progress: 1 }]);
    const response = await client.callTool(
      "work",
      {},
      {
        onProgress: () => {
          throw new Error("listener");
        },
      },
    );
    expect(response.text).toBe("finished");
  });

  it("progress never extends the call's limit", async () => {
    const { client } = await lyingServer(() => [], true);
    const heard: number[] = [];
    // The server reports forever and never answers.
    const call = client.callTool(
      "work",
      {},
      {
        timeoutMs: 100,
        onProgress: (p) => heard.push(p.progress),
      },
    );
    const response = await call;
    expect(heard.length).toBeGreaterThan(0);
    expect(response.isError).toBe(true);
    expect(response.text).toMatch(/did not answer within 100 ms/);
  });

  it("progress reaches the registry's onEvent and onProgress through an MCPTool", async () => {
    const { client } = await lyingServer((token) => [
      { progressToken: token, progress: 1, total: 2 },
      { progressToken: token, progress: 2, total: 2, message: "two" },
    ]);
    const events: string[] = [];
    const registry = new ToolRegistry({ onEvent: (event) => events.push(event.type) });
    registry.registerAll(await client.loadTools());
    const heard: ToolProgressEvent[] = [];
    const response = await registry.execute(
      "liar_work",
      {},
      { confirm: () => true, onProgress: (event) => heard.push(event) },
    );
    expect(response.isError).toBe(false);
    // Both came in one turn: the registry coalesces them into the last.
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({
      tool: "liar_work",
      origin: "mcp:liar",
      progress: 2,
      total: 2,
      message: "two",
    });
    expect(events).toEqual(["start", "progress", "end"]);
  });
});

describe("serveRegistry: progress to a client", () => {
  async function served() {
    const registry = new ToolRegistry();
    registry.register(
      tool({
        name: "export",
        hints: { readOnly: true },
        async *execute() {
          for (let i = 1; i <= 3; i++) {
            await new Promise((resolve) => setTimeout(resolve, 5));
            yield { progress: i, total: 3, message: `part ${i}` };
          }
          return "exported";
        },
      }),
    );
    const server = serveRegistry(registry, { name: "progress", version: "1.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    return { server, serverSide: clientSide };
  }

  it("sends notifications/progress when the SDK client sent a progressToken", async () => {
    const { serverSide } = await served();
    const client = new Client({ name: "sdk", version: "1.0.0" });
    await client.connect(serverSide);
    closers.push(() => client.close());
    const heard: Progress[] = [];
    const result = await client.callTool({ name: "export", arguments: {} }, undefined, {
      onprogress: (progress) => heard.push(progress),
    });
    expect(result.content).toEqual([{ type: "text", text: "exported" }]);
    // One a yield, 5 ms apart; yields that fall in one turn of a busy loop come as the last.
    expect(heard.length).toBeGreaterThan(0);
    expect(
      isSubsequence(
        heard.map((p) => p.progress),
        [1, 2, 3],
      ),
    ).toBe(true);
    expect(heard[0]?.message).toBe(`part ${heard[0]?.progress}`);
  });

  it("reaches an MCPClient's registry as progress events (MCP on both sides)", async () => {
    const { serverSide } = await served();
    const client = new MCPClient({ namespace: "far", transport: serverSide });
    closers.push(() => client.close());
    await client.connect();
    const registry = new ToolRegistry();
    registry.registerAll(await client.loadTools());
    const heard: number[] = [];
    const response = await registry.execute(
      "far_export",
      {},
      { confirm: () => true, onProgress: (event) => heard.push(event.progress) },
    );
    expect(response.text).toContain("exported");
    expect(heard.length).toBeGreaterThan(0);
    expect(isSubsequence(heard, [1, 2, 3])).toBe(true);
  });
});

describe("server-everything over stdio", () => {
  it("forwards trigger-long-running-operation's progress", async () => {
    const require = createRequire(import.meta.url);
    const dir = dirname(require.resolve("@modelcontextprotocol/server-everything/package.json"));
    const client = new MCPClient({
      namespace: "everything",
      command: process.execPath,
      args: [join(dir, "dist", "index.js"), "stdio"],
    });
    closers.push(() => client.close());
    await client.connect();
    const registry = new ToolRegistry();
    registry.registerAll(await client.loadTools());
    const heard: { progress: number; total?: number }[] = [];
    const response = await registry.execute(
      "everything_trigger-long-running-operation",
      { duration: 0.3, steps: 3 },
      {
        confirm: () => true,
        onProgress: ({ progress, total }) => heard.push({ progress, total }),
      },
    );
    expect(response.text).toContain("Long running operation completed");
    // One a step (1, 2, 3 of 3); steps that arrive in one turn of a busy loop come as the last.
    // The last may be lost: when it arrives with the result, the SDK handles the result first
    // (synchronously) and the notification a microtask later, for a request it has forgotten.
    expect(heard.length).toBeGreaterThan(0);
    expect(
      isSubsequence(
        heard.map((p) => p.progress),
        [1, 2, 3],
      ),
    ).toBe(true);
    expect(heard.every((p) => p.total === 3)).toBe(true);
  });
});
