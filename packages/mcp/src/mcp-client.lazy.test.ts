// Servers that start only when needed: a client with a version 2 lock makes its tools from the
// lock's reviewed definitions with no process and no connection; the first call starts the server
// (a real stdio process, fixtures/starts-on-demand.mjs, which records each start in a file),
// checks its listing against the same pins and serves the call. No timing.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolRegistry } from "@toolgate/registry";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fingerprintTool } from "./fingerprint-tool.js";
import { definitionParts } from "./internal/definition-parts.js";
import { MCPClient } from "./mcp-client.js";
import type { MCPClientEvent } from "./mcp-client-event.js";
import type { MCPClientOptions } from "./mcp-client-options.js";
import { MCP_ERROR_CODES } from "./mcp-error-codes.js";
import type { MCPLockFile } from "./mcp-lock-file.js";
import { PinningError } from "./pinning-error.js";
import { type LockFile, makeLock } from "./toolgate-mcp-command/lock-file.js";
import { takeSnapshot } from "./toolgate-mcp-command/server-snapshot.js";

const fixture = join(import.meta.dirname, "__fixtures__", "starts-on-demand.mjs");
const open: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A server folder: its files steer the fixture and record its starts and calls. */
function server() {
  const folder = mkdtempSync(join(tmpdir(), "toolgate-lazy-"));
  const lines = (name: string) =>
    existsSync(join(folder, name))
      ? readFileSync(join(folder, name), "utf8").trim().split("\n")
      : [];
  return {
    connection: { namespace: "srv", command: process.execPath, args: [fixture, folder] },
    /** One line a process start. */
    starts: () => lines("starts"),
    calls: () => lines("calls"),
    set: (flag: "broken" | "changed" | "hide-mail" | "mute", on = true) =>
      on ? writeFileSync(join(folder, flag), "") : rmSync(join(folder, flag)),
    forgetStarts: () => rmSync(join(folder, "starts"), { force: true }),
  };
}

/** The lock `toolgate-mcp pin` writes for the server (its code, in process); starts forgotten. */
async function pin(srv: ReturnType<typeof server>): Promise<LockFile> {
  const lock = makeLock(await takeSnapshot(srv.connection, { raw: true }));
  srv.forgetStarts();
  // Through JSON, as a lock is read from its file.
  return JSON.parse(JSON.stringify(lock)) as LockFile;
}

function lazyClient(
  srv: ReturnType<typeof server>,
  lock: MCPLockFile,
  extra: Partial<MCPClientOptions> = {},
) {
  const events: MCPClientEvent[] = [];
  const client = new MCPClient({
    ...srv.connection,
    lock,
    requiresConfirmation: false,
    restart: { initialDelayMs: 0 },
    onEvent: (event) => events.push(event),
    ...extra,
  });
  open.push(client);
  return { client, events, types: () => events.map((event) => event.type) };
}

