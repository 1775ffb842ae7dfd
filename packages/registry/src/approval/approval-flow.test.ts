// The pieces together, as the channel will use them: issue, send through JSON, approve, resume
// in "another registry" (same key, own ledger check), and the replay refused.
import { describe, expect, it } from "vitest";
import {
  ARGS_REORDERED,
  FIELDS,
  KEY,
  NOW,
  SAME_KEY_AS_BYTES,
  TRANSFER,
} from "./__fixtures__/approval-fixtures.js";
import { argumentsDigest } from "./arguments-digest.js";
import { definitionFingerprint } from "./definition-fingerprint.js";
import { grantToken } from "./grant-token.js";
import { InMemoryApprovalLedger } from "./in-memory-approval-ledger.js";
import { issuePending } from "./issue-pending.js";
import { verifyGrant } from "./verify-grant.js";
import { verifyPending } from "./verify-pending.js";

describe("an approval from issue to single use", () => {
  it("runs once with the grant, and a replay of the same token is refused by the ledger", () => {
    const ledger = new InMemoryApprovalLedger({ now: () => NOW + 2 });
    const pending = issuePending(FIELDS, KEY, NOW);
    // The browser gets JSON and sends it back; the approving registry holds the same key.
    const back = verifyPending(JSON.parse(JSON.stringify(pending)), SAME_KEY_AS_BYTES, NOW + 1);
    if (!back.ok) throw new Error(back.message);
    const token = grantToken(back.pending, SAME_KEY_AS_BYTES, { by: "ops" });
    // The model calls again with its keys in another order: still the approved call.
    const expected = {
      tool: TRANSFER.name,
      argumentsDigest: argumentsDigest(ARGS_REORDERED),
      definitionFingerprint: definitionFingerprint(TRANSFER),
    };
    const uses = [1, 2, 3].map(() => {
      const check = verifyGrant(token, KEY, expected, NOW + 2);
      if (!check.ok) return check.reason;
      return ledger.consume(check.grant.id, check.grant.expiresAt) ? "ran" : "replayed";
    });
    expect(uses).toEqual(["ran", "replayed", "replayed"]);
  });

  it("keeps two grants of one pending to a single use (the id is what is consumed)", () => {
    const ledger = new InMemoryApprovalLedger({ now: () => NOW });
    const pending = issuePending(FIELDS, KEY, NOW);
    const first = grantToken(pending, KEY, { by: "alice" });
    const second = grantToken(pending, KEY, { by: "bob" });
    expect(first).not.toBe(second);
    const ids = [first, second].map((token) => {
      const check = verifyGrant(
        token,
        KEY,
        {
          tool: "transfer",
          argumentsDigest: pending.argumentsDigest,
          definitionFingerprint: pending.definitionFingerprint,
        },
        NOW,
      );
      if (!check.ok) throw new Error(check.message);
      return ledger.consume(check.grant.id, check.grant.expiresAt);
    });
    expect(ids).toEqual([true, false]);
  });
});
