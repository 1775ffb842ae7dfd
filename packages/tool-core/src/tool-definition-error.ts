import { TOOL_CORE_ERROR_CODES } from "./tool-core-error-codes.js";
import { ToolgateError, toolgateErrorCode } from "./toolgate-error.js";

/**
 * A bad tool name, schema or hint, thrown when the tool is made (a programming error). It is a
 * `ToolgateError`, not a `TypeError`: recognise it with `ToolDefinitionError.isInstance`.
 */
export class ToolDefinitionError extends ToolgateError {
  declare readonly code: "TOOL_DEFINITION_ERROR";

  constructor(message: string) {
    super(TOOL_CORE_ERROR_CODES.toolDefinition, message);
    this.name = "ToolDefinitionError";
  }

  /** True for a `ToolDefinitionError` from any installed copy of tool-core. */
  static override isInstance(value: unknown): value is ToolDefinitionError {
    return toolgateErrorCode(value) === TOOL_CORE_ERROR_CODES.toolDefinition;
  }
}
