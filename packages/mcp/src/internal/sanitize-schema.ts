import { linearPatternProblem } from "@toolgate/registry/internal";
import { removeInvisibleCharacters } from "@toolgate/tool-core";
import { clip } from "@toolgate/tool-core/internal";
import { sanitizeDescription } from "../sanitize-description.js";

/**
 * Keywords whose values, of any type and at any depth, are prose for the model and the reviewer:
 * every string in them (object keys too) is cleaned; nothing validates against them.
 */
const PROSE_KEYWORDS = new Set([
  "description",
  "title",
  "$comment",
  "markdownDescription",
  "deprecationMessage",
  "enumDescriptions",
  "markdownEnumDescriptions",
]);
/** Prose keywords that JSON Schema's meta-schema requires to be strings. */
const STRING_KEYWORDS = new Set(["description", "title", "$comment"]);
/** Keywords whose value is a schema or a list of schemas. */
const SCHEMA_KEYWORDS = new Set([
  "items",
  "additionalItems",
  "prefixItems",
  "contains",
  "additionalProperties",
  "unevaluatedItems",
  "unevaluatedProperties",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
  "contentSchema",
]);
/** Keywords whose value maps names (kept byte for byte) to schemas, and what a name is. */
const MAP_KEYWORDS = new Map([
  ["properties", "property name"],
  ["patternProperties", "pattern"],
  ["dependentSchemas", "property name"],
  ["dependencies", "property name"],
  ["$defs", "definition name"],
  ["definitions", "definition name"],
]);

/** How deeply an input schema may nest (objects and arrays); deeper ones are refused. */
const MAX_SCHEMA_DEPTH = 64;

const MAX_SCHEMA_NODES = 100_000;

export type SanitizedSchema =
  | { readonly ok: true; readonly schema: Record<string, unknown> }
  | { readonly ok: false; readonly reason: string };

/**
 * How a value is read: a schema; a map from names to schemas; a list of schemas; prose (every
 * string cleaned); or exact (any other keyword: names, `enum`, `const`, `default`, `examples`,
 * `required`, `pattern`, `$ref`… are compared byte for byte, so they must already be clean).
 */
type Mode = "schema" | "map" | "list" | "prose" | "exact";

interface Frame {
  readonly from: object;
  readonly to: Record<string, unknown> | unknown[];
  readonly mode: Mode;
  readonly depth: number;
  /** For a map: what its keys are ("property name", "pattern", "definition name"). */
  readonly names: string | undefined;
  readonly parent?: Frame;
  readonly key?: string;
}

/**
 * A plain-JSON copy of `schema` that is safe to show a model: every string in a prose keyword
 * (`description`, `title`, `$comment`…, of any type, at any depth) is sanitized; a hidden
 * character anywhere else (property names, `required`, `enum`, `const`, `default`, `examples`,
 * `pattern`, `$ref`, definition names, unknown keywords…), where changing a string would change
 * what validates, refuses the tool with the place named, as does a `pattern` the registry cannot
 * run in linear time. Walks with an explicit stack, so a hostile 10,000-deep schema is refused
 * with a reason instead of overflowing the call stack.
 */
