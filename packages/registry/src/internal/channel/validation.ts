import { clip } from "@toolgate/tool-core/internal";
import {
  type ArgumentValidator,
  argumentValidator,
  describeValidationErrors,
} from "../argument-validation.js";
import type { Args, ToolEntry } from "./channel.js";
import { typeLabel } from "./type-label.js";

/**
 * Stage 4a: the tool's validator, compiled at its first call and kept.
 *
 * @throws what compiling throws, for a schema that is not valid (see {@link schemaProblem}).
 */
export function validatorOf(entry: ToolEntry): ArgumentValidator {
  let validate = entry.validate;
  if (validate === undefined) {
    validate = argumentValidator(entry.tool.inputSchema);
    entry.validate = validate;
  }
  return validate;
}

/** The refusal text for a tool whose input schema cannot be compiled. */
export function schemaProblem(toolName: string, error: unknown): string {
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
