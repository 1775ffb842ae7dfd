import type { Hints } from "@toolgate/tool-core";
import { canonicalJson } from "@toolgate/tool-core/internal";

/**
 * A call that waits for a person, as plain JSON: safe to store, to send to a browser and to get
 * back from one. It holds no secret; its `mac` only lets a registry holding the same key
 * recognise it as one it issued, unedited. Times are epoch milliseconds (numbers, not strings:
 * no parsing, no time zones, and the ledger's `expiresAt` is the same number).
 */
export interface PendingApproval {
  /** Random id (a UUID), unique per pending: grants and the ledger are keyed by it. */
  readonly id: string;
  /** The id of the tool call that waits (the provider's call id). */
  readonly callId: string;
  /** The tool's name. */
  readonly tool: string;
  /** The tool's trust root (`"builtin"`, `"mcp:github"`, ...). */
  readonly origin: string;
  /** The arguments as validated, exactly what would run. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The tool's behaviour hints, for the person deciding. */
  readonly hints: Hints;
  /** Why the call needs a person, in words. */
  readonly reason: string;
  /** sha256 hex of the canonical JSON of `arguments` (see `argumentsDigest`). */
  readonly argumentsDigest: string;
  /** sha256 hex of the tool's definition (see `definitionFingerprint`). */
  readonly definitionFingerprint: string;
  /** When it was issued, epoch ms. */
  readonly issuedAt: number;
  /** The first instant it is no longer valid, epoch ms: valid while `now < expiresAt`. */
  readonly expiresAt: number;
  /** HMAC-SHA256 (lowercase hex) of the canonical JSON of every other field. */
  readonly mac: string;
}

/** Every field of a pending approval, in the order they are checked. */
export const PENDING_FIELDS = [
  "id",
  "callId",
  "tool",
  "origin",
  "arguments",
  "hints",
  "reason",
  "argumentsDigest",
  "definitionFingerprint",
  "issuedAt",
  "expiresAt",
  "mac",
] as const satisfies readonly (keyof PendingApproval)[];

/**
 * The text a pending's MAC signs: the canonical JSON of every field but `mac`, read by name (so
 * a field added to the value is never signed, and key order never matters).
 */
export function signedText(pending: Readonly<Record<string, unknown>>): string {
  const unsigned: Record<string, unknown> = {};
  for (const field of PENDING_FIELDS) if (field !== "mac") unsigned[field] = pending[field];
  return canonicalJson(unsigned);
}
