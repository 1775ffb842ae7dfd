// OpenAI's strict mode (Structured Outputs) accepts a subset of JSON Schema and answers any other
// schema with a 400 that fails the whole request, every tool with it. So the check is an
// allowlist and errs towards "not strict": a tool sent with `strict: false` still works (the
// channel validates every call), a tool wrongly sent with `strict: true` breaks the request.
// Rules and limits: https://platform.openai.com/docs/guides/structured-outputs#supported-schemas

/** Keywords any schema may carry in strict mode (`$schema` only at the root). */
const ALLOWED_KEYWORDS = new Set([
  "type",
  "description",
  "title",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "enum",
  "const",
  "$ref",
  "$defs",
  "definitions",
  "pattern",
  "format",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "minItems",
  "maxItems",
]);
const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const FORMATS = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);
const MAX_OBJECT_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;
const MAX_STRING_CHARS = 120_000;
const LARGE_ENUM_VALUES = 250;
const MAX_LARGE_ENUM_CHARS = 15_000;
// Not OpenAI's limits: they bound the walk over a hostile schema (deep, or a graph that shares
// one object many times) so answering costs little; any schema near them is far past OpenAI's.
const MAX_SCHEMA_DEPTH = 64;
const MAX_SCHEMA_NODES = 20_000;

interface Pending {
  readonly schema: unknown;
  /** Where the schema sits: its parent and its step from there (built into text only for a problem). */
  readonly parent: Pending | undefined;
  readonly step: string;
  /** Object schemas on the way here, this one excluded. */
  readonly objectDepth: number;
  readonly depth: number;
}

/** What the walk has counted so far, against OpenAI's size limits. */
interface Totals {
  properties: number;
  enumValues: number;
  stringChars: number;
  nodes: number;
}

const problems = new WeakMap<object, string | null>();

/**
 * Why `schema` cannot be sent with `strict: true` to OpenAI (the first problem found, with its
 * place, e.g. `'limit' is optional: strict mode needs every property required`), or `undefined`
 * when it can. Never throws. Remembered per schema object (tool schemas are frozen).
 */
export function openAIStrictProblem(schema: object): string | undefined {
  const known = problems.get(schema);
  if (known !== undefined) return known ?? undefined;
  let found: string | undefined;
  try {
    found = findProblem(schema);
  } catch (error) {
    // A getter or proxy trap in the schema: not something to promise strict for.
    found = `the schema cannot be read (${error instanceof Error ? error.name : typeof error})`;
  }
  problems.set(schema, found ?? null);
  return found;
}

