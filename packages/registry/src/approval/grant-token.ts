import { type ApprovalKeyInput, approvalKey } from "./approval-key.js";
import { approvalMac, MAC_DOMAINS } from "./approval-mac.js";
import type { PendingApproval } from "./pending-approval.js";

/** Longest grant token `verifyGrant` reads; anything longer is refused unread. */
export const MAX_GRANT_TOKEN_CHARS = 2048;

/** Longest `by` a grant carries, in UTF-16 code units. */
export const MAX_APPROVED_BY_CHARS = 200;

/** What a grant token says, signed: the one call a person approved, and until when. */
export interface GrantClaims {
  /** Format version of the token. */
  readonly v: 1;
  /** The id of the pending approval it grants: single use is keyed by it. */
  readonly id: string;
  /** The tool's name. */
  readonly tool: string;
  /** sha256 hex of the canonical JSON of the approved arguments. */
  readonly argumentsDigest: string;
  /** sha256 hex of the tool's definition when the person approved. */
  readonly definitionFingerprint: string;
  /** The first instant the grant is no longer valid, epoch ms (the pending's own expiry). */
  readonly expiresAt: number;
  /** Who approved, as the app names them; absent when the app did not say. */
  readonly approvedBy?: string;
}

/** Options of `grantToken`. */
export interface GrantOptions {
  /** Who approved (a user id, an email): kept in the token for the audit trail. */
  readonly by?: string;
}

/**
 * Signs a grant for a pending approval: `base64url(JSON claims) + "." + base64url(HMAC-SHA256)`.
 * The token is opaque to its holder but not secret (it only says what was approved): anyone can
 * read it, no one without the key can make or change one.
 *
 * It signs the pending as given: check the pending with `verifyPending` first (a registry's
 * `approve` does both).
 *
 * @throws ToolDefinitionError for a bad key; RangeError for a `by` that is not a string of
 *   1 to 200 characters.
 */
export function grantToken(
  pending: PendingApproval,
  key: ApprovalKeyInput,
  options: GrantOptions = {},
): string {
  const secret = approvalKey(key);
  const { by } = options;
  if (
    by !== undefined &&
    (typeof by !== "string" || by.length === 0 || by.length > MAX_APPROVED_BY_CHARS)
  ) {
    throw new RangeError(`by must be a string of 1 to ${MAX_APPROVED_BY_CHARS} characters`);
  }
  const claims: GrantClaims = {
    v: 1,
    id: pending.id,
    tool: pending.tool,
    argumentsDigest: pending.argumentsDigest,
    definitionFingerprint: pending.definitionFingerprint,
    expiresAt: pending.expiresAt,
    ...(by === undefined ? {} : { approvedBy: by }),
  };
  return signClaims(secret, JSON.stringify(claims));
}

/** `payload.signature` for a claims text (also how tests make signed tokens of any shape). */
export function signClaims(key: ReturnType<typeof approvalKey>, json: string): string {
  const payload = Buffer.from(json, "utf8").toString("base64url");
  return `${payload}.${approvalMac(key, MAC_DOMAINS.grant, payload).toString("base64url")}`;
}
