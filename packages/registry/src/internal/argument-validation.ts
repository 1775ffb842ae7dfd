// Argument validation with ajv (+ ajv-formats): one lazily created Ajv per JSON Schema dialect,
// validators compiled once per schema object and cached, every problem turned into one readable
// sentence for the model.
import { createRequire } from "node:module";
import type { JsonObjectSchema } from "@toolgate/tool-core";
import { clip } from "@toolgate/tool-core/internal";
import type { Ajv, ErrorObject, Options, ValidateFunction } from "ajv";
import type { FormatsPlugin } from "ajv-formats";
import { linearRegExp } from "./linear-pattern.js";

// ajv, its dialects and ajv-formats are most of what importing the registry would cost (about a
// hundred CommonJS files), so each loads when first needed, not at import: a process that lists
// tools without calling one pays for none of them, and ajv-formats loads only for a schema that
// uses `format`. They are CommonJS, so `require` loads them synchronously, as compiling must be.
const require = createRequire(import.meta.url);

/** A compiled check of a tool's arguments; on failure its `errors` say why. */
export type ArgumentValidator = ValidateFunction;

// Schemas come from users and remote MCP servers: an unknown keyword or format must not make a
// tool uncallable, so strict mode is off and ajv's warnings are silenced. Types are never coerced
// and defaults never filled in: the tool gets exactly what the model sent, or an input error.
// Arguments are hostile too: `pattern` and `patternProperties` run on a linear-time engine, so
// `^(a+)+$` cannot freeze the process; a pattern that needs backtracking fails to compile.
const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  logger: false,
  code: { regExp: linearRegExp },
};

type Dialect = "draft-07" | "2019-09" | "2020-12";
const instances = new Map<Dialect, Ajv>();
const cache = new WeakMap<object, ArgumentValidator>();

type AjvClass = new (options: Options) => Ajv;

function ajvClass(dialect: Dialect): AjvClass {
  if (dialect === "2020-12") {
    return (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).Ajv2020;
  }
  if (dialect === "2019-09") {
    return (require("ajv/dist/2019.js") as typeof import("ajv/dist/2019.js")).Ajv2019;
  }
  return (require("ajv") as typeof import("ajv")).Ajv;
}

function newAjv(dialect: Dialect): Ajv {
  return new (ajvClass(dialect))(AJV_OPTIONS);
}

// Instances that have the formats. A validator's code is generated when it is compiled, so the
// formats must be on the instance before any schema that mentions `format` is compiled; a schema
// without one compiles the same either way (the meta-schema check does not apply formats).
const withFormats = new WeakSet<Ajv>();

function compileOn(ajv: Ajv, schema: JsonObjectSchema): ArgumentValidator {
  if (!withFormats.has(ajv) && mentionsFormat(schema)) {
    (require("ajv-formats") as FormatsPlugin)(ajv);
    withFormats.add(ajv);
  }
  return ajv.compile(schema);
}

/**
 * Whether a `format` key appears anywhere in the schema. A false alarm (a property or a `const`
 * value named `format`) only loads the formats early; a miss would let any string pass `format`.
 */
function mentionsFormat(schema: object): boolean {
  const seen = new Set<object>();
  // A stack, not recursion: a deeply nested schema must not overflow the call stack here.
  const pending: object[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (Object.hasOwn(node, "format")) return true;
    for (const value of Object.values(node)) {
      if (typeof value === "object" && value !== null) pending.push(value);
    }
  }
  return false;
}

function dialectOf(schema: JsonObjectSchema): Dialect | undefined {
  const declared = schema.$schema;
  if (declared === undefined) return "draft-07";
  if (typeof declared !== "string") return undefined;
  if (declared.includes("2020-12")) return "2020-12";
  if (declared.includes("2019-09")) return "2019-09";
  if (declared.includes("draft-07")) return "draft-07";
  return undefined;
}

/**
 * The validator for a schema, compiled on first use and cached for the schema object.
 *
 * @throws Error when the schema does not compile (a bug in the tool's definition), including
 *   `LinearPatternError` for a `pattern` that needs backtracking (backreferences, lookahead).
 */
export function argumentValidator(schema: JsonObjectSchema): ArgumentValidator {
  const cached = cache.get(schema);
  if (cached) return cached;
  const dialect = dialectOf(schema);
  let source = schema;
  // An unknown `$schema` (draft-04, a typo) is compiled as draft-07 rather than refused.
  if (dialect === undefined) source = withoutKey(source, "$schema");
  // `$async: true` would make the validator return a promise, which is truthy: every call would
  // pass. No async keywords exist here, so the schema is checked synchronously instead.
  if ("$async" in source) source = withoutKey(source, "$async");
  const kind = dialect ?? "draft-07";
  let ajv = instances.get(kind);
  if (!ajv) {
    ajv = newAjv(kind);
    instances.set(kind, ajv);
  }
  let validate: ArgumentValidator;
  try {
    validate = compileOn(ajv, source);
  } catch (error) {
    // Two tools may use different schemas with the same `$id`: give the second its own Ajv.
    if (!/already exists/.test(String((error as Error)?.message))) throw error;
    validate = compileOn(newAjv(kind), source);
  }
  cache.set(schema, validate);
  return validate;
}

