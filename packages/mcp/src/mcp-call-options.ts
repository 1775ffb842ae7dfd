import type { ToolProgress } from "@toolgate/tool-core";

/** Options of one call. */
export interface MCPCallOptions {
  /** Cancels the call (the server is told). */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number | null;
  /** Longest result text for this call when the client has no `maxResultChars` of its own. */
  maxResultChars?: number;
  /**
   * Hears the server's progress for this call: given, the request carries a `progressToken`,
   * and each `notifications/progress` for it arrives here checked (finite, at least 0, above the
   * last one; else dropped) with its message made one safe line. Progress never extends the
   * call's `timeoutMs`. What the listener throws is ignored.
   */
  onProgress?: (update: ToolProgress) => void;
}
