import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { type Hints, hints as makeHints } from "./hints.js";
import { isStandardJsonSchema, parametersProblem } from "./internal/argument-schemas.js";
import type { TypeBoxObject } from "./internal/typebox-types.js";
import type { JsonObjectSchema } from "./json-object-schema.js";
import { Tool } from "./tool.js";
import type { ToolContext } from "./tool-context.js";
import { ToolDefinitionError } from "./tool-definition-error.js";

/** What `tool()` takes. `Args` is inferred from `parameters`. */
export interface ToolDefinition<Args extends object, Schema> {
  /** Unique name the model calls; must match `TOOL_NAME_PATTERN`. */
  name: string;
  /** What the tool does, for the model. @default "" */
  description?: string;
  /**
   * The arguments: a Standard JSON Schema such as a zod 4.2+ object (arguments are typed from its
   * output; the model is shown its input JSON Schema; the registry runs its own validation too,
   * so refinements and transforms apply), a TypeBox object schema (typed from it), or a plain
   * JSON object schema. Without `additionalProperties` at the top level the JSON Schema gets
   * `additionalProperties: false`, so a hallucinated argument is rejected rather than silently
   * dropped. Anything else throws `ToolDefinitionError` naming the fix. @default no arguments
   */
  parameters?: Schema;
  /** The work. Throw `ToolError` / `ToolInputError` for failures the model should see. */
  execute(args: Args, context: ToolContext): unknown | Promise<unknown>;
  /** Facts about what calls do; left-out hints assume the worst. */
  hints?: Partial<Hints>;
  /** Hints for one call, laid over the partial `hints` given here (then completed as usual). */
  hintsFor?(args: Args): Partial<Hints> | undefined;
  /** Ask a human before every call. @default false */
  requiresConfirmation?: boolean;
  /** Ask a human before this call (overrides `requiresConfirmation`). */
  needsConfirmation?(args: Args): boolean;
  /** Results carry outside text: the registry guards it. @default false */
  externalContent?: boolean;
  /** Safe to run concurrently with other parallel calls. @default false */
  parallel?: boolean;
  /** Trust root. @default "builtin" */
  origin?: string;
  /** Longest response text the model gets; longer is cut (partial). `null` = no cap. @default the registry's */
  maxResultChars?: number | null;
}

/**
 * Makes a tool from a definition, typing `execute`'s arguments from its schema: a zod 4.2+ (or
 * other Standard JSON Schema) object, or a TypeBox object.
 *
 * @example
 * import { z } from "zod";
 * const add = tool({
 *   name: "add",
 *   description: "Add two numbers",
 *   parameters: z.object({ a: z.number(), b: z.number() }),
 *   hints: { readOnly: true, openWorld: false },
 *   execute: ({ a, b }) => String(a + b),     // a and b are numbers
 * });
 */
export function tool<S extends StandardJSONSchemaV1<unknown, object>>(
  definition: ToolDefinition<StandardJSONSchemaV1.InferOutput<S>, S> & { parameters: S },
): Tool<StandardJSONSchemaV1.InferOutput<S>>;
// Each `import("typebox")` carries a `@ts-ignore` in a doc comment, kept in the emitted .d.ts:
// typebox is an optional peer (see internal/typebox-types.ts).
export function tool<S extends TypeBoxObject>(
  definition: ToolDefinition<
    // biome-ignore lint/suspicious/noTsIgnore: @ts-expect-error fails where typebox is installed
    /** @ts-ignore typebox may be absent */
    import("typebox").Static<S> & object,
    S
  > & { parameters: S },
): Tool<
  // biome-ignore lint/suspicious/noTsIgnore: @ts-expect-error fails where typebox is installed
  /** @ts-ignore typebox may be absent */
  import("typebox").Static<S> & object
>;
export function tool(
  definition: ToolDefinition<Record<string, never>, undefined> & { parameters?: undefined },
): Tool<Record<string, never>>;
// A zod object has `type: "object"` too: `"~standard"?: never` keeps a mistyped `execute` of a
// Standard Schema tool from falling through to loosely typed arguments here.
export function tool(
  definition: ToolDefinition<Record<string, unknown>, JsonObjectSchema> & {
    parameters: JsonObjectSchema & { readonly "~standard"?: never };
  },
): Tool<Record<string, unknown>>;
export function tool(
  definition: ToolDefinition<Record<string, unknown>, object | undefined>,
): Tool<Record<string, unknown>> {
  if (typeof definition !== "object" || definition === null) {
    throw new ToolDefinitionError("tool() takes a definition object");
  }
  if (typeof definition.execute !== "function") {
    throw new ToolDefinitionError(
      `tool ${JSON.stringify(definition.name)}: execute must be a function`,
    );
  }
  for (const hook of ["hintsFor", "needsConfirmation"] as const) {
    if (definition[hook] !== undefined && typeof definition[hook] !== "function") {
      throw new ToolDefinitionError(
        `tool ${JSON.stringify(definition.name)}: ${hook} must be a function`,
      );
    }
  }
  const parameters: unknown = definition.parameters;
  if (parameters !== undefined) {
    const problem = parametersProblem(parameters);
    if (problem !== undefined) {
      throw new ToolDefinitionError(
        `tool ${JSON.stringify(definition.name)}: parameters is ${problem}`,
      );
    }
  }
  return new DefinedTool(definition);
}

class DefinedTool extends Tool<Record<string, unknown>> {
  readonly #definition: ToolDefinition<Record<string, unknown>, object | undefined>;

  constructor(definition: ToolDefinition<Record<string, unknown>, object | undefined>) {
    super({
      name: definition.name,
      description: definition.description,
      inputSchema: closeSchema(definition.parameters, definition.name),
      origin: definition.origin,
      hints: definition.hints,
      requiresConfirmation: definition.requiresConfirmation,
      externalContent: definition.externalContent,
      parallel: definition.parallel,
      maxResultChars: definition.maxResultChars,
    });
    this.#definition = definition;
  }

  override needsConfirmation(args: Record<string, unknown>): boolean {
    const decide = this.#definition.needsConfirmation;
    return decide ? decide(args) === true : this.requiresConfirmation;
  }

  override hintsFor(args: Record<string, unknown>): Hints {
    const more = this.#definition.hintsFor?.(args);
    return more === undefined ? this.hints : makeHints({ ...this.#definition.hints, ...more });
  }

  run(args: Record<string, unknown>, context: ToolContext): unknown {
    return this.#definition.execute(args, context);
  }
}

// A Standard JSON Schema is converted (and closed) by the Tool constructor.
function closeSchema(
  schema: object | undefined,
  name: string,
): JsonObjectSchema | StandardJSONSchemaV1 | undefined {
  if (schema === undefined || typeof schema !== "object" || schema === null) {
    return schema as undefined;
  }
  if (isStandardJsonSchema(schema)) return schema;
  if ("additionalProperties" in schema) return schema as JsonObjectSchema;
  try {
    return { ...(schema as JsonObjectSchema), additionalProperties: false };
  } catch (error) {
    // A getter that throws: a definition error like any other schema that is not plain JSON.
    throw new ToolDefinitionError(
      `tool ${JSON.stringify(name)}: parameters is not plain JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
