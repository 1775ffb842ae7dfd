// Deferred approval through the registry: pendings instead of awaiting confirm, approve and
// decline as data, and grant tokens that run one exact call once, here or in another registry.
import { ToolDefinitionError, type ToolResponse, tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import type { ApprovalLedger } from "./approval/approval-ledger.js";
import type { ApprovalOptions } from "./approval/approval-options.js";
import { argumentsDigest } from "./approval/arguments-digest.js";
import { definitionFingerprint } from "./approval/definition-fingerprint.js";
import { InMemoryApprovalLedger } from "./approval/in-memory-approval-ledger.js";
import type { PendingApproval } from "./approval/pending-approval.js";
import type { ToolEvent } from "./tool-event.js";
import { ToolPermissions } from "./tool-permissions.js";
import { ToolRegistry, type ToolRegistryOptions } from "./tool-registry.js";

const KEY = "k".repeat(32);
const T0 = Date.UTC(2026, 0, 1);
const TTL = 60_000;

function transferTool(ran: string[], description = "Moves money between accounts.") {
  return tool({
    name: "transfer",
    description,
    parameters: Type.Object({
      to: Type.String(),
      cents: Type.Integer(),
      memo: Type.Optional(Type.Object({ note: Type.String(), tags: Type.Array(Type.String()) })),
    }),
    hints: { destructive: true },
    requiresConfirmation: true,
    execute: (args) => {
      ran.push(`transfer ${args.to} ${args.cents}`);
      return `sent ${args.cents} to ${args.to}`;
    },
  });
}

function deleteTool(ran: string[]) {
  return tool({
    name: "delete_file",
    parameters: Type.Object({ path: Type.String() }),
    requiresConfirmation: true,
    execute: (args) => {
      ran.push(`delete ${args.path}`);
      return "deleted";
    },
  });
}

const ARGS = { to: "alice", cents: 500, memo: { note: "rent", tags: ["home"] } };
const ARGS_REORDERED = { memo: { tags: ["home"], note: "rent" }, cents: 500, to: "alice" };

/** A deferred registry on a clock the test moves, with its events and a log of tool runs. */
function setUp(
  approval: Partial<ApprovalOptions> = {},
  options: ToolRegistryOptions = {},
  ran: string[] = [],
) {
  const clock = { now: T0 };
  const events: ToolEvent[] = [];
  const confirmed: string[] = [];
  const registry = new ToolRegistry({
    confirm: (request) => {
      confirmed.push(request.tool.name);
      return true;
    },
    onEvent: (event) => events.push(event),
    approval: { key: KEY, ttlMs: TTL, now: () => clock.now, ...approval },
    ...options,
  });
  registry.register(transferTool(ran));
  registry.register(deleteTool(ran));
  return { registry, clock, events, ran, confirmed };
}

async function pendingFor(
  registry: ToolRegistry,
  args: Record<string, unknown> | string = ARGS,
  callId = "call_1",
): Promise<PendingApproval> {
  const result = await registry.executeChecked("transfer", args, { callId });
  if (result.pending === undefined) throw new Error(`no pending: ${result.response.text}`);
  return result.pending;
}

async function tokenFor(registry: ToolRegistry, pending: unknown, by?: string): Promise<string> {
  const answer = await registry.approve(pending, by === undefined ? {} : { by });
  if (answer.status !== "approved") throw new Error(answer.message);
  return answer.token;
}

function types(events: ToolEvent[]): string[] {
  return events.map((event) => event.type);
}

describe("the approval option", () => {
  it.each<[string, unknown, RegExp]>([
    ["no key", {}, /approval\.key is required/],
    ["a null key", { key: null }, /approval\.key is required: .* got null/],
    ["a 31-byte key", { key: "k".repeat(31) }, /approval\.key must be at least 32 bytes; got 31/],
    ["a number for a key", { key: 42 }, /approval\.key is required/],
    [
      "an unknown mode",
      { key: KEY, mode: "later" },
      /approval\.mode must be "deferred" or "confirm"/,
    ],
    ["a zero ttlMs", { key: KEY, ttlMs: 0 }, /approval\.ttlMs/],
    ["a null ttlMs", { key: KEY, ttlMs: null }, /ttlMs cannot be null/],
    ["a ledger without consume", { key: KEY, ledger: {} }, /ledger must have a consume/],
    ["a clock that is not a function", { key: KEY, now: 5 }, /approval\.now must be a function/],
    ["a string", "secret", /approval must be an object/],
  ])("refuses %s at construction with a ToolDefinitionError", (_, approval, message) => {
    let thrown: unknown;
    try {
      new ToolRegistry({ approval: approval as ApprovalOptions });
    } catch (error) {
      thrown = error;
    }
    expect(ToolDefinitionError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(message);
  });

  it.each([
    ["a 32-character string", { key: KEY }],
    ["32 bytes", { key: new Uint8Array(32).fill(7) }],
    ["confirm mode", { key: KEY, mode: "confirm" as const }],
  ])("takes %s", (_, approval) => {
    expect(() => new ToolRegistry({ approval })).not.toThrow();
  });
});

describe("deferred mode", () => {
  it("answers a call that needs approval at once with a pending, without asking confirm or running", async () => {
    const { registry, events, ran, confirmed } = setUp();
    const result = await registry.executeChecked("transfer", JSON.stringify(ARGS), {
      callId: "call_1",
    });
    expect(ran).toEqual([]);
    expect(confirmed).toEqual([]);
    expect(result.executed).toBe(false);
    expect(result.response.status).toBe("error");
    expect(result.response.text).toMatch(/not run yet: the call awaits a person's approval/);
    const pending = result.pending!;
    const tool = registry.get("transfer")!;
    expect(pending).toMatchObject({
      callId: "call_1",
      tool: "transfer",
      origin: "builtin",
      arguments: ARGS,
      hints: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
      reason: "Tool 'transfer' asks for a person's approval of this call.",
      argumentsDigest: argumentsDigest(ARGS),
      definitionFingerprint: definitionFingerprint(tool),
      issuedAt: T0,
      expiresAt: T0 + TTL,
    });
    expect(pending.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(pending.mac).toMatch(/^[0-9a-f]{64}$/);
    // Plain JSON: the same value after a trip through a browser.
    expect(JSON.parse(JSON.stringify(pending))).toEqual(pending);
    expect(types(events)).toEqual(["approval-requested"]);
    expect(events[0]).toMatchObject({ callId: "call_1", pending, response: result.response });
  });

  it("tells the model through execute that the call awaits a person", async () => {
    const { registry } = setUp();
    const response = await registry.execute("transfer", ARGS);
    expect(response.isError).toBe(true);
    expect(response.text).toContain("awaits a person's approval");
  });

  it("runs calls that need no approval as before", async () => {
    const { registry, ran } = setUp({}, { confirm: undefined }, []);
    registry.register(tool({ name: "add", hints: { readOnly: true }, execute: () => "3" }));
    const result = await registry.executeChecked("add", {});
    // The registry has an approval option, so the call gets an id (a pending would record it).
    expect(result).toEqual({
      response: expect.anything(),
      executed: true,
      callId: expect.stringMatching(/^tg-/),
    });
    expect(result.response.text).toBe("3");
    expect(ran).toEqual([]);
  });

  it("gives each batch call its own pending, and runs the others", async () => {
    const { registry, ran } = setUp();
    registry.register(tool({ name: "ping", hints: { readOnly: true }, execute: () => "pong" }));
    const results = await registry.executeBatch([
      { id: "a", name: "transfer", args: ARGS },
      { id: "b", name: "ping", args: {} },
      { id: "c", name: "delete_file", args: { path: "/tmp/x" } },
    ]);
    expect(results.map((r) => [r.callId, r.executed, r.pending?.tool])).toEqual([
      ["a", false, "transfer"],
      ["b", true, undefined],
      ["c", false, "delete_file"],
    ]);
    expect(results[0]!.pending!.id).not.toBe(results[2]!.pending!.id);
    expect(ran).toEqual([]);
  });

  it("keeps the callback flow in confirm mode, and still accepts grants there", async () => {
    const { registry, ran, confirmed, events } = setUp({ mode: "confirm" });
    const result = await registry.executeChecked("transfer", ARGS);
    expect(result.executed).toBe(true);
    expect(result.pending).toBeUndefined();
    expect(confirmed).toEqual(["transfer"]);
    // A pending from a deferred registry with the same key runs here with its grant.
    const deferred = setUp().registry;
    const token = await tokenFor(deferred, await pendingFor(deferred));
    await registry.execute("transfer", ARGS, { approval: token });
    expect(confirmed).toEqual(["transfer"]);
    expect(ran).toEqual(["transfer alice 500", "transfer alice 500"]);
    expect(types(events)).toContain("grant-used");
  });

  it("refuses the call, not runs it, when no pending can be issued (a broken clock)", async () => {
    const { registry, events, ran } = setUp({
      now: () => {
        throw new Error("clock");
      },
    });
    const result = await registry.executeChecked("transfer", ARGS);
    expect(result).toMatchObject({ executed: false });
    expect(result.pending).toBeUndefined();
    expect(result.response.text).toMatch(/could not be put to one: the call was not run/);
    expect(events).toEqual([expect.objectContaining({ type: "denied", by: "confirmation" })]);
    expect(ran).toEqual([]);
  });

  it("agrees with check(): needs-approval there is a pending here", async () => {
    const { registry, events } = setUp();
    expect(registry.check("transfer", ARGS).status).toBe("needs-approval");
    expect(events).toEqual([]);
    expect((await registry.executeChecked("transfer", ARGS)).pending).toBeDefined();
  });

  it("never issues a pending for a denied or invalid call", async () => {
    const { registry, events } = setUp(
      {},
      { permissions: new ToolPermissions({ deny: ["delete_file"] }) },
    );
    const denied = await registry.executeChecked("delete_file", { path: "/" });
    const invalid = await registry.executeChecked("transfer", { to: "alice", cents: "lots" });
    expect(denied.pending).toBeUndefined();
    expect(invalid.pending).toBeUndefined();
    expect(types(events)).toEqual(["denied", "invalid"]);
  });
});

describe("a per-call confirm in deferred mode", () => {
  // The per-call option says how THIS call is confirmed (an adapter whose framework already put
  // it to a person); the registry-wide confirm still loses to deferred mode.
  it.each<[string, boolean | undefined, boolean]>([
    ["runs the call when it answers true", true, true],
    ["declines the call when it answers false", false, false],
  ])("%s, with no pending", async (_, answer, runs) => {
    const { registry, events, ran, confirmed } = setUp();
    const asked: string[] = [];
    const result = await registry.executeChecked("transfer", ARGS, {
      callId: "call_1",
      confirm: (request) => {
        asked.push(`${request.tool.name} ${request.callId}`);
        return answer === true;
      },
    });
    expect(asked).toEqual(["transfer call_1"]);
    expect(confirmed).toEqual([]);
    expect(result.pending).toBeUndefined();
    expect(result.executed).toBe(runs);
    expect(ran).toEqual(runs ? ["transfer alice 500"] : []);
    expect(types(events)).toEqual(runs ? ["start", "end"] : ["rejected"]);
  });

  it("still defers a call without one (the registry's confirm is not asked)", async () => {
    const { registry, events, ran, confirmed } = setUp();
    const result = await registry.executeChecked("transfer", ARGS, { callId: "call_1" });
    expect(result.pending).toBeDefined();
    expect(confirmed).toEqual([]);
    expect(ran).toEqual([]);
    expect(types(events)).toEqual(["approval-requested"]);
  });

  it("applies to every call of executeBatch that needs approval", async () => {
    const { registry, ran, confirmed } = setUp();
    registry.register(tool({ name: "ping", hints: { readOnly: true }, execute: () => "pong" }));
    const asked: string[] = [];
    const calls = [
      { id: "a", name: "transfer", args: ARGS },
      { id: "b", name: "ping", args: {} },
      { id: "c", name: "delete_file", args: { path: "/tmp/x" } },
    ];
    const results = await registry.executeBatch(calls, {
      confirm: (request) => {
        asked.push(request.callId ?? "");
        return request.tool.name === "transfer";
      },
    });
    expect(asked).toEqual(["a", "c"]);
    expect(confirmed).toEqual([]);
    expect(results.map((r) => [r.callId, r.executed, r.pending])).toEqual([
      ["a", true, undefined],
      ["b", true, undefined],
      ["c", false, undefined],
    ]);
    expect(ran).toEqual(["transfer alice 500"]);
    const deferred = await registry.executeBatch(calls);
    expect(deferred.map((r) => r.pending?.tool)).toEqual(["transfer", undefined, "delete_file"]);
  });
});

describe("approve", () => {
  it("signs a grant for a genuine pending, also after a trip through JSON", async () => {
    const { registry } = setUp();
    const pending = await pendingFor(registry);
    const answer = await registry.approve(JSON.parse(JSON.stringify(pending)), { by: "ops" });
    expect(answer).toMatchObject({ status: "approved", pending });
    if (answer.status !== "approved") return;
    expect(answer.token).toMatch(/^[\w-]+\.[\w-]{43}$/);
  });

  it.each<[string, (pending: PendingApproval) => unknown, string]>([
    ["null", () => null, "malformed"],
    ["a string", () => "pending", "malformed"],
    ["an array", () => [], "malformed"],
    ["a missing mac", ({ mac: _, ...rest }) => rest, "malformed"],
    ["an extra field", (p) => ({ ...p, admin: true }), "malformed"],
    ["edited arguments", (p) => ({ ...p, arguments: { ...p.arguments, cents: 99_999 } }), "forged"],
    ["an edited tool", (p) => ({ ...p, tool: "delete_file" }), "forged"],
    ["an edited expiry", (p) => ({ ...p, expiresAt: p.expiresAt + 1 }), "forged"],
    ["an edited mac", (p) => ({ ...p, mac: "0".repeat(64) }), "forged"],
    [
      "a throwing getter",
      (p) => ({
        ...p,
        get tool(): string {
          throw new Error("boom");
        },
      }),
      "malformed",
    ],
  ])("refuses %s as data, never a throw", async (_, edit, reason) => {
    const { registry } = setUp();
    const answer = await registry.approve(edit(await pendingFor(registry)));
    expect(answer).toMatchObject({ status: "refused", reason });
    if (answer.status === "refused") expect(answer.message.length).toBeGreaterThan(10);
  });

  it("refuses a pending issued under another key as forged", async () => {
    const other = setUp({ key: "o".repeat(32) }).registry;
    const { registry } = setUp();
    const answer = await registry.approve(await pendingFor(other));
    expect(answer).toMatchObject({ status: "refused", reason: "forged" });
  });

  it("refuses an expired pending, from its expiresAt on", async () => {
    const { registry, clock } = setUp();
    const pending = await pendingFor(registry);
    clock.now = T0 + TTL - 1;
    expect((await registry.approve(pending)).status).toBe("approved");
    clock.now = T0 + TTL;
    expect(await registry.approve(pending)).toMatchObject({ status: "refused", reason: "expired" });
  });

  it.each([
    ["an empty string", ""],
    ["a number", 7],
    ["too long a name", "x".repeat(201)],
  ])("refuses a by of %s", async (_, by) => {
    const { registry } = setUp();
    const answer = await registry.approve(await pendingFor(registry), { by: by as string });
    expect(answer).toMatchObject({ status: "refused", reason: "invalid-by" });
  });

  it("answers no-key on a registry without the approval option", async () => {
    const pending = await pendingFor(setUp().registry);
    const plain = new ToolRegistry();
    expect(await plain.approve(pending)).toMatchObject({ status: "refused", reason: "no-key" });
  });

  it("gives two tokens when approved twice, and only one of them runs", async () => {
    const { registry, ran } = setUp();
    const pending = await pendingFor(registry);
    const first = await tokenFor(registry, pending, "alice");
    const second = await tokenFor(registry, pending, "bob");
    expect(first).not.toBe(second);
    const a = await registry.executeChecked("transfer", ARGS, { approval: first });
    const b = await registry.executeChecked("transfer", ARGS, { approval: second });
    expect([a.executed, b.executed]).toEqual([true, false]);
    expect(b.response.text).toMatch(/approval was refused \(replayed/);
    expect(ran).toEqual(["transfer alice 500"]);
  });
});

describe("approval events: who approved exactly what", () => {
  it("emits approved from approve, with the call, the pending, who and the arguments digest", async () => {
    const { registry, events } = setUp();
    const pending = await pendingFor(registry);
    events.length = 0;
    await tokenFor(registry, JSON.parse(JSON.stringify(pending)), "ops@example.com");
    await tokenFor(registry, pending);
    expect(types(events)).toEqual(["approved", "approved"]);
    expect(events[0]).toMatchObject({
      type: "approved",
      tool: "transfer",
      origin: "builtin",
      callId: "call_1",
      pendingId: pending.id,
      by: "ops@example.com",
      argumentsDigest: argumentsDigest(ARGS),
      definitionFingerprint: pending.definitionFingerprint,
      args: ARGS,
    });
    expect(events[1]).toMatchObject({ type: "approved", pendingId: pending.id });
    expect(events[1]).not.toHaveProperty("by");
  });

  it("tells approval given from grant used: requested, approved, grant-used, start, end", async () => {
    const { registry, events } = setUp();
    const pending = await pendingFor(registry);
    const token = await tokenFor(registry, pending, "ops");
    await registry.execute("transfer", ARGS, { approval: token, callId: "call_1" });
    expect(types(events)).toEqual(["approval-requested", "approved", "grant-used", "start", "end"]);
    const ids = events.map((event) => ("pendingId" in event ? event.pendingId : undefined));
    expect(ids.slice(1, 3)).toEqual([pending.id, pending.id]);
  });

  const verified = (p: PendingApproval) => ({
    tool: "transfer",
    origin: "builtin",
    callId: "call_1",
    pendingId: p.id,
  });
  it.each<
    [
      string,
      (registry: ToolRegistry, pending: PendingApproval) => Promise<unknown>,
      string,
      ((p: PendingApproval) => object) | undefined,
    ]
  >([
    ["a value that is no pending", (r) => r.approve({ id: 1 }), "malformed", undefined],
    [
      "a pending with edited arguments",
      (r, p) => r.approve({ ...p, arguments: { to: "mallory", cents: 500 } }),
      "forged",
      undefined,
    ],
    ["a bad by", (r, p) => r.approve(p, { by: "" }), "invalid-by", verified],
    [
      "a declined pending",
      async (r, p) => {
        await r.decline(p);
        return r.approve(p, { by: "ops" });
      },
      "declined",
      (p) => ({ ...verified(p), by: "ops" }),
    ],
  ])("emits approval-refused (stage approve) for %s", async (_, act, reason, identity) => {
    const { registry, events } = setUp();
    const pending = await pendingFor(registry);
    events.length = 0;
    await act(registry, pending);
    const event = events.at(-1)!;
    expect(event).toMatchObject({ type: "approval-refused", stage: "approve", reason });
    expect(event).toMatchObject({ message: expect.stringMatching(/.{10}/) });
    expect(types(events).filter((type) => type === "approved")).toEqual([]);
    if (identity === undefined) {
      // Nothing unverified is reported as if it were true.
      expect(event).toMatchObject({ tool: "" });
      expect(event).not.toHaveProperty("pendingId");
      expect(event).not.toHaveProperty("origin");
    } else {
      expect(event).toMatchObject(identity(pending));
    }
    expect(event).not.toHaveProperty("response");
  });

  it("emits approval-refused (stage approve) for a registry without a key", async () => {
    const pending = await pendingFor(setUp().registry);
    const events: ToolEvent[] = [];
    await new ToolRegistry({ onEvent: (event) => events.push(event) }).approve(pending);
    expect(events).toEqual([
      expect.objectContaining({ type: "approval-refused", stage: "approve", reason: "no-key" }),
    ]);
  });

  it("says stage execute on a refused grant", async () => {
    const { registry, events } = setUp();
    await registry.execute("transfer", ARGS, { approval: "nonsense" });
    expect(events.at(-1)).toMatchObject({
      type: "approval-refused",
      stage: "execute",
      reason: "malformed-token",
      response: expect.anything(),
    });
  });
});

describe("decline", () => {
  it("answers the model, emits declined, and uses the pending up for good", async () => {
    const { registry, events, ran } = setUp();
    const pending = await pendingFor(registry);
    const early = await tokenFor(registry, pending); // approved first, declined afterwards
    events.length = 0;
    const response = await registry.decline(pending, { by: "bob", reason: "wrong account" });
    expect(response.isError).toBe(true);
    expect(response.text).toBe(
      "Tool 'transfer' was not run: a person declined the call. Reason given: wrong account",
    );
    expect(events).toEqual([
      {
        type: "declined",
        tool: "transfer",
        origin: "builtin",
        callId: "call_1",
        pendingId: pending.id,
        by: "bob",
        reason: "wrong account",
        recorded: true,
        response,
        timestamp: expect.any(Number),
      },
    ]);
    expect(await registry.approve(pending)).toMatchObject({
      status: "refused",
      reason: "declined",
    });
    const result = await registry.executeChecked("transfer", ARGS, { approval: early });
    expect(result.executed).toBe(false);
    expect(result.response.text).toMatch(/replayed/);
    expect(ran).toEqual([]);
  });

  it("answers 'not run' for a value that is not a genuine pending, without an event", async () => {
    const { registry, events } = setUp();
    const pending = await pendingFor(registry);
    events.length = 0;
    const response = await registry.decline({ ...pending, tool: "delete_file" });
    expect(response.text).toBe("The call was not run: its approval was declined.");
    expect(await registry.decline(null)).toBeDefined();
    expect(events).toEqual([]);
    expect((await registry.approve(pending)).status).toBe("approved");
  });

  it("still answers when the ledger throws, saying recorded: false", async () => {
    const ledger: ApprovalLedger = {
      consume() {
        throw new Error("down");
      },
    };
    const { registry, events } = setUp({ ledger });
    const pending = await pendingFor(registry);
    const response: ToolResponse = await registry.decline(pending);
    expect(response.text).toMatch(/declined/);
    expect(events.at(-1)).toMatchObject({ type: "declined", recorded: false });
  });
});

describe("execute with a grant", () => {
  it("runs the approved call once without asking confirm: grant-used, start, end", async () => {
    const { registry, events, ran, confirmed } = setUp();
    const pending = await pendingFor(registry);
    const token = await tokenFor(registry, pending, "ops@example.com");
    events.length = 0;
    const result = await registry.executeChecked("transfer", ARGS, {
      approval: token,
      callId: "call_2",
    });
    expect(result).toMatchObject({ executed: true, callId: "call_2" });
    expect(result.response.text).toBe("sent 500 to alice");
    expect(ran).toEqual(["transfer alice 500"]);
    expect(confirmed).toEqual([]);
    expect(types(events)).toEqual(["grant-used", "start", "end"]);
    expect(events[0]).toMatchObject({
      type: "grant-used",
      tool: "transfer",
      origin: "builtin",
      callId: "call_2",
      pendingId: pending.id,
      approvedBy: "ops@example.com",
      argumentsDigest: argumentsDigest(ARGS),
      args: ARGS,
    });
  });

  it("takes the model's arguments with keys in another order as the same call", async () => {
    const { registry, ran } = setUp();
    const token = await tokenFor(registry, await pendingFor(registry));
    const response = await registry.execute("transfer", JSON.stringify(ARGS_REORDERED), {
      approval: token,
    });
    expect(response.text).toBe("sent 500 to alice");
    expect(ran).toHaveLength(1);
  });

  type Case = [
    string,
    (
      s: ReturnType<typeof setUp>,
      token: string,
    ) => Promise<{ name?: string; args?: Record<string, unknown>; token?: unknown }>,
    string,
  ];
  const cases: Case[] = [
    ["other arguments", async () => ({ args: { ...ARGS, cents: 50_000 } }), "other-arguments"],
    [
      "an added argument",
      async () => ({ args: { ...ARGS, memo: { note: "rent", tags: [] } } }),
      "other-arguments",
    ],
    ["another tool", async () => ({ name: "delete_file", args: { path: "/" } }), "other-tool"],
    [
      "a tool re-registered with another description",
      async (s) => {
        s.registry.register(transferTool(s.ran, "Moves money, now to anyone."), {
          overwrite: true,
        });
        return {};
      },
      "other-definition",
    ],
    [
      "an expired grant",
      async (s) => {
        s.clock.now = T0 + TTL;
        return {};
      },
      "expired",
    ],
    ["an empty token", async () => ({ token: "" }), "malformed-token"],
    ["a token that is not a string", async () => ({ token: 42 }), "malformed-token"],
    ["a null token", async () => ({ token: null }), "malformed-token"],
    [
      "a token without a signature",
      async (_, t) => ({ token: t.split(".")[0] }),
      "malformed-token",
    ],
    ["a token of three parts", async (_, t) => ({ token: `${t}.x` }), "malformed-token"],
    ["a too long token", async () => ({ token: `${"a".repeat(3000)}.b` }), "malformed-token"],
    [
      "a tampered payload",
      async (_, t) => {
        const [payload, signature] = t.split(".");
        const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"));
        claims.expiresAt += 3_600_000;
        return {
          token: `${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`,
        };
      },
      "bad-signature",
    ],
    [
      "a tampered signature",
      async (_, t) => ({ token: `${t.slice(0, -2)}${t.endsWith("AA") ? "BA" : "AA"}` }),
      "bad-signature",
    ],
    [
      "a token signed under another key",
      async () => {
        const other = setUp({ key: "o".repeat(32) }).registry;
        return { token: await tokenFor(other, await pendingFor(other)) };
      },
      "bad-signature",
    ],
  ];

  it.each(cases)("refuses %s with a distinct reason, never running", async (_, change, reason) => {
    const s = setUp();
    const token = await tokenFor(s.registry, await pendingFor(s.registry));
    const { name = "transfer", args = ARGS, token: given = token } = await change(s, token);
    s.events.length = 0;
    const result = await s.registry.executeChecked(name, args, {
      approval: given as string,
      callId: "c9",
    });
    expect(result.executed).toBe(false);
    expect(result.response.isError).toBe(true);
    expect(result.response.text).toMatch(
      new RegExp(`^Tool '${name}' was not run: its approval was refused \\(${reason}: .+\\)\\.$`),
    );
    expect(s.ran).toEqual([]);
    expect(s.events).toEqual([
      expect.objectContaining({ type: "approval-refused", reason, callId: "c9", tool: name }),
    ]);
  });

  it("gives every reason its own text", async () => {
    const byReason = new Map<string, string>();
    for (const [, change, reason] of cases) {
      if (byReason.has(reason)) continue;
      const s = setUp();
      const token = await tokenFor(s.registry, await pendingFor(s.registry));
      const { name = "transfer", args = ARGS, token: given = token } = await change(s, token);
      byReason.set(
        reason,
        (await s.registry.execute(name, args, { approval: given as string })).text,
      );
    }
    expect(byReason.size).toBe(6);
    expect(new Set(byReason.values()).size).toBe(6);
  });

  it("refuses a replayed grant", async () => {
    const { registry, events, ran } = setUp();
    const token = await tokenFor(registry, await pendingFor(registry));
    await registry.execute("transfer", ARGS, { approval: token });
    const again = await registry.executeChecked("transfer", ARGS, { approval: token });
    expect(again.executed).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: "approval-refused", reason: "replayed" });
    expect(ran).toHaveLength(1);
  });

  it("never lets a grant past a deny or invalid arguments", async () => {
    const approved = setUp();
    const token = await tokenFor(approved.registry, await pendingFor(approved.registry));
    const { registry, events, ran } = setUp(
      {},
      { permissions: new ToolPermissions({ deny: ["transfer"] }) },
    );
    const denied = await registry.executeChecked("transfer", ARGS, { approval: token });
    const invalid = await setUp().registry.executeChecked(
      "transfer",
      { ...ARGS, cents: "500" },
      { approval: token },
    );
    expect([denied.executed, invalid.executed]).toEqual([false, false]);
    expect(invalid.response.text).toMatch(/input error/);
    expect(types(events)).toEqual(["denied"]);
    expect(ran).toEqual([]);
  });

  it("refuses a grant on a registry without the approval option (no-key)", async () => {
    const s = setUp();
    const token = await tokenFor(s.registry, await pendingFor(s.registry));
    const plain = new ToolRegistry({ confirm: () => true });
    plain.register(transferTool(s.ran));
    const response = await plain.execute("transfer", ARGS, { approval: token });
    expect(response.text).toMatch(/approval was refused \(no-key/);
    expect(s.ran).toEqual([]);
  });

  it.each<[string, ApprovalLedger]>([
    [
      "throws",
      {
        consume() {
          throw new Error("redis down");
        },
      },
    ],
    ["rejects", { consume: () => Promise.reject(new Error("redis down")) }],
    ["answers something else", { consume: () => "OK" as unknown as boolean }],
  ])("refuses the call when the ledger %s (fail closed)", async (_, ledger) => {
    const { registry, events, ran } = setUp({ ledger });
    const token = await tokenFor(registry, await pendingFor(registry));
    const result = await registry.executeChecked("transfer", ARGS, { approval: token });
    expect(result.executed).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: "approval-refused", reason: "ledger-failed" });
    expect(ran).toEqual([]);
  });

  it("waits for an async ledger, and runs once across two registries sharing key and ledger", async () => {
    const shared = new InMemoryApprovalLedger();
    const ledger: ApprovalLedger = {
      consume: async (id, expiresAt) => shared.consume(id, expiresAt),
      has: async (id) => shared.has(id),
    };
    const here = setUp({ ledger, now: Date.now });
    const there = setUp({ ledger, now: Date.now, key: new TextEncoder().encode(KEY) });
    const pending = await pendingFor(here.registry);
    // Approved in a third process's request handler, run on the other machine.
    const token = await tokenFor(there.registry, JSON.parse(JSON.stringify(pending)));
    const ranThere = await there.registry.executeChecked("transfer", ARGS_REORDERED, {
      approval: token,
    });
    const ranHere = await here.registry.executeChecked("transfer", ARGS, { approval: token });
    expect([ranThere.executed, ranHere.executed]).toEqual([true, false]);
    expect(there.ran).toEqual(["transfer alice 500"]);
    expect(here.ran).toEqual([]);
    expect(await here.registry.approve(pending)).toMatchObject({ reason: "declined" });
  });

  it("takes each batch call's own grant", async () => {
    const { registry, ran } = setUp();
    const token = await tokenFor(registry, await pendingFor(registry));
    const results = await registry.executeBatch([
      { id: "a", name: "transfer", args: ARGS, approval: token },
      { id: "b", name: "transfer", args: ARGS },
    ]);
    expect(results.map((r) => [r.executed, r.pending !== undefined])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(ran).toEqual(["transfer alice 500"]);
  });

  it("leaves a token unused on a call that needs no approval", async () => {
    const { registry, ran } = setUp();
    registry.register(tool({ name: "ping", hints: { readOnly: true }, execute: () => "pong" }));
    const token = await tokenFor(registry, await pendingFor(registry));
    expect((await registry.execute("ping", {}, { approval: token })).text).toBe("pong");
    expect((await registry.execute("transfer", ARGS, { approval: token })).text).toBe(
      "sent 500 to alice",
    );
    expect(ran).toHaveLength(1);
  });
});
