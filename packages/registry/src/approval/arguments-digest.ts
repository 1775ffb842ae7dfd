import { canonicalJson } from "@toolgate/tool-core/internal";
import { nodeCrypto } from "./node-crypto.js";

/**
 * The sha256 (lowercase hex) of the canonical JSON of a call's arguments (keys sorted at every
 * depth, no whitespace, numbers as JSON writes them). Reordered keys are the same call and give
 * the same digest; any changed value, added or removed key gives another.
 *
 * @throws TypeError for arguments JSON cannot hold exactly (a bigint, a cycle).
 * @example
 * argumentsDigest({ b: 2, a: 1 }) === argumentsDigest({ a: 1, b: 2 }) // true
 */
export function argumentsDigest(args: unknown): string {
  return digestOfText(canonicalJson(args));
}

/** The sha256 (lowercase hex) of a canonical JSON text already written. */
export function digestOfText(text: string): string {
  return nodeCrypto().createHash("sha256").update(text).digest("hex");
}
