/**
 * The `code` of each error `@toolgate/builtins` throws to its callers; every package keeps such a
 * map of its own (see `ToolgateError` in `@toolgate/tool-core` for the naming rule). The tools
 * themselves never throw for a failed call: they answer an error response, whose `data.code`
 * comes from the tool's own map (`NOTES_ERROR_CODES`, `CALCULATOR_ERROR_KINDS`).
 */
export const BUILTINS_ERROR_CODES = {
  /** `SearchProviderError`: a search provider failed with a message safe to show the model. */
  searchProvider: "SEARCH_PROVIDER_ERROR",
} as const;

/** One of the values of {@link BUILTINS_ERROR_CODES}. */
export type BuiltinsErrorCode = (typeof BUILTINS_ERROR_CODES)[keyof typeof BUILTINS_ERROR_CODES];
