import { isRecord } from "./internal/is-record.js";
import { ToolDefinitionError } from "./tool-definition-error.js";

/** A JSON Schema whose top level describes an object: the shape of a tool's arguments. */
export interface JsonObjectSchema {
  /** Always `"object"`: a tool's arguments are one JSON object. */
  readonly type: "object";
  /** The schema of each argument, by name. */
  readonly properties?: Readonly<Record<string, unknown>>;
  /** The names of the arguments that must be present. */
  readonly required?: readonly string[];
  /** Whether (or with what schema) arguments not in `properties` are allowed. */
  readonly additionalProperties?: boolean | Readonly<Record<string, unknown>>;
  readonly [keyword: string]: unknown;
}

/** The schema of a tool that takes no arguments. */
export const EMPTY_OBJECT_SCHEMA: JsonObjectSchema = deepFreeze({
  type: "object",
  properties: {},
  additionalProperties: false,
});

/**
 * Checks that `schema` is a JSON object schema and returns a frozen plain-JSON copy of it (symbol
 * and non-enumerable keys such as TypeBox's markers are dropped), so the tool's schema can never
 * change after it is made.
 *
 * @throws ToolDefinitionError naming what is wrong.
 */
export function toJsonObjectSchema(schema: unknown, toolName: string): JsonObjectSchema {
  if (!isRecord(schema)) {
    throw new ToolDefinitionError(`tool '${toolName}': inputSchema must be a JSON Schema object`);
  }
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(schema));
  } catch (cause) {
    throw new ToolDefinitionError(
      `tool '${toolName}': inputSchema is not plain JSON (${(cause as Error).message})`,
    );
  }
  const record = copy as Record<string, unknown>;
  if (record.type !== "object") {
    throw new ToolDefinitionError(
      `tool '${toolName}': inputSchema must have type "object", got ${JSON.stringify(record.type)}`,
    );
  }
  const { properties, required } = record;
  if (properties !== undefined && !isRecord(properties)) {
    throw new ToolDefinitionError(`tool '${toolName}': inputSchema.properties must be an object`);
  }
  if (
    required !== undefined &&
    (!Array.isArray(required) || required.some((key) => typeof key !== "string"))
  ) {
    throw new ToolDefinitionError(
      `tool '${toolName}': inputSchema.required must be an array of strings`,
    );
  }
  return deepFreeze(record as JsonObjectSchema);
}

function deepFreeze<T>(value: T): T {
  // Iterative so that a deeply nested schema cannot overflow the stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "object" && item !== null && !Object.isFrozen(item)) {
      Object.freeze(item);
      for (const child of Object.values(item)) stack.push(child);
    }
  }
  return value;
}
