import type { MCPClientError } from "./mcp-client-error.js";
import type { PinningError } from "./pinning-error.js";

/**
 * What an `MCPClient` reports to its `onEvent` option about its connection: the server went away,
 * a restart began, succeeded or failed, the server came back changed, the client gave up, or a
 * call was sent again. `namespace` names the server in each.
 */
export type MCPClientEvent =
  | {
      /** The server exited or crashed, or the HTTP session dropped. */
      readonly type: "disconnected";
      /** The client's namespace. */
      readonly namespace: string;
      /** How the connection ended (the exit code, the line cap, HTTP 404, ...). */
      readonly reason: string;
    }
  | {
      /** A restart starts, after `delayMs`. */
      readonly type: "restarting";
      /** The client's namespace. */
      readonly namespace: string;
      /** Which attempt in a row since the server last answered a call (1 for the first). */
      readonly attempt: number;
      /** How long it waits before starting the server. */
      readonly delayMs: number;
    }
  | {
      /** The server is back, and its listing matched the pins: calls go through again. */
      readonly type: "restarted";
      /** The client's namespace. */
      readonly namespace: string;
      /** Which attempt in a row brought it back. */
      readonly attempt: number;
    }
  | {
      /** The attempt failed (no handshake, no listing); the next call tries again while attempts remain. */
      readonly type: "restart-failed";
      /** The client's namespace. */
      readonly namespace: string;
      /** Which attempt in a row failed. */
      readonly attempt: number;
      /** Why, as the waiting calls are told. */
      readonly error: MCPClientError;
    }
  | {
      /** The server came back with tools that differ from their pins: it is refused for good. */
      readonly type: "refused";
      /** The client's namespace. */
      readonly namespace: string;
      /** The tools that differ, as `loadTools` throws it. */
      readonly error: PinningError;
    }
  | {
      /** `restart.maxAttempts` restarts in a row brought no answered call: no more restarts. */
      readonly type: "gave-up";
      /** The client's namespace. */
      readonly namespace: string;
      /** The restarts made in a row (`restart.maxAttempts`). */
      readonly attempts: number;
    }
  | {
      /** A call in flight when the connection died is sent again: its pinned hints say read-only or idempotent. */
      readonly type: "call-retried";
      /** The client's namespace. */
      readonly namespace: string;
      /** The tool's name on the server. */
      readonly remoteName: string;
    };
