import { ToolError } from "./tool-error.js";
import { brandError, TOOLGATE_ERROR_CODES, toolgateErrorCode } from "./toolgate-error.js";

/**
 * The arguments are wrong. The model sees `(input error: <message>)` and can retry with
 * corrected arguments.
 */
export class ToolInputError extends ToolError {
  override readonly code: string = TOOLGATE_ERROR_CODES.toolInput;

  constructor(message: string, options?: { data?: unknown; cause?: unknown }) {
    super(message, options);
    this.name = "ToolInputError";
    brandError(this, TOOLGATE_ERROR_CODES.toolInput);
  }

  /** True for a `ToolInputError` from any installed copy of tool-core. */
  static override isInstance(value: unknown): value is ToolInputError {
    return toolgateErrorCode(value) === TOOLGATE_ERROR_CODES.toolInput;
  }
}