function findProblem(root: object): string | undefined {
  if (!isRecord(root) || root.type !== "object") return "the root is not a plain object schema";
  if ("anyOf" in root) return "the root uses anyOf";
  const definitions = new Map<string, Set<string>>();
  const top: Pending = { schema: root, parent: undefined, step: "", objectDepth: 0, depth: 0 };
  const stack: Pending[] = [top];
  for (const keyword of ["$defs", "definitions"] as const) {
    if (!(keyword in root)) continue;
    const map = root[keyword];
    if (!isRecord(map)) return `${keyword} is not an object`;
    definitions.set(keyword, new Set(Object.keys(map)));
    for (const [name, child] of Object.entries(map)) {
      stack.push({
        schema: child,
        parent: top,
        step: `.${keyword}.${name}`,
        objectDepth: 0,
        depth: 1,
      });
    }
  }
  const totals: Totals = { properties: 0, enumValues: 0, stringChars: 0, nodes: 0 };
  for (const names of definitions.values()) {
    for (const name of names) totals.stringChars += name.length;
  }
  while (stack.length > 0) {
    const item = stack.pop()!;
    const problem = checkNode(item, item.schema === root, definitions, totals, stack);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function checkNode(
  item: Pending,
  isRoot: boolean,
  definitions: ReadonlyMap<string, ReadonlySet<string>>,
  totals: Totals,
  stack: Pending[],
): string | undefined {
  const { schema } = item;
  if (++totals.nodes > MAX_SCHEMA_NODES) return "the schema is too large";
  if (item.depth > MAX_SCHEMA_DEPTH) return `${placeOf(item)} is nested too deeply`;
  if (!isRecord(schema)) return `${placeOf(item)} is not a schema object`;
  for (const keyword of Object.keys(schema)) {
    if (keyword === "$schema" && isRoot) continue;
    if ((keyword === "$defs" || keyword === "definitions") && !isRoot) {
      return `${placeOf(item)} has ${keyword} below the root`;
    }
    if (!ALLOWED_KEYWORDS.has(keyword))
      return `${placeOf(item)} uses '${keyword}', which strict mode does not support`;
  }
  if ("$ref" in schema) return checkRef(schema, item, definitions);
  if (!("type" in schema) && !("anyOf" in schema)) return `${placeOf(item)} has no type`;
  const types = typesOf(schema.type);
  if (types === undefined) return `${placeOf(item)} has a type strict mode does not support`;
  if ("format" in schema && !FORMATS.has(schema.format as string)) {
    return `${placeOf(item)} uses format '${String(schema.format)}', which strict mode does not support`;
  }
  if ("enum" in schema && !Array.isArray(schema.enum))
    return `${placeOf(item)} has an enum that is not a list`;
  const valueProblem = countValues(schema, item, totals);
  if (valueProblem !== undefined) return valueProblem;
  const next = { parent: item, objectDepth: item.objectDepth, depth: item.depth + 1 };
  if ("anyOf" in schema) {
    if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0)
      return `${placeOf(item)} has an empty anyOf`;
    for (const [i, branch] of schema.anyOf.entries()) {
      stack.push({ schema: branch, step: `.anyOf[${i}]`, ...next });
    }
  }
  if (types.includes("array")) {
    if (!isRecord(schema.items)) return `${placeOf(item)} is an array without one items schema`;
    stack.push({ schema: schema.items, step: "[]", ...next });
  } else if ("items" in schema || "minItems" in schema || "maxItems" in schema) {
    return `${placeOf(item)} uses array keywords without type array`;
  }
  if (types.includes("object")) {
    return checkObject(schema, item, totals, stack);
  }
  if ("properties" in schema || "required" in schema || "additionalProperties" in schema) {
    return `${placeOf(item)} uses object keywords without type object`;
  }
  return undefined;
}

function checkRef(
  schema: Record<string, unknown>,
  item: Pending,
  definitions: ReadonlyMap<string, ReadonlySet<string>>,
): string | undefined {
  for (const keyword of Object.keys(schema)) {
    if (keyword !== "$ref" && keyword !== "description" && keyword !== "title") {
      return `${placeOf(item)} has '${keyword}' beside $ref`;
    }
  }
  const ref = schema.$ref;
  if (ref === "#") return undefined;
  const match = typeof ref === "string" ? /^#\/(\$defs|definitions)\/([^/~%]+)$/.exec(ref) : null;
  if (match === null || definitions.get(match[1]!)?.has(match[2]!) !== true) {
    return `${placeOf(item)} has a $ref that is not a local definition`;
  }
  return undefined;
}

function checkObject(
  schema: Record<string, unknown>,
  item: Pending,
  totals: Totals,
  stack: Pending[],
): string | undefined {
  const objectDepth = item.objectDepth + 1;
  if (objectDepth > MAX_OBJECT_DEPTH) {
    return `${placeOf(item)} nests objects more than ${MAX_OBJECT_DEPTH} levels deep`;
  }
  if (schema.additionalProperties !== false) {
    return `${placeOf(item)} is an object without additionalProperties: false`;
  }
  if (!isRecord(schema.properties)) return `${placeOf(item)} is an object without properties`;
  const names = Object.keys(schema.properties);
  const required = schema.required;
  if (!Array.isArray(required)) return `${placeOf(item)} is an object without a required list`;
  const requiredNames = new Set<unknown>(required);
  for (const name of requiredNames) {
    if (typeof name !== "string" || !Object.hasOwn(schema.properties, name)) {
      return `${placeOf(item)} requires '${String(name)}', which is not one of its properties`;
    }
  }
  totals.properties += names.length;
  if (totals.properties > MAX_PROPERTIES) {
    return `the schema has more than ${MAX_PROPERTIES} properties`;
  }
  for (const name of names) {
    const child: Pending = {
      schema: schema.properties[name],
      parent: item,
      step: `.${name}`,
      objectDepth,
      depth: item.depth + 1,
    };
    if (!requiredNames.has(name)) {
      return `${placeOf(child)} is optional: strict mode needs every property required`;
    }
    totals.stringChars += name.length;
    stack.push(child);
  }
  return totals.stringChars > MAX_STRING_CHARS ? stringsTooLong() : undefined;
}

/** Counts the enum and const values of one schema against OpenAI's limits. */
function countValues(
  schema: Record<string, unknown>,
  item: Pending,
  totals: Totals,
): string | undefined {
  const enumValues = Array.isArray(schema.enum) ? schema.enum : [];
  const values = "const" in schema ? [...enumValues, schema.const] : enumValues;
  totals.enumValues += enumValues.length;
  if (totals.enumValues > MAX_ENUM_VALUES) {
    return `the schema has more than ${MAX_ENUM_VALUES} enum values`;
  }
  let chars = 0;
  for (const value of values) {
    if (value !== null && typeof value === "object") {
      return `${placeOf(item)} has an enum or const value that is not a plain value`;
    }
    if (typeof value === "string") chars += value.length;
  }
  if (enumValues.length > LARGE_ENUM_VALUES && chars > MAX_LARGE_ENUM_CHARS) {
    return `${placeOf(item)} has over ${LARGE_ENUM_VALUES} enum values with over ${MAX_LARGE_ENUM_CHARS} characters in all`;
  }
  totals.stringChars += chars;
  return totals.stringChars > MAX_STRING_CHARS ? stringsTooLong() : undefined;
}

function stringsTooLong(): string {
  return `the schema's names and values are longer than ${MAX_STRING_CHARS} characters in all`;
}

/** The schema's types, or `undefined` for a type strict mode does not know; none for no type. */
function typesOf(type: unknown): readonly string[] | undefined {
  if (type === undefined) return [];
  if (typeof type === "string") return TYPES.has(type) ? [type] : undefined;
  if (!Array.isArray(type) || type.length === 0) return undefined;
  for (const [i, entry] of type.entries()) {
    if (!TYPES.has(entry) || type.indexOf(entry) !== i) return undefined;
  }
  return type as string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `the root`, or the quoted place of a schema: `'filter.tags[]'`, `'$defs.node.value'`. */
function placeOf(item: Pending): string {
  const steps: string[] = [];
  for (let at: Pending | undefined = item; at?.parent !== undefined; at = at.parent) {
    steps.push(at.step);
  }
  if (steps.length === 0) return "the root";
  const path = steps.reverse().join("");
  return `'${path.startsWith(".") ? path.slice(1) : path}'`;
}
