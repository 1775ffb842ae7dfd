import { clip } from "@toolgate/tool-core/internal";
import {
  type ArgumentValidator,
  argumentValidator,
  describeValidationErrors,
} from "../argument-validation.js";
import { type StandardOutcome, standardValidation } from "../standard-validation.js";
import type { Args, ToolEntry } from "./channel.js";
import { typeLabel } from "./type-label.js";

/**
 * Stage 4a: the tool's validator, compiled at its first call and kept; or, for a schema that
 * does not compile, the refusal text, kept too (the schema cannot change, and every call, and
 * every `check`, must get the same answer: a second compile of a broken schema throws another
 * message).
 */
export function validatorOf(entry: ToolEntry): ArgumentValidator | string {
  let validate = entry.validate;
  if (validate === undefined) {
    try {
      validate = argumentValidator(entry.tool.inputSchema);
    } catch (error) {
      validate = schemaProblem(entry.tool.name, error);
    }
    entry.validate = validate;
  }
  return validate;
}

/** The refusal text for a tool whose input schema cannot be compiled. */
function schemaProblem(toolName: string, error: unknown): string {
  const message = clip(error instanceof Error ? error.message : String(error), 200);
  return `tool '${toolName}' cannot be called: its input schema is invalid (${message})`;
}

/**
 * Stage 4b: why `args` fail validation (with what was thrown, if validation itself threw), or
 * `undefined` when they pass. A validator that throws (a stack overflow on a recursive schema, a
 * getter in the arguments) is an input error, never an exception out of the channel.
 */
export function validationProblem(
  validate: ArgumentValidator,
  args: Args,
): { problem: string; error?: unknown } | undefined {
  try {
    if (validate(args)) return undefined;
  } catch (error) {
    return { problem: `arguments could not be validated (${typeLabel(error)})`, error };
  }
  try {
    return { problem: describeValidationErrors(validate.errors, args) };
  } catch (error) {
    return { problem: "the arguments do not match the schema", error };
  }
}

/**
 * Stage 4c, for a tool defined with a Standard Schema (zod, ArkType, Valibot): its own
 * `~standard.validate`, run on arguments that passed the JSON Schema, so refinements and
 * transforms apply and the tool gets the output. `undefined` for a tool without one (the common
 * case costs one property read); a promise only for a validator that returns one.
 */
export function standardArguments(
  entry: ToolEntry,
  args: Args,
): StandardOutcome | Promise<StandardOutcome> | undefined {
  let schema: ToolEntry["tool"]["standardSchema"];
  try {
    schema = entry.tool.standardSchema;
  } catch (error) {
    return { problem: `arguments could not be validated (${typeLabel(error)})`, error };
  }
  return schema === undefined ? undefined : standardValidation(schema, args);
}

/**
 * For a batch's grouping: the arguments the tool's hooks would get (its Standard Schema's output
 * when that answers at once), or `undefined` when they are refused or known only after waiting
 * for an async validator: such a call runs alone.
 */
export function settledArguments(entry: ToolEntry, args: Args): Args | undefined {
  const standard = standardArguments(entry, args);
  if (standard === undefined) return args;
  return standard instanceof Promise || !("value" in standard) ? undefined : standard.value;
}
