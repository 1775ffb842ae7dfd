import { TOOLGATE_ERROR_CODES, toolgateErrorCode } from "@toolgate/tool-core";
import { brandError } from "@toolgate/tool-core/internal";

/**
 * A tool could not be registered: not a tool, an invalid name, or a name already taken.
 *
 * @example
 * try { registry.register(tool); } catch (error) {
 *   if (ToolRegistrationError.isInstance(error)) console.error(error.toolName, error.message);
 * }
 */
export class ToolRegistrationError extends Error {
  readonly code: string = TOOLGATE_ERROR_CODES.toolRegistration;
  /** The name of the tool that could not be registered, when it had one. */
  readonly toolName?: string;

  constructor(message: string, options?: { toolName?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolRegistrationError";
    if (options?.toolName !== undefined) this.toolName = options.toolName;
    brandError(this, TOOLGATE_ERROR_CODES.toolRegistration);
  }

  /** True for a `ToolRegistrationError` from any installed copy of @toolgate/registry. */
  static isInstance(value: unknown): value is ToolRegistrationError {
    return toolgateErrorCode(value) === TOOLGATE_ERROR_CODES.toolRegistration;
  }
}
