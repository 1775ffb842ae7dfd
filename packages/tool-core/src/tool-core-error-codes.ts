/**
 * The `code` of each error `@toolgate/tool-core` throws; every package keeps such a map of its
 * own (see `ToolgateError` for the naming rule).
 */
export const TOOL_CORE_ERROR_CODES = {
  /** `ToolError`: a failure the model reads verbatim. */
  tool: "TOOL_ERROR",
  /** `ToolInputError`: the arguments are wrong. */
  toolInput: "TOOL_INPUT_ERROR",
  /** `ToolDefinitionError`: a bad name, schema or hint when a tool is made. */
  toolDefinition: "TOOL_DEFINITION_ERROR",
} as const;

/** One of the values of {@link TOOL_CORE_ERROR_CODES}. */
export type ToolCoreErrorCode = (typeof TOOL_CORE_ERROR_CODES)[keyof typeof TOOL_CORE_ERROR_CODES];
