import type { KeyObject } from "node:crypto";
import { ToolDefinitionError } from "@toolgate/tool-core";
import { nodeCrypto } from "./node-crypto.js";

/** Fewest bytes an approval key may have: as many as the SHA-256 it keys. */
const MIN_APPROVAL_KEY_BYTES = 32;

/**
 * The secret that signs pendings and grants: a string (its UTF-8 bytes), bytes, or a secret
 * `KeyObject`, of at least 32 bytes. Every registry holding the same
 * key accepts the others' pendings and grants.
 */
export type ApprovalKeyInput = string | Uint8Array | KeyObject;

/**
 * Checks an approval key once and returns it as a secret `KeyObject`, which later calls pass
 * straight through (so a registry checks its key when it is made, not on every call).
 *
 * @param option how the error names the option, e.g. `"ToolRegistry: approvalKey"`.
 * @throws ToolDefinitionError for a missing key, a key of another type, or one shorter than 32
 *   bytes: there is no default key, because a guessable one would let anyone forge grants.
 */
export function approvalKey(value: unknown, option = "approvalKey"): KeyObject {
  const crypto = nodeCrypto();
  if (value instanceof crypto.KeyObject) {
    if (value.type === "secret" && (value.symmetricKeySize ?? 0) >= MIN_APPROVAL_KEY_BYTES) {
      return value;
    }
    throw new ToolDefinitionError(
      `${option} must be a secret key of at least ${MIN_APPROVAL_KEY_BYTES} bytes; got a ${value.type} key${value.type === "secret" ? ` of ${value.symmetricKeySize} bytes` : ""}`,
    );
  }
  let bytes: Uint8Array;
  if (typeof value === "string") bytes = Buffer.from(value, "utf8");
  else if (value instanceof Uint8Array) bytes = value;
  else {
    throw new ToolDefinitionError(
      `${option} is required: a secret of at least ${MIN_APPROVAL_KEY_BYTES} bytes (a string or a Uint8Array, e.g. randomBytes(32)); got ${value === null ? "null" : typeof value}`,
    );
  }
  if (bytes.byteLength < MIN_APPROVAL_KEY_BYTES) {
    throw new ToolDefinitionError(
      `${option} must be at least ${MIN_APPROVAL_KEY_BYTES} bytes; got ${bytes.byteLength} (use randomBytes(32) or a long random string kept out of the code)`,
    );
  }
  // createSecretKey copies the bytes: a caller who later zeroes their buffer changes nothing here.
  return crypto.createSecretKey(bytes);
}
