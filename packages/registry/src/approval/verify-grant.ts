import { isRecord } from "@toolgate/tool-core/internal";
import { type ApprovalKeyInput, approvalKey } from "./approval-key.js";
import { approvalMac, MAC_DOMAINS, macsMatch } from "./approval-mac.js";
import { type ApprovalRefusal, type GrantRefusalReason, refuse } from "./approval-refusal.js";
import { type GrantClaims, MAX_APPROVED_BY_CHARS, MAX_GRANT_TOKEN_CHARS } from "./grant-token.js";

/** The call a grant must be for: what the registry is about to run. */
export interface ExpectedGrant {
  /** The tool's name. */
  readonly tool: string;
  /** `argumentsDigest` of the arguments about to run. */
  readonly argumentsDigest: string;
  /** `definitionFingerprint` of the tool as registered now. */
  readonly definitionFingerprint: string;
}

/** The answer of `verifyGrant`: the signed claims, or why the token was refused. */
export type GrantCheck =
  | { readonly ok: true; readonly grant: GrantClaims }
  | ApprovalRefusal<GrantRefusalReason>;

// base64url without padding; a 32-byte HMAC is exactly 43 such characters.
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_CHARS = 43;
const HEX_64 = /^[0-9a-f]{64}$/;
const CLAIM_KEYS = new Set([
  "v",
  "id",
  "tool",
  "argumentsDigest",
  "definitionFingerprint",
  "expiresAt",
  "approvedBy",
]);

/**
 * Checks a grant token against the call about to run, in this order: its form
 * (`malformed-token`: a string of at most 2048 characters, `payload.signature`, both base64url,
 * a 43-character signature), its signature (`bad-signature`, constant-time), the signed claims'
 * shape (`malformed-token`),
 * then `other-tool`, `other-arguments`, `other-definition`, and `expired` (from `expiresAt` on).
 * The payload is parsed only once its signature holds: nothing unsigned is ever read as JSON.
 *
 * Single use is not checked here: pass the grant's `id` and `expiresAt` to an `ApprovalLedger`.
 *
 * @throws ToolDefinitionError for a bad key only; every problem with `token` is an answer.
 */
export function verifyGrant(
  token: unknown,
  key: ApprovalKeyInput,
  expected: ExpectedGrant,
  now: number = Date.now(),
): GrantCheck {
  const secret = approvalKey(key);
  if (typeof token !== "string" || token.length === 0) {
    return malformed(`expected a non-empty string, got ${describe(token)}`);
  }
  if (token.length > MAX_GRANT_TOKEN_CHARS) {
    return malformed(`longer than ${MAX_GRANT_TOKEN_CHARS} characters (${token.length})`);
  }
  const dot = token.indexOf(".");
  if (dot < 0 || dot !== token.lastIndexOf(".")) return malformed("expected payload.signature");
  const payload = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  // The signature first: a genuine token pays one HMAC and no scan of its characters. Only a
  // token that fails is looked at more closely, to say whether it was garbled or forged.
  const mac = approvalMac(secret, MAC_DOMAINS.grant, payload).toString("base64url");
  if (!macsMatch(mac, signature)) {
    if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) {
      return malformed("payload and signature must be base64url");
    }
    if (signature.length !== SIGNATURE_CHARS) {
      return malformed(`the signature must be ${SIGNATURE_CHARS} characters`);
    }
    return refuse(
      "bad-signature",
      "the grant's signature does not match: it was edited, made up, or signed with another key",
    );
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return malformed("the signed payload is not JSON");
  }
  const problem = claimsProblem(claims);
  if (problem !== undefined) return malformed(problem);
  const grant = claims as GrantClaims;
  if (grant.tool !== expected.tool) {
    return refuse("other-tool", `the grant is for tool '${grant.tool}', not '${expected.tool}'`);
  }
  if (grant.argumentsDigest !== expected.argumentsDigest) {
    return refuse("other-arguments", "the grant is for other arguments than this call's");
  }
  if (grant.definitionFingerprint !== expected.definitionFingerprint) {
    return refuse(
      "other-definition",
      `tool '${grant.tool}' changed (description, schema, hints or origin) since the grant was given`,
    );
  }
  if (now >= grant.expiresAt) {
    return refuse(
      "expired",
      `the grant expired at ${new Date(grant.expiresAt).toISOString()} (${now - grant.expiresAt} ms ago)`,
    );
  }
  return { ok: true, grant };
}

function malformed(why: string): ApprovalRefusal<GrantRefusalReason> {
  return refuse("malformed-token", `not a grant token: ${why}`);
}

/** What makes signed claims unusable, or `undefined` for well-formed ones. */
function claimsProblem(claims: unknown): string | undefined {
  if (!isRecord(claims)) return "the signed payload is not a JSON object";
  for (const key of Object.keys(claims)) {
    if (!CLAIM_KEYS.has(key)) return `unknown claim '${key.slice(0, 40)}'`;
  }
  if (claims.v !== 1) return "unknown token version";
  if (typeof claims.id !== "string" || claims.id.length === 0) return "'id' must be a string";
  if (typeof claims.tool !== "string") return "'tool' must be a string";
  if (typeof claims.argumentsDigest !== "string" || !HEX_64.test(claims.argumentsDigest)) {
    return "'argumentsDigest' must be 64 hex digits";
  }
  if (
    typeof claims.definitionFingerprint !== "string" ||
    !HEX_64.test(claims.definitionFingerprint)
  ) {
    return "'definitionFingerprint' must be 64 hex digits";
  }
  if (!Number.isSafeInteger(claims.expiresAt)) return "'expiresAt' must be whole epoch ms";
  const by = claims.approvedBy;
  if (
    by !== undefined &&
    (typeof by !== "string" || by.length === 0 || by.length > MAX_APPROVED_BY_CHARS)
  ) {
    return `'approvedBy' must be a string of 1 to ${MAX_APPROVED_BY_CHARS} characters`;
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string") return "an empty string";
  return typeof value;
}
