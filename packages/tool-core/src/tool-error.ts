import { brandError, TOOLGATE_ERROR_CODES, toolgateErrorCode } from "./toolgate-error.js";

/**
 * A failure the model should see and act on. The registry passes `message` to the model verbatim
 * (and `data` to programs), so never put secrets in it.
 *
 * @example
 * throw new ToolError("Order 42 is already shipped; it cannot be cancelled.");
 */
export class ToolError extends Error {
  readonly code: string = TOOLGATE_ERROR_CODES.tool;
  readonly data?: unknown;

  constructor(message: string, options?: { data?: unknown; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolError";
    if (options?.data !== undefined) this.data = options.data;
    brandError(this, TOOLGATE_ERROR_CODES.tool);
  }

  /** True for a `ToolError` (or subclass) from any installed copy of tool-core. */
  static isInstance(value: unknown): value is ToolError {
    const code = toolgateErrorCode(value);
    return code === TOOLGATE_ERROR_CODES.tool || code === TOOLGATE_ERROR_CODES.toolInput;
  }
}
