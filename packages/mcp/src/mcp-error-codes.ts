/**
 * The `code` of each error `@toolgate/mcp` throws; every package keeps such a map of its own
 * (see `ToolgateError` in `@toolgate/tool-core` for the naming rule).
 */
export const MCP_ERROR_CODES = {
  /** `PinningError`: the server's tools or launch command differ from the pinned fingerprints. */
  pinning: "PINNING_ERROR",
} as const;

/** One of the values of {@link MCP_ERROR_CODES}. */
export type MCPErrorCode = (typeof MCP_ERROR_CODES)[keyof typeof MCP_ERROR_CODES];
