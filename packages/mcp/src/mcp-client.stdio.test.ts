// Hostile stdio servers: each fixture misbehaves in one way; the caller always gets a clear error
// within the timeout, memory stays bounded, and the host (another server's tools) keeps working.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "./__fixtures__/test-server.js";
import { MCPClient } from "./mcp-client.js";

const fixture = (name: string) => join(import.meta.dirname, "__fixtures__", name);
const open: MCPClient[] = [];
const hostile = (name: string, timeoutMs = 3000, extra: object = {}) => {
  const client = new MCPClient({
    namespace: "hostile",
    command: process.execPath,
    args: [fixture(name)],
    timeoutMs,
    ...extra,
  });
  open.push(client);
  return client;
};

// A well-behaved server and a local tool beside the hostile ones: they must keep answering.
const host = new ToolRegistry();
host.register(tool({ name: "local", parameters: Type.Object({}), execute: () => "still here" }));
let healthy: MCPClient;
beforeAll(async () => {
  const test = await startTestServer({ tools: [] });
  healthy = await new MCPClient({
    namespace: "healthy",
    transport: test.clientTransport,
  }).connect();
});
afterAll(() => healthy.close());
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
  expect((await healthy.callTool("ping", {})).text).toBe("called ping");
  expect((await host.execute("local", {})).text).toBe("still here");
});