function withoutKey(schema: JsonObjectSchema, key: string): JsonObjectSchema {
  const copy: Record<string, unknown> = { ...schema };
  delete copy[key];
  return copy as JsonObjectSchema;
}

const MAX_PROBLEMS = 10;

/**
 * One readable message listing every problem, e.g. `missing required argument 'order_id';
 * 'limit' must be integer, got boolean; unknown argument 'foo'`.
 */
export function describeValidationErrors(
  errors: readonly ErrorObject[] | null | undefined,
  args: unknown,
): string {
  if (!errors || errors.length === 0) return "the arguments do not match the schema";
  const combinators = errors.filter(
    (error) => error.keyword === "anyOf" || error.keyword === "oneOf",
  );
  const problems: string[] = [];
  for (const error of errors) {
    // Errors inside an anyOf/oneOf branch are summarised by the combinator's own line.
    if (
      error.keyword !== "anyOf" &&
      error.keyword !== "oneOf" &&
      combinators.some((c) => error.schemaPath.startsWith(`${c.schemaPath}/`))
    ) {
      continue;
    }
    problems.push(describeError(error, errors, args));
  }
  const unique = [...new Set(problems)];
  const shown = unique.slice(0, MAX_PROBLEMS);
  if (unique.length > MAX_PROBLEMS) {
    shown.push(`and ${unique.length - MAX_PROBLEMS} more problems`);
  }
  return shown.join("; ");
}

function describeError(error: ErrorObject, all: readonly ErrorObject[], args: unknown): string {
  const segments = pointerSegments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `missing required argument '${formatPath([...segments, String(params.missingProperty)])}'`;
    case "additionalProperties":
    case "unevaluatedProperties": {
      const key = params.additionalProperty ?? params.unevaluatedProperty;
      return `unknown argument '${formatPath([...segments, String(key)])}'`;
    }
  }
  const label = segments.length === 0 ? "arguments" : `'${formatPath(segments)}'`;
  const value = valueAt(args, segments);
  switch (error.keyword) {
    case "type":
      return `${label} must be ${joinTypes(params.type)}, got ${typeName(value)}`;
    case "enum":
      return `${label} must be one of ${(params.allowedValues as unknown[]).map(preview).join(", ")}, got ${preview(value)}`;
    case "const":
      return `${label} must be ${preview(params.allowedValue)}, got ${preview(value)}`;
    case "format":
      return `${label} must be a valid ${String(params.format)}, got ${preview(value)}`;
    case "anyOf":
    case "oneOf": {
      const branches = all.filter((e) => e.schemaPath.startsWith(`${error.schemaPath}/`));
      const types = branches.every(
        (e) => e.keyword === "type" && e.instancePath === error.instancePath,
      )
        ? branches.map((e) => joinTypes((e.params as Record<string, unknown>).type))
        : [];
      if (types.length > 0) {
        return `${label} must be ${[...new Set(types)].join(" or ")}, got ${typeName(value)}`;
      }
      if (error.keyword === "oneOf" && branches.length === 0) {
        return `${label} must match exactly one allowed form, but matches several`;
      }
      return `${label} matches none of the allowed forms`;
    }
    default:
      return `${label} ${error.message ?? `fails '${error.keyword}'`}`;
  }
}

function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/** `items[0].name`; odd keys (spaces, quotes, very long) are quoted and cut so they stay readable. */
export function formatPath(segments: readonly string[]): string {
  let out = "";
  for (const segment of segments) {
    if (/^(0|[1-9]\d{0,8})$/.test(segment) && out !== "") out += `[${segment}]`;
    else if (IDENTIFIER.test(segment) && segment.length <= 64) {
      out += out === "" ? segment : `.${segment}`;
    } else {
      const shown = JSON.stringify(clip(segment, 64));
      out += `[${shown}]`;
    }
  }
  return out;
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let value = root;
  for (const segment of segments) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && Number.isInteger(value)) return "integer";
  return typeof value;
}

function joinTypes(type: unknown): string {
  return Array.isArray(type) ? type.join(" or ") : String(type);
}

function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = typeName(value);
  }
  return clip(text, 60);
}
