/**
 * The `code` of each error `@toolgate/registry` throws; every package keeps such a map of its
 * own (see `ToolgateError` in `@toolgate/tool-core` for the naming rule).
 */
export const REGISTRY_ERROR_CODES = {
  /** `ToolRegistrationError`: not a tool, an invalid name, or a name already taken. */
  toolRegistration: "TOOL_REGISTRATION_ERROR",
  /** `LinearPatternError`: a schema `pattern` the linear-time regex engine cannot run. */
  linearPattern: "LINEAR_PATTERN_ERROR",
} as const;

/** One of the values of {@link REGISTRY_ERROR_CODES}. */
export type RegistryErrorCode = (typeof REGISTRY_ERROR_CODES)[keyof typeof REGISTRY_ERROR_CODES];
