import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { type Hints, hints as makeHints } from "./hints.js";
import { argumentSchemas } from "./internal/argument-schemas.js";
import type { JsonObjectSchema } from "./json-object-schema.js";
import type { ToolContext } from "./tool-context.js";
import { ToolDefinitionError } from "./tool-definition-error.js";
import { TOOL_NAME_PATTERN } from "./tool-name.js";

/** What every tool is made from. */
export interface ToolOptions {
  /** Unique name the model calls; must match `TOOL_NAME_PATTERN`. */
  name: string;
  /** What the tool does, for the model. @default "" */
  description?: string;
  /**
   * The arguments: a JSON Schema with `type: "object"`, or a Standard JSON Schema (zod 4.2+,
   * ArkType, Valibot's `toStandardJsonSchema`), converted once here to its input JSON Schema
   * (closed with `additionalProperties: false` unless it says otherwise) and kept as
   * `standardSchema`. @default no arguments
   */
  inputSchema?: JsonObjectSchema | StandardJSONSchemaV1;
  /** Trust root that permissions can match (`"builtin"`, `"mcp:github"`, ...). @default "builtin" */
  origin?: string;
  /** Facts about what calls do; left-out hints assume the worst. */
  hints?: Partial<Hints>;
  /** Ask a human before every call (high-risk tools). @default false */
  requiresConfirmation?: boolean;
  /** Results carry text from outside (web, MCP, other people's files): the registry guards it. @default false */
  externalContent?: boolean;
  /** Safe to run beside other parallel calls: no shared mutable state, no ordering dependency. @default false */
  parallel?: boolean;
  /**
   * Longest response text the model gets from this tool (a positive integer); longer text is cut
   * and answered as partial. `null` = no cap. @default the registry's `maxResultChars`
   */
  maxResultChars?: number | null;
}

const marker = Symbol.for("toolgate.tool");
const IDENTITY = [
  "name",
  "description",
  "inputSchema",
  "origin",
  "hints",
  "requiresConfirmation",
  "externalContent",
  "parallel",
  "maxResultChars",
] as const;

/**
 * A capability the model can call. Subclass it and implement `run`, or use `tool()`.
 * A tool's identity (name, origin, schema, hints, flags) cannot change after construction.
 *
 * @example
 * class Clock extends Tool<Record<string, never>> {
 *   constructor() { super({ name: "clock", hints: { readOnly: true, openWorld: false } }); }
 *   run() { return new Date().toISOString(); }
 * }
 */
export abstract class Tool<Args extends object = Record<string, unknown>> {
  // Declared only: the constructor defines each once, read-only (see there).
  /** Unique name the model calls. */
  declare readonly name: string;
  /** What the tool does, for the model (`""` when none was given). */
  declare readonly description: string;
  /** Frozen JSON Schema of the arguments. */
  declare readonly inputSchema: JsonObjectSchema;
  /** Trust root that permissions can match (`"builtin"`, `"mcp:github"`, ...). */
  declare readonly origin: string;
  /** Complete, frozen facts about what calls do. */
  declare readonly hints: Hints;
  /** Every call asks a human first. */
  declare readonly requiresConfirmation: boolean;
  /** Results carry text from outside, which the registry guards. */
  declare readonly externalContent: boolean;
  /** Safe to run beside other parallel calls. */
  declare readonly parallel: boolean;
  /** This tool's output budget: a number, `null` for none, `undefined` for the registry's. */
  declare readonly maxResultChars: number | null | undefined;
  /**
   * The Standard Schema the arguments were defined with (zod, ArkType, Valibot), when it has a
   * `~standard.validate`; `inputSchema` is its JSON Schema. After the JSON Schema check the
   * registry runs its `validate`, so refinements and transforms apply, and the tool gets its
   * output. Not enumerable: it is a library object, not part of the tool's JSON. (Typed loosely
   * so that a `Tool<A>` stays assignable wherever a tool of any arguments is.)
   */
  declare readonly standardSchema: StandardSchemaV1 | undefined;

