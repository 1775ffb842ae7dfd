import type { KeyObject } from "node:crypto";
import { nodeCrypto } from "./node-crypto.js";

/**
 * What each MAC signs, written before the signed text: a pending's MAC can never stand for a
 * grant's signature (or the reverse), even though one key makes both.
 */
export const MAC_DOMAINS = {
  pending: "toolgate.pending.v1\n",
  grant: "toolgate.grant.v1\n",
} as const;

/** HMAC-SHA256 of `domain` followed by `text`, keyed by `key`. */
export function approvalMac(key: KeyObject, domain: string, text: string): Buffer {
  return nodeCrypto().createHmac("sha256", key).update(domain).update(text).digest();
}

/**
 * Compares a MAC as written (hex or base64url) in constant time. Texts, not decoded bytes: a
 * base64url text has spare bits, so two texts can decode to one MAC; comparing the canonical
 * text means a token has exactly one valid spelling. A length says nothing secret.
 */
export function macsMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && nodeCrypto().timingSafeEqual(a, b);
}