describe("MCPClient over stdio with hostile servers", () => {
  it("loads and calls a well-behaved stdio server", async () => {
    const client = await hostile("prints-env.mjs").connect();
    const [tool] = await client.loadTools();
    expect(tool!.name).toBe("hostile_echo");
    expect(client.serverIdentity).toBe(
      `stdio ${JSON.stringify([process.execPath, fixture("prints-env.mjs")])}`,
    );
  });

  it("gives the server a minimal environment: never the host's secrets", async () => {
    process.env.TOOLGATE_TEST_API_KEY = "sk-host-secret";
    try {
      const client = await hostile("prints-env.mjs", 3000, { env: { GIVEN: "yes" } }).connect();
      const response = await client.callTool("echo", {});
      const env = JSON.parse(response.text) as Record<string, string>;
      expect(env.TOOLGATE_TEST_API_KEY).toBeUndefined();
      expect(response.text).not.toContain("sk-host-secret");
      expect(env.GIVEN).toBe("yes");
      expect(Object.keys(env).every((k) => ["PATH", "HOME", "LANG", "GIVEN"].includes(k))).toBe(
        true,
      );
    } finally {
      delete process.env.TOOLGATE_TEST_API_KEY;
    }
  });

  it("a server that hangs: the call ends at the timeout with a clear error", async () => {
    const client = await hostile("hangs.mjs", 1000).connect();
    const response = await client.callTool("echo", {});
    expect(response.isError).toBe(true);
    expect(response.text).toBe("MCP tool 'echo' on server 'hostile' did not answer within 1000 ms");
    expect((await client.callTool("echo", {}, { timeoutMs: 300 })).text).toMatch(/within 300 ms/);
  });

  it("a server that crashes mid-call: an error naming the exit, later calls say disconnected", async () => {
    // Without restarts: mcp-client.restart.test.ts has the server that comes back.
    const client = await hostile("crashes-mid-call.mjs", 3000, { restart: false }).connect();
    const response = await client.callTool("echo", {});
    expect(response.isError).toBe(true);
    expect(response.text).toMatch(
      /closed the connection during the call to 'echo' \(the server process exited with code 3\)/,
    );
    expect((await client.callTool("echo", {})).text).toMatch(/is disconnected/);
    expect(client.stderrTail).toContain("out of cheese");
  });

  it("a server that exits at start: connect fails with the reason and its stderr", async () => {
    const client = hostile("exits-at-start.mjs");
    await expect(client.connect()).rejects.toThrow(
      /failed to connect: .*exited with code 1.*stderr: cannot start: missing configuration/,
    );
    expect((await client.callTool("echo", {})).text).toMatch(/failed to connect/);
  });

  it("a command that does not exist: connect fails clearly", async () => {
    const client = new MCPClient({ namespace: "missing", command: "toolgate-no-such-server" });
    open.push(client);
    await expect(client.connect()).rejects.toThrow(/could not start 'toolgate-no-such-server'/);
  });

  it("a server that never completes the handshake: connect times out and the process is killed", async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), "toolgate-mcp-")), "pid");
    const client = new MCPClient({
      namespace: "silent",
      command: process.execPath,
      args: [
        "-e",
        "require('node:fs').writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000)",
        pidFile,
      ],
      timeoutMs: 1000,
    });
    open.push(client);
    await expect(client.connect()).rejects.toThrow(/no handshake within 1000 ms/);
    const pid = Number(readFileSync(pidFile, "utf8"));
    await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
  });

  it("close() ends the server process", async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), "toolgate-mcp-")), "pid");
    const own = new MCPClient({
      namespace: "own",
      command: process.execPath,
      args: [
        "-e",
        `require('node:fs').writeFileSync(process.argv[1], String(process.pid)); import(${JSON.stringify(pathToFileURL(fixture("hangs.mjs")).href)})`,
        pidFile,
      ],
    });
    open.push(own);
    await own.connect();
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(isRunning(pid)).toBe(true);
    await own.close();
    await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
  });

  it("a server that writes garbage to stdout: the connection closes with a clear error", async () => {
    const client = await hostile("garbage-stdout.mjs", 10_000).connect();
    const response = await client.callTool("echo", {});
    expect(response.isError).toBe(true);
    expect(response.text).toMatch(/stdout lines that are not JSON-RPC messages/);
  });

  it("a server that writes one endless line: the connection closes at the line cap", async () => {
    const client = await hostile("endless-line.mjs", 20_000).connect();
    const before = process.memoryUsage().rss;
    const response = await client.callTool("echo", {});
    expect(response.text).toMatch(/sent a stdout line longer than 4194304 bytes/);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  });

  it("a server that floods stderr: only a bounded tail is kept, calls still time out cleanly", async () => {
    const client = await hostile("stderr-flood.mjs", 1500).connect();
    const response = await client.callTool("echo", {});
    expect(response.text).toMatch(/did not answer within 1500 ms/);
    expect(client.stderrTail.length).toBeLessThanOrEqual(8 * 1024);
    expect(client.stderrTail).toContain("noise");
  });

  it("a server that floods notifications: nothing is stored, the call ends at its timeout", async () => {
    const client = await hostile("notification-flood.mjs", 2000).connect();
    const before = process.memoryUsage().heapUsed;
    const response = await client.callTool("echo", {});
    expect(response.text).toMatch(/did not answer within 2000 ms/);
    expect(client.protocolErrors).toBeGreaterThan(100);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(256 * 1024 * 1024);
  });

  it("progress notifications never extend a call past its total timeout", async () => {
    const client = await hostile("progress-forever.mjs", 1000).connect();
    const started = Date.now();
    const response = await client.callTool("echo", {});
    expect(response.text).toMatch(/did not answer within 1000 ms/);
    // Generous: the point is that it ends at all while progress keeps coming.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

// Nothing a server sent may reach a message raw: no control, bidi or escape characters, no
// newline, and no megabytes.
const RAW = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;
function expectClean(text: string, maxChars = 3000): void {
  expect(text).not.toMatch(RAW);
  expect(text.length).toBeLessThan(maxChars);
}

describe("MCPClient bounds what a stdio server makes it hold", () => {
  const deaf = [
    ["pings with 1 MB ids", "ping-ids=1000000", /message id longer than 1024 characters/],
    ["pings with 2 KB ids", "ping-ids=2000", /message id longer than 1024 characters/],
    ["a flood of small pings", "ping-many", /did not take 1000 answers|stopped reading its stdin/],
  ] as const;
  it.each(deaf)(
    "a server that stops reading and sends %s is dropped",
    async (_name, mode, reason) => {
      const client = await hostile("stops-reading.mjs", 3000, {
        args: [fixture("stops-reading.mjs"), mode],
        restart: false,
      }).connect();
      await expect
        .poll(async () => (await client.callTool("echo", {}, { timeoutMs: 200 })).text, {
          timeout: 20_000,
        })
        .toMatch(reason);
      const response = await client.callTool("echo", {});
      expect(response.isError).toBe(true);
      expect(response.text).toMatch(/^MCP server 'hostile' (was dropped: it|is disconnected \()/);
      expectClean(response.text);
    },
  );

  it("a server that stops reading while calls are sent: the queue is bounded, the server dropped", async () => {
    const client = await hostile("stops-reading.mjs", 5000, { restart: false }).connect();
    const big = "a".repeat(4 * 1024 * 1024);
    const calls = Array.from({ length: 6 }, () => client.callTool("echo", { big }));
    for (const response of await Promise.all(calls)) expect(response.isError).toBe(true);
    const after = await client.callTool("echo", {});
    expect(after.text).toMatch(
      /^MCP server 'hostile' is disconnected \(the server stopped reading its stdin \(\d+ bytes sent to it wait unread\)\)$/,
    );
  });

  const listings = [
    ["endless pages", "endless", /its tools\/list ran past 1000 pages$/],
    ["pages of a megabyte", "big-pages", /its tools\/list exceeded 16 MB$/],
    ["a growing cursor", "growing-cursor", /sent a cursor longer than 4096 characters$/],
    ["one cursor again and again", "repeated-cursor", /its tools\/list repeated a cursor$/],
    ["too many tools", "many-tools", /its tools\/list named more than 10000 tools$/],
  ] as const;
  it.each(listings)(
    "a listing of %s: loadTools fails and the server is dropped",
    async (_name, mode, reason) => {
      const client = await hostile("huge-listing.mjs", 5000, {
        args: [fixture("huge-listing.mjs"), mode],
      }).connect();
      const error = await client.loadTools().then(
        () => undefined,
        (thrown: unknown) => thrown as Error,
      );
      expect(error?.message).toMatch(/^MCP server 'hostile' was dropped: /);
      expect(error?.message).toMatch(reason);
      const response = await client.callTool("t0", {});
      expect(response.isError).toBe(true);
      expect(response.text).toMatch(/^MCP server 'hostile' was dropped: /);
      expect(response.text).toMatch(reason);
    },
  );

  it("a re-listing past a bound drops the server too", async () => {
    const client = await hostile("huge-listing.mjs", 5000, {
      args: [fixture("huge-listing.mjs"), "relist-big"],
    }).connect();
    const [tool] = await client.loadTools();
    expect(tool!.remoteName).toBe("echo");
    await expect
      .poll(async () => (await client.callTool("echo", {})).text, { timeout: 20_000 })
      .toBe("MCP server 'hostile' was dropped: its tools/list exceeded 16 MB");
    await expect(client.loadTools()).rejects.toThrow(/was dropped: its tools\/list exceeded 16 MB/);
  });
});

describe("MCPClient keeps a failed handshake's real reason, cleaned and clipped", () => {
  const handshakes = [
    [
      "answers an unsupported protocolVersion full of escapes",
      "version",
      /protocol version is not supported: .*FAKE\\nsecond line/,
    ],
    [
      "answers initialize with an error full of escapes",
      "error",
      /MCP error -32603: .*FAKE\\nsecond line/,
    ],
    [
      "answers an old protocolVersion, then exits with code 3",
      "version-exit",
      /protocol version is not supported: 1999-01-01/,
    ],
    [
      "writes escapes to stderr and exits with code 3",
      "exit",
      /the server process exited with code 3; stderr: y+ FAKE\\nsecond line$/,
    ],
  ] as const;
  it.each(handshakes)("a server that %s", async (_name, mode, reason) => {
    const client = hostile("bad-handshake.mjs", 5000, {
      args: [fixture("bad-handshake.mjs"), mode],
    });
    const error = await client.connect().then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );
    expect(error?.message).toMatch(/^MCP server 'hostile' \(stdio .*\) failed to connect: /);
    expect(error?.message).toMatch(reason);
    expect(error?.message).not.toMatch(/closed by the client/);
    expectClean(error!.message);
    const cause = error!.cause;
    if (cause !== undefined)
      expectClean(cause instanceof Error ? cause.message : String(cause), 1100);
    const response = await client.callTool("echo", {});
    expect(response.text).toMatch(/failed to connect \(/);
    expectClean(response.text);
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
