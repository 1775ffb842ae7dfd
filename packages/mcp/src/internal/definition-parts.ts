import { createHash } from "node:crypto";
import { canonicalJson } from "@toolgate/tool-core/internal";
import { FINGERPRINT_FIELDS } from "../fingerprint-tool.js";

/** The definition fields a fingerprint covers, each hashed on its own in a lock's `tools`. */
export const PART_FIELDS = FINGERPRINT_FIELDS;

/** Field → sha256 of its canonical JSON, for each field present. */
export function definitionParts(raw: Readonly<Record<string, unknown>>): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const field of PART_FIELDS) {
    if (raw[field] === undefined) continue;
    parts[field] = createHash("sha256").update(canonicalJson(raw[field])).digest("hex");
  }
  return parts;
}

/** Only the fields a fingerprint covers, as the server sent them: what a version 2 lock keeps. */
export function pinnedDefinition(raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of PART_FIELDS) {
    if (raw[field] !== undefined) kept[field] = raw[field];
  }
  return kept;
}
