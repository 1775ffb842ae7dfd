import type { MCPClientError } from "./mcp-client-error.js";
import type { PinningError } from "./pinning-error.js";

/**
 * What an `MCPClient` reports to its `onEvent` option about its connection: a server loaded
 * lazily from its lock began to start, started or failed to, the server went away, a restart
 * began, succeeded or failed, the server came back (or started) changed, the client gave up, or
 * a call was sent again. `namespace` names the server in each.
 */
export type MCPClientEvent =
  | {
      /** A server whose tools were loaded lazily (`loadTools({ lazy: true })`) starts: a call needs it. */
      readonly type: "starting";
      /** The client's namespace. */
      readonly namespace: string;
      /** Which attempt in a row (1 for the first; a failed start is tried again by a later call). */
      readonly attempt: number;
      /** How long it waits before starting the server (0 for the first attempt). */
      readonly delayMs: number;
    }
  | {
      /** The lazily loaded server started and its listing matched the pins: the call goes through. */
      readonly type: "started";
      /** The client's namespace. */
      readonly namespace: string;
      /** Which attempt in a row started it. */
      readonly attempt: number;
      /**
       * First-use latency: milliseconds from the call that asked for the server to the server
       * started, handshaken, listed and checked (a later attempt's wait included).
       */
      readonly latencyMs: number;
    }
  | {
      /** Starting the lazily loaded server failed (no handshake, no listing); a later call tries again while attempts remain. */
      readonly type: "start-failed";
      /** The client's namespace. */
      readonly namespace: string;
      /** Which attempt in a row failed. */
      readonly attempt: number;
      /** Why, as the waiting calls are told. */
      readonly error: MCPClientError;
    }
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
      /**
       * The server came back from a restart, or (lazy) started, with tools that differ from their
       * pins: it is refused for good.
       */
      readonly type: "refused";
      /** The client's namespace. */
      readonly namespace: string;
      /** The tools that differ, as `loadTools` throws it. */
      readonly error: PinningError;
    }
  | {
      /** `restart.maxAttempts` starts or restarts in a row brought no answered call: no more. */
      readonly type: "gave-up";
      /** The client's namespace. */
      readonly namespace: string;
      /** The attempts made in a row (`restart.maxAttempts`). */
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
