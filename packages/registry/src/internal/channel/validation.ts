import { clip } from "@toolgate/tool-core/internal";
import {
  type ArgumentValidator,
  argumentValidator,
  describeValidationErrors,
} from "../argument-validation.js";
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
