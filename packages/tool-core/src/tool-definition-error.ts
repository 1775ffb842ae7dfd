import { brandError, TOOLGATE_ERROR_CODES, toolgateErrorCode } from "./toolgate-error.js";

/** A bad tool name, schema or hint, thrown when the tool is made (a programming error). */
export class ToolDefinitionError extends TypeError {
  readonly code: string = TOOLGATE_ERROR_CODES.toolDefinition;

  constructor(message: string) {
    super(message);
    this.name = "ToolDefinitionError";
    brandError(this, TOOLGATE_ERROR_CODES.toolDefinition);
  }

  /** True for a `ToolDefinitionError` from any installed copy of tool-core. */
  static isInstance(value: unknown): value is ToolDefinitionError {
    return toolgateErrorCode(value) === TOOLGATE_ERROR_CODES.toolDefinition;
  }
}
