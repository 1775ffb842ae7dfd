import type { ToolResponse } from "@toolgate/tool-core";
import { type CallTarget, callTool } from "./internal/call-tool.js";
import { checkClientOptions } from "./internal/check-client-options.js";
import { sdkRequestOptions } from "./internal/deadline.js";
import { ServerConnection } from "./internal/server-connection.js";
import { ToolCatalog } from "./internal/tool-catalog.js";
import { ToolNameFilter } from "./internal/tool-name-filter.js";
import type { LoadToolsOptions } from "./load-tools-options.js";
import type { MCPCallOptions } from "./mcp-call-options.js";
import { MCPClientError } from "./mcp-client-error.js";
import { type MCPClientOptions, SERVER_PIN_KEY } from "./mcp-client-options.js";
import { MCP_CLIENT_ERROR_CODES } from "./mcp-error-codes.js";
import type { MCPTool } from "./mcp-tool.js";
import { PinningError } from "./pinning-error.js";
import type { SkippedTool } from "./skipped-tool.js";

// The client's module keeps offering the names it always had.
export type { LoadToolsOptions } from "./load-tools-options.js";
export type { MCPCallOptions } from "./mcp-call-options.js";
export type { MCPClientEvent } from "./mcp-client-event.js";
export {
  type MCPClientOptions,
  NAMESPACE_PATTERN,
  SERVER_PIN_KEY,
} from "./mcp-client-options.js";
export type { MCPRestartOptions } from "./mcp-restart-options.js";
export type { SkippedTool } from "./skipped-tool.js";

/**
 * A connection to one MCP server that the host does not trust. It loads the server's tools as
 * {@link MCPTool}s (sanitized, namespaced, pinned) and calls them with timeouts that always hold.
 * Failures of the server reach the caller as error responses; the host keeps working.
 *
 * @example
 * await using github = await new MCPClient({
 *   namespace: "github",
 *   command: "npx",
 *   args: ["-y", "@modelcontextprotocol/server-github"],
 *   env: { GITHUB_TOKEN: token },
 *   expectedFingerprints: pins,
 * }).connect();
 * registry.registerAll(await github.loadTools());
 */
export class MCPClient implements AsyncDisposable {
  /** The namespace given by the integrator. */
  readonly namespace: string;
  /** `mcp:<namespace>`: the origin of every tool of this server. */
  readonly origin: string;
  /** How the server is reached, to show a reviewer: the exact command and arguments, or the URL. */
  readonly serverIdentity: string;
  /** sha256 of the server's identity, pinned under {@link SERVER_PIN_KEY}. */
  readonly serverFingerprint: string;
  /** The timeout for the handshake and each call, `null` for none. */
  readonly timeoutMs: number | null;

  readonly #pins: ReadonlyMap<string, string> | undefined;
  readonly #connection: ServerConnection;
  readonly #catalog: ToolCatalog;
  /** What every call shares. */
  readonly #calls: CallTarget;
  #connecting: Promise<this> | undefined;

