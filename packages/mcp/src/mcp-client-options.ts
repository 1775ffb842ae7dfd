import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { MCPClientEvent } from "./mcp-client-event.js";
import type { MCPLockFile } from "./mcp-lock-file.js";
import type { MCPRestartOptions } from "./mcp-restart-options.js";

/** The namespace rule: letters, digits and `-`, no `_` (the first `_` of a display name ends it). */
export const NAMESPACE_PATTERN = /^[a-zA-Z0-9-]{1,32}$/;

/** The key under which `expectedFingerprints` pins the server itself (its launch command or URL). */
export const SERVER_PIN_KEY = "$server";

/** How an `MCPClient` reaches its server, and how much it trusts it (not at all, by default). */
export interface MCPClientOptions {
  /**
   * Set by the integrator, never taken from the server: display names start with
   * `namespace_`, and the origin is `mcp:<namespace>`. `^[a-zA-Z0-9-]{1,32}$` (no `_`, so two
   * servers cannot forge each other's prefixes).
   */
  namespace: string;
  /** stdio: the program to run (no shell). */
  command?: string;
  /** stdio: its arguments. @default [] */
  args?: string[];
  /** stdio: variables added to the minimal environment (PATH, HOME, LANG): the host's are never passed on. */
  env?: Record<string, string>;
  /** stdio: working folder of the server process. */
  cwd?: string;
  /**
   * stdio: the largest message (one stdout line) accepted from the server. A larger one ends the
   * calls in flight with an error naming this limit, and the server is restarted on the next
   * call (see `restart`). @default 4194304 (4 MiB)
   */
  maxLineBytes?: number;
  /** Streamable HTTP: the server's endpoint. */
  url?: string | URL;
  /** Streamable HTTP: headers sent with every request (e.g. an API key). */
  headers?: Record<string, string>;
  /** Streamable HTTP: OAuth provider, passed to the SDK transport. */
  authProvider?: OAuthClientProvider;
  /** Any MCP SDK transport (in-memory in tests). */
  transport?: Transport;
  /** Ask a human before each call of this server's tools. @default true */
  requiresConfirmation?: boolean;
  /** Longest description or title kept (also for each description nested in a schema). @default 4096 */
  maxDescriptionChars?: number;
  /** Longest result text; longer results are cut and answered as partial. @default no limit */
  maxResultChars?: number;
  /**
   * Pins: display name → sha256 fingerprint of the approved definition, plus
   * {@link SERVER_PIN_KEY} → fingerprint of the launch command or URL (see
   * `MCPClient.fingerprints()`). Any mismatch throws `PinningError`; unpinned tools are not loaded.
   */
  expectedFingerprints?: Record<string, string>;
  /**
   * The server's lock file (`toolgate-mcp pin`, read with `JSON.parse`): its `fingerprints` are
   * the pins (instead of `expectedFingerprints`, not with them), and a version 2 lock's reviewed
   * definitions let `loadTools({ lazy: true })` make the tools before the server runs; the first
   * call of one starts it, checked against the same pins. Its `namespace` must be this client's.
   * A malformed lock, or a definition that does not hash to its pin, is a `TypeError`.
   */
  lock?: MCPLockFile;
  /** Limit for the handshake and for each call in total (progress cannot extend it); `null` = none. @default 30000 */
  timeoutMs?: number | null;
  /**
   * Bring back a stdio server that exited or crashed, or an HTTP session that dropped, on the
   * next call: `false` never does (the client stays disconnected). Not for a `transport` you
   * made, which cannot be opened twice. See {@link MCPRestartOptions}.
   * @default { maxAttempts: 5, initialDelayMs: 500, maxDelayMs: 10000 }
   */
  restart?: MCPRestartOptions | boolean;
  /** Told about disconnections, restarts and retried calls; an exception it throws is ignored. */
  onEvent?: (event: MCPClientEvent) => void;
}
