import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import {
  EMPTY_OBJECT_SCHEMA,
  type JsonObjectSchema,
  toJsonObjectSchema,
} from "../json-object-schema.js";
import { ToolDefinitionError } from "../tool-definition-error.js";
import { isRecord } from "./is-record.js";

/** A tool's argument schemas: the JSON Schema the model is shown, and the Standard Schema, if any. */
export interface ArgumentSchemas {
  readonly inputSchema: JsonObjectSchema;
  readonly standardSchema: StandardSchemaV1 | undefined;
}

/**
 * The argument schemas of a tool from what it was given (`inputSchema`, or `parameters` in
 * `tool()`): a JSON object schema (copied, frozen), or a Standard JSON Schema converted once
 * to its input-side JSON Schema (closed with `additionalProperties: false` when it says nothing
 * about other keys) and kept for its `~standard.validate`.
 *
 * @throws ToolDefinitionError naming the tool, what is wrong, and the fix.
 */
export function argumentSchemas(value: unknown, toolName: string): ArgumentSchemas {
  if (value === undefined) return { inputSchema: EMPTY_OBJECT_SCHEMA, standardSchema: undefined };
  const problem = parametersProblem(value);
  if (problem !== undefined) {
    throw new ToolDefinitionError(`tool '${toolName}': the argument schema is ${problem}`);
  }
  if (!isStandardJsonSchema(value)) {
    return { inputSchema: toJsonObjectSchema(value, toolName), standardSchema: undefined };
  }
  const converted = standardInputJsonSchema(value, toolName);
  if (!isRecord(converted)) {
    const kind = Array.isArray(converted)
      ? "an array"
      : converted === null
        ? "null"
        : typeof converted;
    throw new ToolDefinitionError(
      `tool '${toolName}': the argument schema's JSON Schema converter returned ${kind}, not a JSON Schema object`,
    );
  }
  if (converted.type !== "object") {
    throw new ToolDefinitionError(
      `tool '${toolName}': the argument schema must describe an object of named arguments (z.object({...}) in zod), but its JSON Schema has type ${JSON.stringify(converted.type) ?? "undefined"}`,
    );
  }
  const closed =
    "additionalProperties" in converted ? converted : { ...converted, additionalProperties: false };
  return {
    inputSchema: toJsonObjectSchema(closed, toolName),
    standardSchema: standardValidator(value) as StandardSchemaV1 | undefined,
  };
}

/** A schema that implements Standard JSON Schema (zod 4.2+, ArkType, Valibot's converter). */
export function isStandardJsonSchema(value: unknown): value is StandardJSONSchemaV1 {
  // A converter is a function: a JSON document (an MCP server's schema with a "~standard" key)
  // can never pass for a Standard Schema.
  const converter = standardProps(value)?.jsonSchema;
  return isRecord(converter) && typeof converter.input === "function";
}

/** The schema's `~standard.validate`, when it has one (a Standard Schema, not only Standard JSON Schema). */
function standardValidator(schema: StandardJSONSchemaV1): StandardSchemaV1 | undefined {
  const props = standardProps(schema);
  return typeof props?.validate === "function"
    ? (schema as unknown as StandardSchemaV1)
    : undefined;
}

// The registry compiles a schema without `$schema` (and one that says draft-07) as draft-07; a
// library that cannot write draft-07 may still write draft 2020-12, which it compiles too.
const TARGETS = ["draft-07", "draft-2020-12"] as const;

/**
 * The input-side JSON Schema of a Standard JSON Schema: the arguments the model may send, before
 * any transform. A converter that throws for every target is a definition error naming the tool.
 *
 * @throws ToolDefinitionError when the schema cannot be converted.
 */
function standardInputJsonSchema(schema: StandardJSONSchemaV1, toolName: string): unknown {
  let first: unknown;
  for (const target of TARGETS) {
    try {
      return schema["~standard"].jsonSchema.input({ target });
    } catch (error) {
      first ??= error;
    }
  }
  const reason = first instanceof Error ? first.message : String(first);
  throw new ToolDefinitionError(
    `tool '${toolName}': the argument schema cannot be converted to JSON Schema (${reason}); describe the arguments the model sends without transforms or types JSON cannot hold (Date, Map, functions), or pass a JSON object schema`,
  );
}

/**
 * Why `value` cannot be a tool's parameters, with the fix, or `undefined` when it can be (a plain
 * JSON object or a Standard JSON Schema). Used before anything else reads the value.
 */
export function parametersProblem(value: unknown): string | undefined {
  if (isStandardJsonSchema(value)) return undefined;
  const props = standardProps(value);
  if (props !== undefined && typeof props.validate === "function") {
    const vendor =
      typeof props.vendor === "string" && /^[\w@./-]{1,40}$/.test(props.vendor)
        ? props.vendor
        : "its library";
    return vendor === "zod"
      ? "a zod schema without Standard JSON Schema support (zod 3, or zod/mini): upgrade zod to 4.2+ and use the classic API, or pass z.toJSONSchema(schema)"
      : `a Standard Schema (${vendor}) without Standard JSON Schema support (~standard.jsonSchema): upgrade ${vendor}, wrap the schema with its JSON Schema converter, or pass a JSON object schema`;
  }
  if (typeof value === "function") {
    return "a function: pass a schema object (a JSON object schema, TypeBox, or a Standard JSON Schema such as zod 4.2+), not a function that makes one";
  }
  if (Array.isArray(value)) return "an array: pass one JSON object schema";
  if (typeof value !== "object" || value === null) {
    return `${value === null ? "null" : typeof value}: pass a JSON object schema, a TypeBox schema or a Standard JSON Schema (zod 4.2+)`;
  }
  if (isZod3(value)) {
    return "a zod 3 schema: upgrade zod to 4.2+ (its schemas implement Standard JSON Schema), or pass a JSON object schema made by zod-to-json-schema";
  }
  let prototype: unknown;
  try {
    prototype = Object.getPrototypeOf(value);
  } catch {
    return "an object whose prototype cannot be read (a proxy?): pass a plain JSON object schema";
  }
  if (prototype !== Object.prototype && prototype !== null) {
    const name = constructorName(prototype);
    return `an instance of ${name}, not a JSON Schema object: pass a plain JSON object schema, or a Standard JSON Schema (zod 4.2+, ArkType, Valibot's toStandardJsonSchema)`;
  }
  return undefined;
}

function standardProps(value: unknown): Record<string, unknown> | undefined {
  if ((typeof value !== "object" && typeof value !== "function") || value === null)
    return undefined;
  try {
    const props: unknown = (value as Record<string, unknown>)["~standard"];
    return isRecord(props) ? props : undefined;
  } catch {
    // A getter that throws: not a Standard Schema; copying it as JSON reports the problem.
    return undefined;
  }
}

function isZod3(value: object): boolean {
  try {
    const def: unknown = (value as Record<string, unknown>)._def;
    return isRecord(def) && typeof def.typeName === "string" && def.typeName.startsWith("Zod");
  } catch {
    return false;
  }
}

function constructorName(prototype: unknown): string {
  let name: unknown;
  try {
    const ctor: unknown = isRecord(prototype) ? prototype.constructor : undefined;
    name = typeof ctor === "function" ? ctor.name : undefined;
  } catch {
    name = undefined;
  }
  // Only a plain identifier goes into the message: a class name is the user's, but keep it short.
  return typeof name === "string" && /^[A-Za-z_$][\w$]{0,63}$/.test(name) ? name : "a class";
}
