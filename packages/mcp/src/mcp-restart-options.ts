/**
 * How an `MCPClient` brings back a stdio server that exited or crashed, or an HTTP session that
 * dropped: on the next call (or `loadTools`), after a delay that doubles with each attempt, at
 * most `maxAttempts` times in a row. Attempts count from the last call the server answered, so a
 * server that crashes once a day is always restarted, and one that crashes on every call is given
 * up. A server that comes back is listed and checked against the pins before any call goes
 * through.
 */
export interface MCPRestartOptions {
  /** Restarts in a row, with no call answered between them, before the client gives up. @default 5 */
  maxAttempts?: number;
  /**
   * Wait before the second attempt in a row; each later one waits twice as long (the first
   * attempt does not wait). `0` for none. @default 500
   */
  initialDelayMs?: number;
  /** The longest wait before an attempt. @default 10000 */
  maxDelayMs?: number;
}
