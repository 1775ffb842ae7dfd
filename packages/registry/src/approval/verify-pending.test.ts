import { randomUUID } from "node:crypto";
import { ToolDefinitionError } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import {
  ARGS,
  ARGS_REORDERED,
  FIELDS,
  KEY,
  NOW,
  OTHER_KEY,
  SAME_KEY_AS_BYTES,
  TRANSFER,
} from "./__fixtures__/approval-fixtures.js";
import { argumentsDigest } from "./arguments-digest.js";
import { definitionFingerprint } from "./definition-fingerprint.js";
import { DEFAULT_APPROVAL_TTL_MS, issuePending } from "./issue-pending.js";
import { PENDING_FIELDS, type PendingApproval } from "./pending-approval.js";
import { verifyPending } from "./verify-pending.js";

const pending = issuePending(FIELDS, KEY, NOW);
/** What a browser sends back: the pending through JSON. */
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const OTHER_HEX = "ab".repeat(32);

describe("issuePending", () => {
  it("holds the call, its digests and its times, as plain JSON", () => {
    expect(pending).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      callId: "call_1",
      tool: "transfer",
      origin: "builtin",
      arguments: ARGS,
      hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
      reason: "transfer is destructive",
      argumentsDigest: argumentsDigest(ARGS),
      definitionFingerprint: definitionFingerprint(TRANSFER),
      issuedAt: NOW,
      expiresAt: NOW + DEFAULT_APPROVAL_TTL_MS,
      mac: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(roundTrip(pending)).toEqual(pending);
    expect(Object.keys(pending).sort()).toEqual([...PENDING_FIELDS].sort());
  });

  it("holds no secret: the key appears nowhere in it", () => {
    const text = JSON.stringify(pending);
    for (const form of [
      KEY,
      Buffer.from(KEY).toString("hex"),
      Buffer.from(KEY).toString("base64"),
    ]) {
      expect(text).not.toContain(form);
    }
  });

  it("gives each pending its own id, even for the same call at the same time", () => {
    const ids = new Set(Array.from({ length: 100 }, () => issuePending(FIELDS, KEY, NOW).id));
    expect(ids.size).toBe(100);
  });

  it("keeps the arguments as digested: members JSON leaves out are gone, the digest agrees", () => {
    const issued = issuePending({ ...FIELDS, arguments: { ...ARGS, skip: undefined } }, KEY, NOW);
    expect(issued.arguments).toEqual(ARGS);
    expect("skip" in issued.arguments).toBe(false);
    expect(issued.argumentsDigest).toBe(argumentsDigest(issued.arguments));
  });

  it("does not share the caller's arguments object (editing it later changes nothing)", () => {
    const args = { to: "alice", cents: 1 };
    const issued = issuePending({ ...FIELDS, arguments: args }, KEY, NOW);
    args.to = "mallory";
    expect(verifyPending(issued, KEY, NOW)).toMatchObject({ ok: true });
    expect(issued.arguments.to).toBe("alice");
  });

  it("takes a time to live and a precomputed fingerprint", () => {
    const issued = issuePending(
      { ...FIELDS, ttlMs: 1000, definitionFingerprint: OTHER_HEX },
      KEY,
      NOW,
    );
    expect(issued.expiresAt).toBe(NOW + 1000);
    expect(issued.definitionFingerprint).toBe(OTHER_HEX);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, "60000"])(
    "refuses ttlMs %s with a ToolDefinitionError",
    (ttlMs) => {
      expect(() => issuePending({ ...FIELDS, ttlMs: ttlMs as number }, KEY, NOW)).toThrow(
        ToolDefinitionError,
      );
    },
  );

  it.each([
    ["a short key", "short", ToolDefinitionError, /approvalKey must be at least 32 bytes/],
    ["no key", undefined, ToolDefinitionError, /approvalKey is required/],
  ])("refuses %s", (_label, key, type, message) => {
    expect(() => issuePending(FIELDS, key as never, NOW)).toThrow(type);
    expect(() => issuePending(FIELDS, key as never, NOW)).toThrow(message);
  });

  it.each([
    ["a bigint argument", { ...FIELDS, arguments: { n: 1n } }, /bigint/],
    ["arguments that are an array", { ...FIELDS, arguments: [1] as never }, /JSON object/],
    ["a callId that is not a string", { ...FIELDS, callId: 1 as never }, /callId/],
    ["a reason that is not a string", { ...FIELDS, reason: null as never }, /reason/],
    ["a fingerprint that is not a sha256", { ...FIELDS, definitionFingerprint: "AB" }, /sha256/],
  ])("refuses %s with a TypeError", (_label, fields, message) => {
    expect(() => issuePending(fields, KEY, NOW)).toThrow(message);
  });
});

