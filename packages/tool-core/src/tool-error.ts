import { TOOL_CORE_ERROR_CODES } from "./tool-core-error-codes.js";
import { ToolgateError, toolgateErrorCode } from "./toolgate-error.js";

/**
 * A failure the model should see and act on. The registry passes `message` to the model verbatim
 * (and `data` to programs), so never put secrets in it.
 *
 * @example
 * throw new ToolError("Order 42 is already shipped; it cannot be cancelled.");
 */
export class ToolError extends ToolgateError {
  declare readonly code: "TOOL_ERROR" | "TOOL_INPUT_ERROR";
  /** Facts for programs (the registry passes them on as the response's `data`). */
  readonly data?: unknown;

  constructor(message: string, options?: { data?: unknown; cause?: unknown }) {
    super(TOOL_CORE_ERROR_CODES.tool, message, options);
    this.name = "ToolError";
    if (options?.data !== undefined) this.data = options.data;
  }

  /** True for a `ToolError` (or a `ToolInputError`) from any installed copy of tool-core. */
  static override isInstance(value: unknown): value is ToolError {
    const code = toolgateErrorCode(value);
    return code === TOOL_CORE_ERROR_CODES.tool || code === TOOL_CORE_ERROR_CODES.toolInput;
  }
}
