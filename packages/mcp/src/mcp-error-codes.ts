/** The codes of `MCPClientError`, one for each way connecting or listing can fail. */
export const MCP_CLIENT_ERROR_CODES = {
  /** Not connected yet, or the connection ended (the server exited or was dropped). */
  notConnected: "MCP_CLIENT_NOT_CONNECTED",
  /** The server could not be started or reached, or refused the handshake. */
  connectFailed: "MCP_CLIENT_CONNECT_FAILED",
  /** No handshake, or no `tools/list` answer, within `timeoutMs`. */
  timeout: "MCP_CLIENT_TIMEOUT",
  /** `tools/list` failed or its answer was not a listing. */
  listFailed: "MCP_CLIENT_LIST_FAILED",
  /** The server pushed past a bound on what the client holds for it; the connection is ended. */
  dropped: "MCP_CLIENT_DROPPED",
  /** `close()` was called. */
  closed: "MCP_CLIENT_CLOSED",
  /** `connect()` on a client whose connection failed or ended: make a new `MCPClient`. */
  notReusable: "MCP_CLIENT_NOT_REUSABLE",
  /**
   * The server stopped (or, loaded lazily, failed to start) `restart.maxAttempts` times in a row
   * without answering a call: it is not started again.
   */
  restartLimit: "MCP_CLIENT_RESTART_LIMIT",
} as const;

/**
 * The `code` of each error `@toolgate/mcp` throws; every package keeps such a map of its own
 * (see `ToolgateError` in `@toolgate/tool-core` for the naming rule).
 */
export const MCP_ERROR_CODES = {
  /** `PinningError`: the server's tools or launch command differ from the pinned fingerprints. */
  pinning: "PINNING_ERROR",
  ...MCP_CLIENT_ERROR_CODES,
} as const;

/** One of the values of {@link MCP_ERROR_CODES}. */
export type MCPErrorCode = (typeof MCP_ERROR_CODES)[keyof typeof MCP_ERROR_CODES];

/**
 * The `code` of an `MCPClientError`: one of the `MCP_CLIENT_…` values of
 * {@link MCP_ERROR_CODES} (every code but `PINNING_ERROR`).
 */
export type MCPClientErrorCode = Exclude<MCPErrorCode, typeof MCP_ERROR_CODES.pinning>;