export function sanitizeSchema(
  schema: Record<string, unknown>,
  maxChars: number,
  maxDepth: number = MAX_SCHEMA_DEPTH,
): SanitizedSchema {
  const root: Record<string, unknown> = {};
  const stack: Frame[] = [{ from: schema, to: root, mode: "schema", depth: 1, names: undefined }];
  let nodes = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { from, to, mode, depth } = frame;
    // The depth limit also ends cycles (possible with in-memory transports); the node limit
    // ends shared sub-objects that would multiply the work.
    if (depth > maxDepth) {
      return { ok: false, reason: `its input schema nests deeper than ${maxDepth} levels` };
    }
    if (++nodes > MAX_SCHEMA_NODES) {
      return { ok: false, reason: `its input schema has more than ${MAX_SCHEMA_NODES} parts` };
    }
    const isArray = Array.isArray(from);
    for (const [key, value] of Object.entries(from)) {
      let name = key;
      if (!isArray) {
        if (mode === "prose") name = sanitizeDescription(key, maxChars);
        else if (hasHidden(key)) {
          const what = mode === "map" ? frame.names! : mode === "schema" ? "keyword" : "key";
          return hidden(`${what} at ${describePlace(frame, key)}`);
        }
        if (mode === "map" && frame.names === "pattern") {
          const problem = linearPatternProblem(key);
          if (problem !== undefined) return badPattern(describePlace(frame, key), problem);
        }
      }
      let childMode: Mode = mode === "prose" ? "prose" : "exact";
      let names: string | undefined;
      if (mode === "schema") {
        if (PROSE_KEYWORDS.has(key)) childMode = "prose";
        else if (SCHEMA_KEYWORDS.has(key)) childMode = Array.isArray(value) ? "list" : "schema";
        else if (MAP_KEYWORDS.has(key)) {
          childMode = "map";
          names = MAP_KEYWORDS.get(key);
        }
      } else if (mode === "map" || mode === "list") {
        // `dependencies` maps a name to a schema or to a list of names.
        childMode = Array.isArray(value) ? "exact" : "schema";
      }
      let copy: unknown = value;
      if (mode === "schema" && STRING_KEYWORDS.has(key) && typeof value !== "string") {
        // JSON Schema wants a string here (ajv would refuse the schema at the first call):
        // keep what the server said, as cleaned JSON text.
        const text = jsonText(value);
        if (text === undefined) return { ok: false, reason: "its input schema is not plain JSON" };
        (to as Record<string, unknown>)[name] = sanitizeDescription(text, maxChars);
        continue;
      }
      if (typeof value === "string") {
        if (childMode === "prose") copy = sanitizeDescription(value, maxChars);
        else if (hasHidden(value)) return hidden(`value at ${describePlace(frame, key)}`);
      }
      if (mode === "schema" && key === "pattern") {
        const problem = linearPatternProblem(value as string);
        if (problem !== undefined) return badPattern(describePlace(frame, key), problem);
      }
      if (typeof value === "object" && value !== null) {
        copy = Array.isArray(value) ? [] : {};
        stack.push({
          from: value,
          to: copy as Record<string, unknown>,
          mode: childMode,
          depth: depth + 1,
          names,
          parent: frame,
          key,
        });
      } else if (
        typeof value === "function" ||
        typeof value === "symbol" ||
        typeof value === "bigint"
      ) {
        return { ok: false, reason: "its input schema is not plain JSON" };
      }
      (to as Record<string, unknown>)[name] = copy;
    }
  }
  return { ok: true, schema: root };
}

// Printable ASCII, tab and newline hide nothing: most strings need no further check.
const PLAIN = /^[\x20-\x7e\t\n]*$/;

/**
 * Whether cleaning would remove or change something in `text`. A change that NFC alone makes
 * (a composed accent) is not a hidden character.
 */
function hasHidden(text: string): boolean {
  if (PLAIN.test(text)) return false;
  return removeInvisibleCharacters(text) !== text.normalize("NFC");
}

function hidden(what: string): SanitizedSchema {
  return { ok: false, reason: `its input schema's ${what} carries an invisible character` };
}

function badPattern(place: string, problem: string): SanitizedSchema {
  return {
    ok: false,
    reason: `its input schema's pattern at ${place} cannot be checked in linear time: ${problem}`,
  };
}

/** `properties.mode.enum[0]`, `properties["a\u200bb"]`: hidden characters shown as escapes. */
function describePlace(frame: Frame, key: string): string {
  const segments: [key: string, index: boolean][] = [[key, Array.isArray(frame.from)]];
  for (let f = frame; f.parent !== undefined; f = f.parent) {
    segments.unshift([f.key!, Array.isArray(f.parent.from)]);
  }
  let out = "";
  for (const [segment, index] of segments) {
    if (index) out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment) && segment.length <= 64) {
      out += out === "" ? segment : `.${segment}`;
    } else out += `[${escapeSegment(segment)}]`;
  }
  return out;
}

function escapeSegment(segment: string): string {
  return JSON.stringify(clip(segment, 64)).replace(
    /[^\x20-\x7e…]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** `value` as JSON text, or undefined when it has none (a cycle, a bigint, too deep). */
function jsonText(value: unknown): string | undefined {
  try {
    return (
      JSON.stringify(value, (_key, v: unknown) =>
        typeof v === "string" ? removeInvisibleCharacters(v) : v,
      ) ?? undefined
    );
  } catch {
    return undefined;
  }
}
