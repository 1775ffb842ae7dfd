/**
 * Why `verifyPending` refused a value:
 *
 * - `malformed`: not a pending approval at all (wrong shape, an unknown or missing field, a value
 *   JSON cannot carry);
 * - `forged`: shaped like one, but its MAC does not match: edited, made up, or issued under
 *   another key;
 * - `expired`: genuine, but its time to live is over.
 */
export type PendingRefusalReason = "malformed" | "forged" | "expired";

/**
 * Why `verifyGrant` refused a token:
 *
 * - `malformed-token`: not a grant token (empty, too long, not `payload.signature`, not
 *   base64url, or a signed payload of the wrong shape);
 * - `bad-signature`: the signature does not match: edited, made up, or signed under another key;
 * - `other-tool`: a genuine grant for another tool;
 * - `other-arguments`: a genuine grant for other arguments (the digests differ);
 * - `other-definition`: a genuine grant for this tool as it was defined before (description,
 *   schema, hints or origin changed since the person approved);
 * - `expired`: genuine and for this call, but its time to live is over.
 */
export type GrantRefusalReason =
  | "malformed-token"
  | "bad-signature"
  | "other-tool"
  | "other-arguments"
  | "other-definition"
  | "expired";

/** A refusal as data: a stable `reason` to branch on and a readable `message` for people. */
export interface ApprovalRefusal<Reason extends string> {
  readonly ok: false;
  /** Stable code of the refusal. */
  readonly reason: Reason;
  /** One readable sentence saying what was wrong. */
  readonly message: string;
}

/** Builds a refusal. */
export function refuse<Reason extends string>(
  reason: Reason,
  message: string,
): ApprovalRefusal<Reason> {
  return { ok: false, reason, message };
}