describe("verifyPending", () => {
  it.each([
    ["the pending as issued", pending],
    ["the pending through JSON (a browser round trip)", roundTrip(pending)],
    ["its arguments with keys reordered (same call)", { ...pending, arguments: ARGS_REORDERED }],
    [
      "its fields in another order",
      Object.fromEntries(Object.entries(pending).reverse()) as unknown as PendingApproval,
    ],
  ])("accepts %s", (_label, value) => {
    const check = verifyPending(value, KEY, NOW);
    expect(check).toEqual({ ok: true, pending: expect.objectContaining({ id: pending.id }) });
  });

  it("returns a fresh copy equal to the pending, never the value it was given", () => {
    const given = roundTrip(pending) as PendingApproval;
    const check = verifyPending(given, KEY, NOW);
    if (!check.ok) throw new Error(check.message);
    expect(check.pending).toEqual(pending);
    expect(check.pending).not.toBe(given);
    expect(check.pending.arguments).not.toBe(given.arguments);
  });

  it("accepts the key as the same bytes in another form (another registry, same key)", () => {
    expect(verifyPending(pending, SAME_KEY_AS_BYTES, NOW).ok).toBe(true);
  });

  it("refuses a pending issued under another key as forged", () => {
    expect(verifyPending(pending, OTHER_KEY, NOW)).toMatchObject({ ok: false, reason: "forged" });
    const foreign = issuePending(FIELDS, OTHER_KEY, NOW);
    expect(verifyPending(foreign, KEY, NOW)).toMatchObject({ ok: false, reason: "forged" });
  });

  // Each field edited to another well-formed value: the MAC must catch every one.
  const edits: [field: keyof PendingApproval, value: unknown][] = [
    ["id", randomUUID()],
    ["callId", "call_2"],
    ["tool", "transfer_all"],
    ["origin", "mcp:bank"],
    ["arguments", { ...ARGS, to: "mallory" }],
    ["arguments", { ...ARGS, cents: 50_000 }],
    ["arguments", { ...ARGS, extra: true }],
    ["hints", { ...pending.hints, readOnly: true, destructive: false, idempotent: true }],
    ["hints", { ...pending.hints, openWorld: true }],
    ["reason", "reads a file"],
    ["argumentsDigest", OTHER_HEX],
    ["definitionFingerprint", OTHER_HEX],
    ["issuedAt", NOW - 1],
    ["expiresAt", NOW + DEFAULT_APPROVAL_TTL_MS + 1],
    ["mac", OTHER_HEX],
    ["mac", `${pending.mac.slice(0, 63)}${pending.mac.endsWith("0") ? "1" : "0"}`],
  ];
  it.each(edits)("refuses a pending with '%s' edited as forged", (field, value) => {
    const check = verifyPending({ ...pending, [field]: value }, KEY, NOW);
    expect(check).toEqual({
      ok: false,
      reason: "forged",
      message:
        "this pending approval was not issued with this key, or was edited after it was issued",
    });
  });

  it.each([
    ["at its expiry", 0],
    ["1 ms after its expiry", 1],
    ["a day after its expiry", 86_400_000],
  ])("refuses a pending %s as expired", (_label, late) => {
    const check = verifyPending(pending, KEY, pending.expiresAt + late);
    expect(check).toMatchObject({ ok: false, reason: "expired" });
    if (!check.ok) expect(check.message).toContain(`${late} ms ago`);
  });

  it("accepts a pending 1 ms before its expiry", () => {
    expect(verifyPending(pending, KEY, pending.expiresAt - 1).ok).toBe(true);
  });

  it("checks the MAC before the expiry: an edited expired pending is forged", () => {
    const edited = { ...pending, reason: "x" };
    expect(verifyPending(edited, KEY, pending.expiresAt + 1)).toMatchObject({ reason: "forged" });
  });

  const without = (field: string) => {
    const copy: Record<string, unknown> = { ...pending };
    delete copy[field];
    return copy;
  };
  const malformed: [label: string, value: unknown, problem: string][] = [
    ["undefined", undefined, "expected an object, got undefined"],
    ["null", null, "expected an object, got null"],
    ["a string", JSON.stringify(pending), "expected an object, got string"],
    ["an array", [pending], "expected an object, got an array"],
    ["an empty object", {}, "missing field 'id'"],
    ...PENDING_FIELDS.map((field): [string, unknown, string] => [
      `no '${field}'`,
      without(field),
      `missing field '${field}'`,
    ]),
    ["an unknown field", { ...pending, status: "approved" }, "unknown field 'status'"],
    ["an id that is a number", { ...pending, id: 1 }, "'id' must be a string"],
    ["an empty id", { ...pending, id: "" }, "'id' must not be empty"],
    ["a tool that is null", { ...pending, tool: null }, "'tool' must be a string"],
    [
      "a digest in upper case",
      { ...pending, argumentsDigest: OTHER_HEX.toUpperCase() },
      "'argumentsDigest' must be 64 lowercase hex digits",
    ],
    [
      "a short fingerprint",
      { ...pending, definitionFingerprint: "ab" },
      "'definitionFingerprint' must be 64",
    ],
    ["a mac of 63 digits", { ...pending, mac: pending.mac.slice(1) }, "'mac' must be 64"],
    [
      "a mac as base64",
      { ...pending, mac: Buffer.from(pending.mac, "hex").toString("base64") },
      "'mac' must be 64",
    ],
    [
      "an expiry as an ISO string",
      { ...pending, expiresAt: new Date(NOW).toISOString() },
      "'expiresAt' must be a whole number",
    ],
    [
      "a fractional issue time",
      { ...pending, issuedAt: NOW + 0.5 },
      "'issuedAt' must be a whole number",
    ],
    [
      "issued after it expires",
      { ...pending, issuedAt: pending.expiresAt + 1 },
      "'issuedAt' is after 'expiresAt'",
    ],
    [
      "hints missing one",
      { ...pending, hints: { readOnly: false, destructive: true, idempotent: false } },
      "'hints' must have exactly",
    ],
    [
      "hints with one more",
      { ...pending, hints: { ...pending.hints, safe: true } },
      "'hints' must have exactly",
    ],
    [
      "a hint that is a string",
      { ...pending, hints: { ...pending.hints, readOnly: "false" } },
      "'hints.readOnly' must be a boolean",
    ],
    [
      "arguments that are an array",
      { ...pending, arguments: [ARGS] },
      "'arguments' must be an object",
    ],
    [
      "an argument that is a function",
      { ...pending, arguments: { ...ARGS, f: () => 1 } },
      "pending.arguments.f: a function is not JSON",
    ],
    [
      "an argument that is undefined",
      { ...pending, arguments: { ...ARGS, u: undefined } },
      "pending.arguments.u: undefined is not JSON",
    ],
    [
      "an argument that is NaN",
      { ...pending, arguments: { ...ARGS, cents: Number.NaN } },
      "pending.arguments.cents: NaN is not a JSON number",
    ],
    [
      "an argument that is a bigint",
      { ...pending, arguments: { ...ARGS, cents: 500n } },
      "pending.arguments.cents: a bigint",
    ],
    [
      "an argument that is a Date",
      { ...pending, arguments: { ...ARGS, at: new Date(NOW) } },
      "a Date object",
    ],
  ];
  it.each(malformed)("refuses %s as malformed, saying what is wrong", (_label, value, problem) => {
    const check = verifyPending(value, KEY, NOW);
    expect(check).toMatchObject({ ok: false, reason: "malformed" });
    if (!check.ok) {
      expect(check.message.startsWith("not a pending approval: ")).toBe(true);
      expect(check.message).toContain(problem);
    }
  });

  it("refuses a cyclic value as malformed instead of looping or throwing", () => {
    const args: Record<string, unknown> = { ...ARGS };
    args.self = args;
    expect(verifyPending({ ...pending, arguments: args }, KEY, NOW)).toMatchObject({
      reason: "malformed",
    });
  });

  it("throws only for a bad key, never for a bad value", () => {
    expect(() => verifyPending(pending, "short", NOW)).toThrow(/at least 32 bytes/);
    expect(() => verifyPending(Symbol("x"), KEY, NOW)).not.toThrow();
  });
});
