/** Options of one call. */
export interface MCPCallOptions {
  /** Cancels the call (the server is told). */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number | null;
  /** Longest result text for this call when the client has no `maxResultChars` of its own. */
  maxResultChars?: number;
}
