import { TOOL_CORE_ERROR_CODES } from "./tool-core-error-codes.js";
import { ToolError } from "./tool-error.js";
import { recode, toolgateErrorCode } from "./toolgate-error.js";

/**
 * The arguments are wrong. The model sees `(input error: <message>)` and can retry with
 * corrected arguments.
 */
export class ToolInputError extends ToolError {
  declare readonly code: "TOOL_INPUT_ERROR";

  constructor(message: string, options?: { data?: unknown; cause?: unknown }) {
    super(message, options);
    this.name = "ToolInputError";
    recode(this, TOOL_CORE_ERROR_CODES.toolInput);
  }

  /** True for a `ToolInputError` from any installed copy of tool-core. */
  static override isInstance(value: unknown): value is ToolInputError {
    return toolgateErrorCode(value) === TOOL_CORE_ERROR_CODES.toolInput;
  }
}