  constructor(options: ToolOptions) {
    if (typeof options !== "object" || options === null) {
      throw new ToolDefinitionError("tool options must be an object");
    }
    const { name } = options;
    if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
      throw new ToolDefinitionError(
        `invalid tool name ${JSON.stringify(name)}: use 1-64 ASCII letters, digits, '_' or '-'`,
      );
    }
    const description = optionalString(options.description, "description", name) ?? "";
    const origin = optionalString(options.origin, "origin", name) ?? "builtin";
    if (origin === "") throw new ToolDefinitionError(`tool '${name}': origin must not be empty`);
    const { inputSchema, standardSchema } = argumentSchemas(options.inputSchema, name);
    let hints: Hints;
    try {
      hints = makeHints(options.hints);
    } catch (error) {
      throw new ToolDefinitionError(`tool '${name}': ${(error as Error).message}`);
    }
    const identity: Pick<Tool, (typeof IDENTITY)[number]> = {
      name,
      description,
      inputSchema,
      origin,
      hints,
      requiresConfirmation: optionalBoolean(
        options.requiresConfirmation,
        "requiresConfirmation",
        name,
      ),
      externalContent: optionalBoolean(options.externalContent, "externalContent", name),
      parallel: optionalBoolean(options.parallel, "parallel", name),
      maxResultChars: optionalLimit(options.maxResultChars, "maxResultChars", name),
    };
    // Each is defined once, read-only (not writable, not configurable): assigning fields and then
    // making them read-only cost three times as much, and loading an MCP server makes thousands.
    for (const key of IDENTITY) {
      Object.defineProperty(this, key, { value: identity[key], enumerable: true });
    }
    Object.defineProperty(this, "standardSchema", { value: standardSchema });
  }

  /** Whether this call needs a human's yes. Override for action-level confirmation. */
  needsConfirmation(_args: Args): boolean {
    return this.requiresConfirmation;
  }

  /** Hints for one call. Override to say more about a particular call (e.g. a read-only action). */
  hintsFor(_args: Args): Hints {
    return this.hints;
  }

  /**
   * Does the work. Return a `ToolResponse`, a string, nothing, or a JSON-able value; throw
   * `ToolError` / `ToolInputError` for failures the model should see.
   */
  abstract run(args: Args, context: ToolContext): unknown | Promise<unknown>;

  /** Name, description and input schema: what a model provider needs. */
  get spec(): {
    /** The tool's name. */
    name: string;
    /** The tool's description. */
    description: string;
    /** The tool's argument schema. */
    inputSchema: JsonObjectSchema;
  } {
    return { name: this.name, description: this.description, inputSchema: this.inputSchema };
  }

  /**
   * True for a `Tool` from any installed copy of tool-core, or any object with a tool's shape
   * (name, input schema, hints and `run`).
   */
  static isInstance(value: unknown): value is Tool<object> {
    if (typeof value !== "object" || value === null) return false;
    if (marker in value) return true;
    const candidate = value as Partial<Record<keyof Tool, unknown>>;
    return (
      typeof candidate.name === "string" &&
      typeof candidate.run === "function" &&
      typeof candidate.inputSchema === "object" &&
      candidate.inputSchema !== null &&
      typeof candidate.hints === "object" &&
      typeof candidate.needsConfirmation === "function" &&
      typeof candidate.hintsFor === "function"
    );
  }
}

Object.defineProperty(Tool.prototype, marker, { value: true });

function optionalString(value: unknown, field: string, name: string): string | undefined {
  if (value === undefined || typeof value === "string") return value;
  throw new ToolDefinitionError(`tool '${name}': ${field} must be a string, got ${typeof value}`);
}

function optionalBoolean(value: unknown, field: string, name: string): boolean {
  if (value === undefined) return false;
  if (typeof value === "boolean") return value;
  throw new ToolDefinitionError(`tool '${name}': ${field} must be a boolean, got ${typeof value}`);
}

function optionalLimit(value: unknown, field: string, name: string): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
  throw new ToolDefinitionError(
    `tool '${name}': ${field} must be a positive integer or null, got ${String(value)}`,
  );
}
