import { canonicalJson, timeoutOption } from "@toolgate/tool-core/internal";
import { type ApprovalKeyInput, approvalKey } from "./approval-key.js";
import { approvalMac, MAC_DOMAINS } from "./approval-mac.js";
import { digestOfText } from "./arguments-digest.js";
import { type ApprovedDefinition, definitionFingerprint } from "./definition-fingerprint.js";
import { nodeCrypto } from "./node-crypto.js";
import { type PendingApproval, signedText } from "./pending-approval.js";

/** How long a pending approval (and the grant made from it) stays valid: 15 minutes. */
export const DEFAULT_APPROVAL_TTL_MS = 15 * 60 * 1000;

/** What a pending approval is made from. */
export interface PendingFields {
  /** The id of the tool call that waits. */
  readonly callId: string;
  /** The tool as registered: its name, origin and hints go into the pending, all five fields into its fingerprint. */
  readonly definition: ApprovedDefinition;
  /** The validated arguments (a JSON object). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Why the call needs a person. */
  readonly reason: string;
  /**
   * Time to live in ms (a whole number from 1 to 2^31-1).
   * @default DEFAULT_APPROVAL_TTL_MS (15 minutes)
   */
  readonly ttlMs?: number;
  /**
   * The definition's fingerprint when the caller already has it (computed once per tool).
   * @default definitionFingerprint(definition)
   */
  readonly definitionFingerprint?: string;
}

/**
 * Issues a pending approval for a validated call: a fresh random id, the arguments as the JSON
 * that was digested (so `arguments` and `argumentsDigest` always agree), and a MAC under `key`.
 *
 * @param now the current time, epoch ms (a parameter so tests and callers share one clock).
 * @throws ToolDefinitionError for a bad key or `ttlMs`; TypeError for arguments JSON cannot hold
 *   exactly, a non-string `callId` or `reason`, or a `definitionFingerprint` that is not a sha256.
 */
export function issuePending(
  fields: PendingFields,
  key: ApprovalKeyInput,
  now: number = Date.now(),
): PendingApproval {
  const secret = approvalKey(key);
  const ttlMs = timeoutOption(fields.ttlMs, "approval ttlMs", DEFAULT_APPROVAL_TTL_MS);
  if (ttlMs === null) throw new TypeError("approval ttlMs cannot be null: a pending must expire");
  if (!Number.isSafeInteger(now)) throw new TypeError(`now must be epoch ms, got ${now}`);
  if (typeof fields.callId !== "string") throw new TypeError("callId must be a string");
  if (typeof fields.reason !== "string") throw new TypeError("reason must be a string");
  const text = canonicalJson(fields.arguments);
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new TypeError("the arguments of a pending approval must be a JSON object");
  }
  const given = fields.definitionFingerprint;
  if (given !== undefined && (typeof given !== "string" || !/^[0-9a-f]{64}$/.test(given))) {
    throw new TypeError("definitionFingerprint must be 64 lowercase hex digits (a sha256)");
  }
  const { definition } = fields;
  const unsigned: Omit<PendingApproval, "mac"> = {
    id: nodeCrypto().randomUUID(),
    callId: fields.callId,
    tool: definition.name,
    origin: definition.origin,
    arguments: parsed as Record<string, unknown>,
    // A copy of the four booleans: the pending is plain JSON, not a frozen Hints object.
    hints: {
      readOnly: definition.hints.readOnly,
      destructive: definition.hints.destructive,
      idempotent: definition.hints.idempotent,
      openWorld: definition.hints.openWorld,
    },
    reason: fields.reason,
    argumentsDigest: digestOfText(text),
    definitionFingerprint: given ?? definitionFingerprint(definition),
    issuedAt: now,
    expiresAt: now + ttlMs,
  };
  const mac = approvalMac(secret, MAC_DOMAINS.pending, signedText(unsigned));
  return { ...unsigned, mac: mac.toString("hex") };
}