  constructor(options: MCPClientOptions) {
    const checked = checkClientOptions(options);
    const { namespace } = options;
    this.namespace = namespace;
    this.origin = `mcp:${namespace}`;
    this.serverIdentity = checked.serverIdentity;
    this.serverFingerprint = checked.serverFingerprint;
    this.timeoutMs = checked.timeoutMs;
    this.#pins = checked.pins;
    // A copy: the caller may change its object after this.
    const own = { ...options };
    this.#connection = new ServerConnection({
      namespace,
      serverIdentity: this.serverIdentity,
      timeoutMs: this.timeoutMs,
      options: own,
      onToolListChanged: () => this.#catalog.scheduleRelist(),
      restart: checked.restart,
      verifyAfterRestart: () => this.#catalog.verifyAfterRestart(),
      verifyAfterStart: () => this.#catalog.verifyAfterStart(),
      onEvent: own.onEvent,
    });
    this.#catalog = new ToolCatalog({
      connection: this.#connection,
      pins: this.#pins,
      lock: checked.lock,
      serverFingerprint: this.serverFingerprint,
      client: this,
      maxDescriptionChars: checked.maxDescriptionChars,
      requiresConfirmation: own.requiresConfirmation ?? true,
    });
    this.#calls = {
      connection: this.#connection,
      catalog: this.#catalog,
      timeoutMs: this.timeoutMs,
      requestOptions: Object.freeze(sdkRequestOptions(this.timeoutMs)),
      maxResultChars: own.maxResultChars,
    };
  }

  /** Tools of the last listing that were not loaded, with the reason (non-object schema, unpinned, ...). */
  get skippedTools(): readonly SkippedTool[] {
    return this.#catalog.skipped;
  }

  /**
   * The pins for what the server offered at the last `loadTools`: {@link SERVER_PIN_KEY} and the
   * fingerprint of every loadable tool by display name. Review the tools, save this, and pass it
   * as `expectedFingerprints` from then on.
   */
  fingerprints(): Record<string, string> {
    return { [SERVER_PIN_KEY]: this.serverFingerprint, ...this.#catalog.fingerprints };
  }

  /** The tail of what a stdio server wrote to stderr (sanitized), for diagnostics. */
  get stderrTail(): string {
    return this.#connection.stderrTail;
  }

  /** Number of protocol errors seen (invalid lines, stray progress notifications): counted, never stored. */
  get protocolErrors(): number {
    return this.#connection.protocolErrors;
  }

  /**
   * Starts the server (stdio) or opens the connection, and performs the MCP handshake within
   * `timeoutMs`. With pins, the server's identity is checked first: a different command or URL
   * throws `PinningError` before anything runs.
   *
   * @throws PinningError when the pinned server identity differs; MCPClientError when the server
   *   cannot be reached (`MCP_CLIENT_CONNECT_FAILED`) or does not complete the handshake in time
   *   (`MCP_CLIENT_TIMEOUT`; its process is killed), or the client was closed or has failed
   *   before (`MCP_CLIENT_CLOSED`, `MCP_CLIENT_NOT_REUSABLE`). On a client whose server went
   *   away, it restarts the server as the next call would (see the `restart` option).
   */
  connect(): Promise<this> {
    const state = this.#connection.state;
    if (state === "connected") return Promise.resolve(this);
    if (state === "connecting" && this.#connecting) return this.#connecting;
    // A server that went away comes back through a restart, checked against the pins.
    const restarting = this.#connection.ensureOpen();
    if (restarting !== undefined) return restarting.then(() => this);
    if (state !== "idle") {
      return Promise.reject(
        new MCPClientError(
          state === "closed" ? MCP_CLIENT_ERROR_CODES.closed : MCP_CLIENT_ERROR_CODES.notReusable,
          `MCP client '${this.namespace}' is ${state}: make a new MCPClient to connect again`,
          { namespace: this.namespace },
        ),
      );
    }
    const pinned = this.#pins?.get(SERVER_PIN_KEY);
    if (this.#pins && pinned !== this.serverFingerprint) {
      return Promise.reject(
        new PinningError(
          [
            {
              name: SERVER_PIN_KEY,
              expected: pinned ?? "(not pinned)",
              actual: this.serverFingerprint,
            },
          ],
          this.namespace,
        ),
      );
    }
    this.#connecting = this.#open();
    return this.#connecting;
  }

  async #open(): Promise<this> {
    try {
      await this.#connection.open();
      return this;
    } finally {
      this.#connecting = undefined;
    }
  }

  /** Closes the connection (and ends a stdio server's process). Safe to call more than once. */
  close(): Promise<void> {
    return this.#connection.close();
  }

  /** Same as `close()`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /**
   * Lists the server's tools (all pages) and returns those that pass: each sanitized, named
   * `namespace_remote` within the name rule, with origin `mcp:<namespace>`. Tools with a
   * non-object input schema, an invalid definition or (with pins) no pin are skipped and listed
   * in `skippedTools`. Calling it again returns the same objects for unchanged tools.
   *
   * `options.include` / `options.exclude` (remote names or `*` / `?` globs) choose the tools
   * before pinning: only chosen tools are compared with the pins and appear in `fingerprints()`,
   * and until the next `loadTools` the client refuses calls of the others.
   *
   * `options.lazy` (with a version 2 `lock`, before the server runs) makes the tools from the
   * lock's reviewed definitions at once, with no process started and no connection: the first
   * call of one starts the server, checks its listing against the same pins (a changed server is
   * refused and the call answers why) and serves the call; calls arriving together share one
   * start, reported by `onEvent` (`starting`, `started` with its latency, `start-failed`).
   *
   * @throws PinningError naming each pinned tool whose definition differs (nothing is loaded);
   *   MCPClientError when not connected (`MCP_CLIENT_NOT_CONNECTED`, `MCP_CLIENT_CLOSED`) or when
   *   the listing fails (`MCP_CLIENT_LIST_FAILED`), times out (`MCP_CLIENT_TIMEOUT`) or pushes
   *   past a bound (`MCP_CLIENT_DROPPED`); TypeError for a malformed filter, or `lazy` without a
   *   version 2 lock; with `lazy`, PinningError when the lock pins another command or URL.
   */
  loadTools(options?: LoadToolsOptions): Promise<MCPTool[]> {
    let filter: ToolNameFilter | undefined;
    try {
      filter = options === undefined ? undefined : new ToolNameFilter(options);
      const lazy = options?.lazy ?? false;
      if (typeof lazy !== "boolean") throw new TypeError("loadTools lazy must be a boolean");
      if (lazy) {
        const tools = this.#catalog.loadLocked(filter);
        if (tools !== undefined) return Promise.resolve(tools);
      }
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#catalog.load(filter);
  }

  /**
   * Calls a tool by its name on the server. Never throws: a server that is not connected, hangs,
   * crashes, or answers garbage gives an error response within the timeout. A tool whose
   * definition changed since it was loaded is refused.
   */
  callTool(
    remoteName: string,
    args: Record<string, unknown>,
    options: MCPCallOptions = {},
  ): Promise<ToolResponse> {
    return callTool(this.#calls, remoteName, args, options);
  }
}
