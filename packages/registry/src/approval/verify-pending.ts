import { isRecord } from "@toolgate/tool-core/internal";
import { type ApprovalKeyInput, approvalKey } from "./approval-key.js";
import { approvalMac, MAC_DOMAINS, macsMatch } from "./approval-mac.js";
import { type ApprovalRefusal, type PendingRefusalReason, refuse } from "./approval-refusal.js";
import { jsonProblem } from "./json-problem.js";
import { PENDING_FIELDS, type PendingApproval, signedText } from "./pending-approval.js";

/** The answer of `verifyPending`: the pending as verified, or why it was refused. */
export type PendingCheck =
  | { readonly ok: true; readonly pending: PendingApproval }
  | ApprovalRefusal<PendingRefusalReason>;

const HEX_64 = /^[0-9a-f]{64}$/;
const HINT_KEYS = ["readOnly", "destructive", "idempotent", "openWorld"] as const;
const KNOWN = new Set<string>(PENDING_FIELDS);

/**
 * Checks a value that claims to be a pending approval this key issued (typically JSON back from a
 * browser), in this order: its shape (`malformed`), its MAC (`forged`, compared in constant
 * time), its expiry (`expired`: refused from `expiresAt` on, so 1 ms late is too late).
 *
 * The pending returned is a fresh copy built from the exact text the MAC was checked over, so a
 * caller never acts on a value that could differ from what was verified.
 *
 * @throws ToolDefinitionError for a bad key only; every problem with `value` is an answer.
 */
export function verifyPending(
  value: unknown,
  key: ApprovalKeyInput,
  now: number = Date.now(),
): PendingCheck {
  const secret = approvalKey(key);
  const problem = shapeProblem(value);
  if (problem !== undefined) return refuse("malformed", `not a pending approval: ${problem}`);
  const record = value as Record<string, unknown>;
  const text = signedText(record);
  const mac = approvalMac(secret, MAC_DOMAINS.pending, text).toString("hex");
  if (!macsMatch(mac, record.mac as string)) {
    return refuse(
      "forged",
      "this pending approval was not issued with this key, or was edited after it was issued",
    );
  }
  const expiresAt = record.expiresAt as number;
  if (now >= expiresAt) {
    return refuse(
      "expired",
      `this pending approval expired at ${new Date(expiresAt).toISOString()} (${now - expiresAt} ms ago)`,
    );
  }
  const pending = {
    ...(JSON.parse(text) as Omit<PendingApproval, "mac">),
    mac: record.mac as string,
  };
  return { ok: true, pending };
}

/** What makes `value` not a pending approval, or `undefined` when it has the shape of one. */
function shapeProblem(value: unknown): string | undefined {
  if (!isRecord(value))
    return `expected an object, got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`;
  for (const key of Object.keys(value)) {
    if (!KNOWN.has(key)) return `unknown field '${key.slice(0, 40)}'`;
  }
  for (const field of PENDING_FIELDS) {
    if (!Object.hasOwn(value, field)) return `missing field '${field}'`;
  }
  for (const field of ["id", "callId", "tool", "origin", "reason"] as const) {
    if (typeof value[field] !== "string") return `'${field}' must be a string`;
  }
  if ((value.id as string).length === 0) return "'id' must not be empty";
  for (const field of ["argumentsDigest", "definitionFingerprint", "mac"] as const) {
    if (typeof value[field] !== "string" || !HEX_64.test(value[field])) {
      return `'${field}' must be 64 lowercase hex digits`;
    }
  }
  for (const field of ["issuedAt", "expiresAt"] as const) {
    if (!Number.isSafeInteger(value[field])) return `'${field}' must be a whole number of epoch ms`;
  }
  if ((value.issuedAt as number) > (value.expiresAt as number)) {
    return "'issuedAt' is after 'expiresAt'";
  }
  const { hints } = value;
  if (!isRecord(hints)) return "'hints' must be an object";
  if (Object.keys(hints).length !== HINT_KEYS.length) {
    return `'hints' must have exactly ${HINT_KEYS.join(", ")}`;
  }
  for (const hint of HINT_KEYS) {
    if (typeof hints[hint] !== "boolean") return `'hints.${hint}' must be a boolean`;
  }
  if (!isRecord(value.arguments)) return "'arguments' must be an object";
  return jsonProblem(value, "pending");
}