describe("MCPClient loadTools({ lazy: true }): servers that start only when needed", () => {
  const srv = server();
  let lock: LockFile;
  beforeAll(async () => {
    lock = await pin(srv);
  });
  afterEach(() => srv.forgetStarts());

  it("the lock holds each tool's reviewed definition, hashing to its pin", () => {
    expect(lock.version).toBe(2);
    expect(lock.tools.srv_lookup?.definition).toEqual({
      name: "lookup",
      description: "Looks things up in the catalogue",
      inputSchema: { type: "object", properties: { q: { type: "string" } } },
      annotations: { readOnlyHint: true },
    });
  });

  it("registering, listing and searching the tools starts nothing; the first call starts, checks and serves", async () => {
    const { client, events, types } = lazyClient(srv, lock);
    const tools = await client.loadTools({ lazy: true });
    expect(tools.map((t) => [t.name, t.remoteName])).toEqual([
      ["srv_lookup", "lookup"],
      ["srv_send_mail", "send_mail"],
    ]);
    expect(tools[0]?.hints.readOnly).toBe(true);
    expect(tools[0]?.description).toBe("Looks things up in the catalogue");
    expect(client.fingerprints()).toEqual(lock.fingerprints);
    const registry = new ToolRegistry({ toolSearch: { defer: "always" } });
    registry.registerAll(tools);
    expect(registry.isDeferred("srv_lookup")).toBe(true);
    expect(registry.searchTools("look something up in the catalogue")[0]?.name).toBe("srv_lookup");
    const turn = registry.turn();
    const found = await turn.execute("tool_search", { query: "look up the catalogue" });
    expect((found.data as { loaded: string[] }).loaded).toContain("srv_lookup");
    expect(turn.toOpenAITools().map((t) => t.function.name)).toContain("srv_lookup");
    registry.describe();
    expect(srv.starts()).toEqual([]);
    expect(events).toEqual([]);

    const response = await turn.execute("srv_lookup", { q: "tea" });
    expect(response.isError).toBe(false);
    expect(response.text).toContain("lookup ran");
    expect(srv.starts()).toHaveLength(1);
    expect(types()).toEqual(["starting", "started"]);
    const started = events[1];
    expect(started?.type === "started" && started.attempt).toBe(1);
    expect(started?.type === "started" && Number.isFinite(started.latencyMs)).toBe(true);
    expect(started?.type === "started" && started.latencyMs >= 0).toBe(true);
    // Up now: later calls go straight through, and loadTools lists the same tools, same objects.
    expect((await client.callTool("send_mail", {})).text).toBe("send_mail ran");
    expect(srv.starts()).toHaveLength(1);
    expect(await client.loadTools()).toEqual(tools);
    expect((await client.loadTools({ lazy: true }))[0]).toBe(tools[0]);
  });

  it("calls that arrive together share one start", async () => {
    const { client, types } = lazyClient(srv, lock);
    await client.loadTools({ lazy: true });
    const answers = await Promise.all([
      client.callTool("lookup", {}),
      client.callTool("send_mail", {}),
      client.callTool("lookup", {}),
    ]);
    expect(answers.map((a) => a.text)).toEqual(["lookup ran", "send_mail ran", "lookup ran"]);
    expect(srv.starts()).toHaveLength(1);
    expect(types()).toEqual(["starting", "started"]);
  });

  it("connect() starts it now, checked the same way", async () => {
    const { client, types } = lazyClient(srv, lock);
    await client.loadTools({ lazy: true });
    await expect(client.connect()).resolves.toBe(client);
    expect(srv.starts()).toHaveLength(1);
    expect(types()).toEqual(["starting", "started"]);
  });

  it("a filter chooses the tools by remote name, as it does when listing", async () => {
    const { client } = lazyClient(srv, lock);
    const tools = await client.loadTools({ lazy: true, exclude: ["send_*"] });
    expect(tools.map((t) => t.name)).toEqual(["srv_lookup"]);
    expect(client.fingerprints()).toEqual({
      $server: lock.fingerprints.$server,
      srv_lookup: lock.fingerprints.srv_lookup,
    });
    // A call of a tool left out is refused without starting the server for it.
    expect((await client.callTool("send_mail", {})).text).toBe(
      "MCP tool 'send_mail' on server 'srv' is left out by the loadTools filter",
    );
    expect(srv.starts()).toEqual([]);
  });

  it("a lock of another command or URL: PinningError, nothing made, nothing started", async () => {
    const { client } = lazyClient(srv, lock, { args: [fixture, "/elsewhere"] });
    const error = await client.loadTools({ lazy: true }).catch((e: unknown) => e);
    expect(PinningError.isInstance(error)).toBe(true);
    expect((error as PinningError).mismatches.map((m) => m.name)).toEqual(["$server"]);
    expect(srv.starts()).toEqual([]);
  });
});

