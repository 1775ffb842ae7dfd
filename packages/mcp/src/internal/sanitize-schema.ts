import { sanitizeDescription } from "../sanitize-description.js";

/** Keys whose string values are prose shown to the model and reviewer. */
const PROSE_KEYS = new Set(["description", "title"]);
/** Keywords whose values are data the server compares against: kept byte for byte. */
const DATA_KEYS = new Set(["const", "enum", "default", "examples"]);

/** How deeply an input schema may nest (objects and arrays); deeper ones are refused. */
export const MAX_SCHEMA_DEPTH = 64;

const MAX_SCHEMA_NODES = 100_000;

export type SanitizedSchema =
  | { readonly ok: true; readonly schema: Record<string, unknown> }
  | { readonly ok: false; readonly reason: string };

/**
 * A plain-JSON copy of `schema` in which every `description` and `title` string, at any depth,
 * is sanitized; everything else is kept as sent. Walks with an explicit stack, so a hostile
 * 10,000-deep schema is refused with a reason instead of overflowing the call stack.
 */
export function sanitizeSchema(
  schema: Record<string, unknown>,
  maxChars: number,
  maxDepth: number = MAX_SCHEMA_DEPTH,
): SanitizedSchema {
  const root: Record<string, unknown> = {};
  const stack: { from: object; to: Record<string, unknown> | unknown[]; depth: number }[] = [
    { from: schema, to: root, depth: 1 },
  ];
  let nodes = 0;
  while (stack.length > 0) {
    const { from, to, depth } = stack.pop()!;
    // The depth limit also ends cycles (possible with in-memory transports); the node limit
    // ends shared sub-objects that would multiply the work.
    if (depth > maxDepth) {
      return { ok: false, reason: `its input schema nests deeper than ${maxDepth} levels` };
    }
    if (++nodes > MAX_SCHEMA_NODES) {
      return { ok: false, reason: `its input schema has more than ${MAX_SCHEMA_NODES} parts` };
    }
    for (const [key, value] of Object.entries(from)) {
      let copy: unknown = value;
      if (typeof value === "string" && !Array.isArray(from) && PROSE_KEYS.has(key)) {
        copy = sanitizeDescription(value, maxChars);
      } else if (typeof value === "object" && value !== null) {
        if (!Array.isArray(from) && DATA_KEYS.has(key)) {
          copy = structuredCloneJson(value);
          if (copy === undefined) {
            return { ok: false, reason: `its input schema's '${key}' cannot be copied as JSON` };
          }
        } else {
          copy = Array.isArray(value) ? [] : {};
          stack.push({ from: value, to: copy as Record<string, unknown>, depth: depth + 1 });
        }
      } else if (
        typeof value === "function" ||
        typeof value === "symbol" ||
        typeof value === "bigint"
      ) {
        return { ok: false, reason: "its input schema is not plain JSON" };
      }
      (to as Record<string, unknown>)[key] = copy;
    }
  }
  return { ok: true, schema: root };
}

function structuredCloneJson(value: object): unknown {
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return undefined;
  }
}
