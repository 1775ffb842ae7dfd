import type { Hints } from "@toolgate/tool-core";

const KEYS = [
  ["readOnlyHint", "readOnly"],
  ["destructiveHint", "destructive"],
  ["idempotentHint", "idempotent"],
  ["openWorldHint", "openWorld"],
] as const;

/**
 * Hints from a server's tool annotations. Only real booleans count; the rest assumes the worst.
 * Contradictions (read-only but destructive, or read-only but not idempotent) are resolved to the
 * worst case: the tool is treated as not read-only. Never throws.
 */
export function hintsFromAnnotations(annotations: unknown): Partial<Hints> {
  if (typeof annotations !== "object" || annotations === null) return {};
  const record = annotations as Record<string, unknown>;
  const result: { -readonly [K in keyof Hints]?: boolean } = {};
  for (const [from, to] of KEYS) {
    const value = record[from];
    if (typeof value === "boolean") result[to] = value;
  }
  if (result.readOnly === true && (result.destructive === true || result.idempotent === false)) {
    result.readOnly = false;
  }
  return result;
}