describe("a lazily loaded server that changed or cannot start", () => {
  it("changed since the lock: refused as at connect; the call answers why and never runs", async () => {
    const srv = server();
    const lock = await pin(srv);
    srv.set("changed");
    const { client, events, types } = lazyClient(srv, lock);
    const registry = new ToolRegistry();
    registry.registerAll(await client.loadTools({ lazy: true }));
    const response = await registry.executeChecked("srv_send_mail", {});
    expect(response.response.isError).toBe(true);
    expect(response.response.text).toContain(
      "MCP server 'srv' was started on first use and is refused: its tools differ from their pins (srv_lookup)",
    );
    expect(types()).toEqual(["starting", "refused"]);
    const refused = events[1];
    expect(refused?.type === "refused" && refused.error.mismatches[0]?.name).toBe("srv_lookup");
    // Refused for good: no call reached it, no second start, and loadTools throws as at connect.
    expect((await client.callTool("lookup", {})).text).toMatch(/refused: its tools differ/);
    await expect(client.loadTools()).rejects.toThrow(PinningError);
    await expect(client.loadTools({ lazy: true })).rejects.toThrow(PinningError);
    expect(srv.calls()).toEqual([]);
    expect(srv.starts()).toHaveLength(1);
  });

  it("a tool the started server no longer lists answers that it is disabled, never another tool", async () => {
    const srv = server();
    const lock = await pin(srv);
    srv.set("hide-mail");
    const { client, types } = lazyClient(srv, lock);
    await client.loadTools({ lazy: true });
    expect((await client.callTool("send_mail", {})).text).toBe(
      "MCP tool 'srv_send_mail' is disabled: server 'srv' did not list it when it started (its lock pins it)",
    );
    expect((await client.callTool("lookup", {})).text).toBe("lookup ran");
    expect(types()).toEqual(["starting", "started"]);
    expect(srv.calls()).toEqual(["lookup"]);
  });

  it("fails to start: a clear error, and a later call tries again", async () => {
    const srv = server();
    const lock = await pin(srv);
    srv.set("broken");
    const { client, events, types } = lazyClient(srv, lock);
    await client.loadTools({ lazy: true });
    const failed = await client.callTool("lookup", {});
    expect(failed.isError).toBe(true);
    expect(failed.text).toMatch(
      /^MCP server 'srv' could not be started on first use \(attempt 1 of 5 in a row\): .*exited with code 1.*cannot start: broken/,
    );
    srv.set("broken", false);
    expect((await client.callTool("lookup", {})).text).toBe("lookup ran");
    expect(types()).toEqual(["starting", "start-failed", "starting", "started"]);
    const startFailed = events[1];
    expect(startFailed?.type === "start-failed" && startFailed.error.code).toBe(
      MCP_ERROR_CODES.connectFailed,
    );
    expect(events[3]?.type === "started" && events[3].attempt).toBe(2);
    expect(srv.starts()).toHaveLength(2);
  });

  it("a call that cannot wait for the start ends at its own limit; the start goes on for the next", async () => {
    const srv = server();
    const lock = await pin(srv);
    srv.set("mute");
    const { client, types } = lazyClient(srv, lock, { timeoutMs: 60_000 });
    await client.loadTools({ lazy: true });
    expect((await client.callTool("lookup", {}, { timeoutMs: 50 })).text).toBe(
      "MCP server 'srv' was being started and was not up within 50 ms for the call to 'lookup'",
    );
    // The same start, still under way: a second call waits for it, no second process.
    expect((await client.callTool("lookup", {}, { timeoutMs: 50 })).text).toMatch(
      /was being started/,
    );
    // The process may not have written its line yet: one process for both calls.
    await expect.poll(() => srv.starts().length, { timeout: 10_000 }).toBe(1);
    expect(types()).toEqual(["starting"]);
  });

  it("tries at most restart.maxAttempts times in a row, then gives up", async () => {
    const srv = server();
    const lock = await pin(srv);
    srv.set("broken");
    const { client, types } = lazyClient(srv, lock, {
      restart: { maxAttempts: 2, initialDelayMs: 0 },
    });
    await client.loadTools({ lazy: true });
    expect((await client.callTool("lookup", {})).text).toMatch(/attempt 1 of 2/);
    expect((await client.callTool("lookup", {})).text).toMatch(/attempt 2 of 2/);
    srv.set("broken", false);
    const given = await client.callTool("lookup", {});
    expect(given.text).toMatch(
      /^MCP server 'srv' could not be started on first use in 2 starts in a row \(last: .+\); it is not started again \(restart.maxAttempts is 2\)$/,
    );
    expect((await client.callTool("lookup", {})).text).toBe(given.text);
    const error = await client.loadTools().catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe(MCP_ERROR_CODES.restartLimit);
    expect(types()).toEqual(["starting", "start-failed", "starting", "start-failed", "gave-up"]);
    expect(srv.starts()).toHaveLength(2);
  });

  it("with restart: false, one attempt: a failed start is final", async () => {
    const srv = server();
    const lock = await pin(srv);
    srv.set("broken");
    const { client, types } = lazyClient(srv, lock, { restart: false });
    await client.loadTools({ lazy: true });
    const first = await client.callTool("lookup", {});
    expect(first.text).toMatch(/^MCP server 'srv' failed to connect \(.*exited with code 1/);
    srv.set("broken", false);
    expect((await client.callTool("lookup", {})).text).toBe(first.text);
    expect(types()).toEqual(["starting", "start-failed"]);
    expect(srv.starts()).toHaveLength(1);
  });
});

describe("MCPClient's lock option refuses what it cannot trust, clearly", () => {
  const connection = { namespace: "srv", command: process.execPath, args: ["server.mjs"] };
  const identity = new MCPClient(connection);
  const definition = {
    name: "lookup",
    description: "Looks things up",
    inputSchema: { type: "object", properties: {} },
  };
  const valid = {
    version: 2,
    namespace: "srv",
    server: identity.serverIdentity,
    fingerprints: { $server: identity.serverFingerprint, srv_lookup: fingerprintTool(definition) },
    tools: {
      srv_lookup: { remoteName: "lookup", parts: definitionParts(definition), definition },
    },
  };
  const withTool = (over: Record<string, unknown>) => ({
    ...valid,
    tools: { srv_lookup: { ...valid.tools.srv_lookup, ...over } },
  });
  let deep: unknown = {};
  for (let i = 0; i < 600; i++) deep = { a: deep };

  it("a valid lock makes its tools without a server", async () => {
    const client = new MCPClient({ ...connection, lock: valid as MCPLockFile });
    expect((await client.loadTools({ lazy: true })).map((t) => t.name)).toEqual(["srv_lookup"]);
    await client.close();
  });

  it.each([
    [
      "a definition edited after pinning",
      withTool({ definition: { ...definition, description: "Harmless, honest" } }),
      'tools["srv_lookup"].definition does not match its pin in fingerprints (edited after pinning?)',
    ],
    [
      "parts that do not match the definition",
      withTool({ parts: { name: "0".repeat(64) } }),
      'tools["srv_lookup"].parts do not match its definition',
    ],
    [
      "a definition named after another tool",
      withTool({ remoteName: "delete_all" }),
      'tools["srv_lookup"].definition.name must be its remoteName',
    ],
    [
      "a tool of another namespace",
      { ...valid, tools: { other_lookup: valid.tools.srv_lookup } },
      'tools["other_lookup"] is not a display name of namespace "srv" (it must start with "srv_")',
    ],
    [
      "a version 2 tool without its definition",
      withTool({ definition: undefined }),
      'tools["srv_lookup"].definition must be an object (a version 2 lock holds each tool\'s definition)',
    ],
    [
      "a definition nested 600 deep",
      withTool({ definition: { ...definition, annotations: deep } }),
      'tools["srv_lookup"].definition is nested deeper than 512 levels',
    ],
    ["an unknown version", { ...valid, version: 3 }, "version must be 1 or 2, got 3"],
    ["not an object", "{}", "the top level must be a JSON object"],
  ])("%s: TypeError naming it", (_, lock, message) => {
    expect(() => new MCPClient({ ...connection, lock: lock as MCPLockFile })).toThrow(
      new TypeError(`MCPClient lock is malformed: ${message}`),
    );
  });

  it.each([
    [
      "a lock and expectedFingerprints",
      { lock: valid as MCPLockFile, expectedFingerprints: valid.fingerprints },
      "MCPClient takes lock or expectedFingerprints, not both",
    ],
    [
      "a lock of another namespace",
      { lock: { ...valid, namespace: "other", tools: {} } as MCPLockFile },
      "MCPClient lock was pinned with namespace 'other', not 'srv'",
    ],
  ])("%s: TypeError", (_, options, message) => {
    expect(() => new MCPClient({ ...connection, ...options })).toThrow(message);
  });

  it.each([
    ["without a lock", {}, "loadTools({ lazy: true }) needs the lock option"],
    [
      "with a version 1 lock (pins only)",
      { lock: { ...valid, version: 1, tools: {} } as MCPLockFile },
      "needs a version 2 lock, which holds each tool's reviewed definition; this lock is version 1 (pins only): pin the server again with toolgate-mcp pin",
    ],
  ])("loadTools({ lazy: true }) %s: TypeError saying what to do", async (_, options, message) => {
    const client = new MCPClient({ ...connection, ...options });
    const error = await client.loadTools({ lazy: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain(message);
    await expect(client.loadTools({ lazy: "yes" as never })).rejects.toThrow(
      "loadTools lazy must be a boolean",
    );
  });

  it("a version 1 lock still pins: it is expectedFingerprints", () => {
    const v1 = { ...valid, version: 1, tools: {} } as MCPLockFile;
    expect(() => new MCPClient({ ...connection, lock: v1 })).not.toThrow();
  });
});
