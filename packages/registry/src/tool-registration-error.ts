import { ToolgateError, toolgateErrorCode } from "@toolgate/tool-core";
import { REGISTRY_ERROR_CODES } from "./registry-error-codes.js";

/**
 * A tool could not be registered: not a tool, an invalid name, or a name already taken.
 *
 * @example
 * try { registry.register(tool); } catch (error) {
 *   if (ToolRegistrationError.isInstance(error)) console.error(error.toolName, error.message);
 * }
 */
export class ToolRegistrationError extends ToolgateError {
  declare readonly code: "TOOL_REGISTRATION_ERROR";
  /** The name of the tool that could not be registered, when it had one. */
  readonly toolName?: string;

  constructor(message: string, options?: { toolName?: string; cause?: unknown }) {
    super(REGISTRY_ERROR_CODES.toolRegistration, message, options);
    this.name = "ToolRegistrationError";
    if (options?.toolName !== undefined) this.toolName = options.toolName;
  }

  /** True for a `ToolRegistrationError` from any installed copy of @toolgate/registry. */
  static override isInstance(value: unknown): value is ToolRegistrationError {
    return toolgateErrorCode(value) === REGISTRY_ERROR_CODES.toolRegistration;
  }
}
