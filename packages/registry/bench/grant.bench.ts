// Speed of the approval primitives (issue 12: verifying a grant must add at most 10 µs to a call),
// measured against a raw `createHmac` of the same payload in the same process (see bench/README.md
// at the repository root). Run with `pnpm --filter @toolgate/registry bench` after building: it
// imports the built package, like a user.
import { createHmac, randomBytes } from "node:crypto";
import { InMemoryApprovalLedger, ToolRegistry } from "@toolgate/registry";
import {
  approvalKey,
  argumentsDigest,
  definitionFingerprint,
  grantToken,
  issuePending,
  verifyGrant,
} from "@toolgate/registry/internal";
import { hints, tool } from "@toolgate/tool-core";
import { type Figure, median, report } from "../../../bench/report.js";

const PACKAGE = "@toolgate/registry";
const TARGET_US = 10;

const figures: Figure[] = [];

/** Median µs per call over `rounds` rounds of `perRound` calls. */
function perCall(run: () => unknown, rounds: number, perRound: number): number {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let i = 0; i < perRound; i++) run();
    samples.push(((performance.now() - start) * 1000) / perRound);
  }
  return median(samples);
}

/**
 * Both sides warmed up, then many short rounds (about 1 ms each), interleaved: on a shared machine
 * a preemption spoils only the round it lands in, and both sides alike. Medians of each side.
 */
function pair(a: () => unknown, b: () => unknown): [number, number] {
  perCall(a, 5, 10_000);
  perCall(b, 5, 10_000);
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < 1001; i++) {
    as.push(perCall(a, 1, 200));
    bs.push(perCall(b, 1, 200));
  }
  return [median(as), median(bs)];
}

const secret = randomBytes(32);
const key = approvalKey(secret);
const transfer = {
  name: "transfer",
  description: "Moves money between accounts.",
  inputSchema: {
    type: "object",
    properties: { to: { type: "string" }, cents: { type: "integer" }, memo: { type: "string" } },
    required: ["to", "cents"],
  },
  hints: hints({ openWorld: false }),
  origin: "builtin",
} as const;
const args = { to: "alice", cents: 500, memo: "rent for May" };
const fingerprint = definitionFingerprint(transfer);
const pending = issuePending(
  { callId: "call_1", definition: transfer, arguments: args, reason: "destructive" },
  key,
);
const token = grantToken(pending, key, { by: "ops@example.com" });
const expected = {
  tool: "transfer",
  argumentsDigest: pending.argumentsDigest,
  definitionFingerprint: fingerprint,
};
const payload = token.split(".")[0]!;

if (!verifyGrant(token, key, expected).ok) throw new Error("the grant did not verify");

// The floor: one HMAC-SHA256 of the same payload, which any signed grant must pay.
const rawHmac = () => createHmac("sha256", secret).update(payload).digest("base64url");

// 1. verifyGrant alone: form, signature, claims, tool, digests, expiry.
const [verifyUs, baseUs] = pair(() => verifyGrant(token, key, expected), rawHmac);
figures.push({
  name: "verifyGrant (form, HMAC, claims, expiry)",
  value: verifyUs,
  unit: "µs/call",
  baseline: "raw createHmac of the payload",
  baselineValue: baseUs,
  target: `< ${TARGET_US} µs`,
  ok: verifyUs < TARGET_US,
});

// 2. What a call with a grant pays in all: digest its arguments, verify, consume the id.
let n = 0;
const ledger = new InMemoryApprovalLedger({ maxEntries: 10_000_000 });
const fullCheck = () => {
  const check = verifyGrant(token, key, { ...expected, argumentsDigest: argumentsDigest(args) });
  // A fresh id per call: the ledger's cost for a first use, not a map hit.
  return check.ok && ledger.consume(`${check.grant.id}:${n++}`, check.grant.expiresAt);
};
const [fullUs, base2Us] = pair(fullCheck, rawHmac);
figures.push({
  name: "grant check per call (arguments digest + verifyGrant + ledger)",
  value: fullUs,
  unit: "µs/call",
  baseline: "raw createHmac of the payload",
  baselineValue: base2Us,
  target: `< ${TARGET_US} µs`,
  ok: fullUs < TARGET_US,
});

// 3. Through the registry: `execute` with a grant against `execute` of the same tool needing no
// approval. The ledger here always says "first use" (its cost is in figure 2), so one token
// serves every call and the difference is the channel's whole grant check.
const schema = {
  type: "object",
  properties: { to: { type: "string" } },
  required: ["to"],
} as const;
const approved = new ToolRegistry({ approval: { key: secret, ledger: { consume: () => true } } });
approved.register(
  tool({ name: "send", parameters: schema, requiresConfirmation: true, execute: () => "ok" }),
);
const open = new ToolRegistry();
open.register(tool({ name: "send", parameters: schema, execute: () => "ok" }));
const sendArgs = { to: "alice" };
const sendPending = (await approved.executeChecked("send", sendArgs)).pending;
const sendGrant = sendPending && (await approved.approve(sendPending));
if (sendGrant?.status !== "approved") throw new Error("no grant for the registry bench");
const granted = await approved.executeChecked("send", sendArgs, { approval: sendGrant.token });
if (!granted.executed) throw new Error(`the grant did not run: ${granted.response.text}`);
const [withGrantUs, withoutUs] = pair(
  () => approved.execute("send", sendArgs, { approval: sendGrant.token }),
  () => open.execute("send", sendArgs),
);
figures.push({
  name: "execute with a grant (ledger cost aside)",
  value: withGrantUs,
  unit: "µs/call",
  baseline: "execute of the same tool needing no approval",
  baselineValue: withoutUs,
  target: `< baseline + ${TARGET_US} µs`,
  ok: withGrantUs - withoutUs < TARGET_US,
});

report(PACKAGE, figures);
