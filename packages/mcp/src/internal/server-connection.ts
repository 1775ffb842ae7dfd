import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { removeInvisibleCharacters } from "@toolgate/tool-core";
import { MCPClientError } from "../mcp-client-error.js";
import type { MCPClientEvent } from "../mcp-client-event.js";
import type { MCPClientOptions } from "../mcp-client-options.js";
import { MCP_CLIENT_ERROR_CODES } from "../mcp-error-codes.js";
import { PinningError } from "../pinning-error.js";
import { BoundedStdioTransport } from "./bounded-stdio-transport.js";
import { cleanError, describeError } from "./clean-error.js";
import { inRequestSpan } from "./client-span.js";
import { Deadline } from "./deadline.js";
import { GuardedTransport } from "./guarded-transport.js";
import { makeTransport } from "./make-transport.js";
import { type RestartPolicy, restartDelay } from "./restart-policy.js";
import { serverText } from "./server-text.js";

const CLIENT_INFO = { name: "toolgate", version: "0.1.0" };

/**
 * Where a connection is in its life. It never goes back to `idle`; it goes from `disconnected`
 * back to `connecting` only through a restart (or, for a server loaded lazily whose start failed,
 * another start). `refused` (came back or started changed) and `exhausted` (attempts used up)
 * are final, like `dropped`, `failed` and `closed`.
 */
type ConnectionState =
  | "idle"
  | "connecting"
  | "connected"
  | "disconnected"
  | "dropped"
  | "failed"
  | "refused"
  | "exhausted"
  | "closed";

/** How the connection of one generation (one server process or HTTP session) ended. */
interface Loss {
  readonly generation: number;
  readonly reason: string;
  /** A message was longer than `maxLineBytes`. */
  readonly overLineCap: boolean;
}

/** What a {@link ServerConnection} needs from its `MCPClient`. */
interface ServerConnectionOptions {
  namespace: string;
  /** Shown in the error when the handshake fails. */
  serverIdentity: string;
  /** The handshake's limit, `null` for none. */
  timeoutMs: number | null;
  /** The checked client options: how the transport is made. */
  options: MCPClientOptions;
  /** Called on each `notifications/tools/list_changed`. */
  onToolListChanged(): void;
  /** How a server that went away is brought back; undefined: never. */
  restart: RestartPolicy | undefined;
  /**
   * Lists the server that came back and checks it against the pins before any call goes through.
   * @throws PinningError when it came back changed; MCPClientError when it cannot be listed.
   */
  verifyAfterRestart(): Promise<void>;
  /**
   * Lists a server started on first use (its tools were made from the lock) and checks it
   * against the pins before the call that started it goes through.
   * @throws PinningError when it differs from the lock; MCPClientError when it cannot be listed.
   */
  verifyAfterStart(): Promise<void>;
  /** The client's `onEvent`. */
  onEvent: ((event: MCPClientEvent) => void) | undefined;
}

/**
 * The connection of one `MCPClient` to its server: the transport, the SDK client, the handshake
 * under one deadline, and the state that says why calls cannot go through (disconnected, dropped
 * past a bound, failed, closed). Protocol errors are counted here, never stored.
 */
export class ServerConnection {
  /** The client's namespace, for messages. */
  readonly namespace: string;
  /** The limit of the handshake and of each listing page, `null` for none. */
  readonly timeoutMs: number | null;
  readonly #serverIdentity: string;
  readonly #options: MCPClientOptions;
  readonly #onToolListChanged: () => void;
  readonly #restart: RestartPolicy | undefined;
  readonly #verifyAfterRestart: () => Promise<void>;
  readonly #verifyAfterStart: () => Promise<void>;
  readonly #onEvent: ((event: MCPClientEvent) => void) | undefined;
  #state: ConnectionState = "idle";
  /** Which server process or HTTP session this is: one more on each restart. */
  #generation = 0;
  #lastLoss: Loss | undefined;
  /** Restarts since the server last answered a call. */
  #attempts = 0;
  #restarting: Promise<void> | undefined;
  /** The tools were made from the lock: the first call starts the server. */
  #startOnFirstUse = false;
  /** The server was up once (connected, or started and checked): later losses are restarts. */
  #started = false;
  #refusal: PinningError | undefined;
  /** Whether the refusal came at a start on first use or at a restart. */
  #refusedAt: "start" | "restart" = "restart";
  #wakeRestart: (() => void) | undefined;
  #reason = "";
  #client: Client | undefined;
  #transport: Transport | undefined;
  #protocolErrors = 0;

  constructor(options: ServerConnectionOptions) {
    this.namespace = options.namespace;
    this.timeoutMs = options.timeoutMs;
    this.#serverIdentity = options.serverIdentity;
    this.#options = options.options;
    this.#onToolListChanged = options.onToolListChanged;
    this.#restart = options.restart;
    this.#verifyAfterRestart = options.verifyAfterRestart;
    this.#verifyAfterStart = options.verifyAfterStart;
    this.#onEvent = options.onEvent;
  }

  /** Which server process or HTTP session calls go to now: one more on each restart. */
  get generation(): number {
    return this.#generation;
  }

  /** Whether the server was up once (connected, or started on first use and checked). */
  get hasStarted(): boolean {
    return this.#started;
  }

  /**
   * Whether the server has not run yet and no start is under way: never connected, or loaded
   * lazily and every start so far failed.
   */
  get beforeFirstStart(): boolean {
    return (
      this.#state === "idle" ||
      (this.#startOnFirstUse && !this.#started && this.#state === "disconnected")
    );
  }

  /** Why a server that came back from a restart is refused: it no longer matches its pins. */
  get refusal(): PinningError | undefined {
    return this.#refusal;
  }

  /** Whether a server that goes away is brought back. */
  get restarts(): boolean {
    return this.#restart !== undefined;
  }

  /** Where the connection is in its life. */
  get state(): ConnectionState {
    return this.#state;
  }

  /** Why the connection is no longer usable (empty while it is). */
  get reason(): string {
    return this.#reason;
  }

  /** The SDK client, once `open` was called. */
  get client(): Client | undefined {
    return this.#client;
  }

  /** Number of protocol errors seen (invalid lines, stray progress notifications). */
  get protocolErrors(): number {
    return this.#protocolErrors;
  }

  /** Counts one more protocol error (a re-listing that failed counts as one too). */
  countProtocolError(): void {
    this.#protocolErrors++;
  }

  /** The tail of what a stdio server wrote to stderr (sanitized), for diagnostics. */
  get stderrTail(): string {
    const transport = this.#transport;
    return transport instanceof BoundedStdioTransport
      ? removeInvisibleCharacters(transport.stderrTail)
      : "";
  }

  /**
   * Makes the transport and performs the MCP handshake within `timeoutMs`. Call it once, while
   * the state is `idle`.
   *
   * @throws MCPClientError when the server cannot be reached or does not complete the handshake
   *   in time (its process is killed).
   */
  async open(): Promise<void> {
    this.#state = "connecting";
    await this.#handshake(false);
    this.#started = true;
  }

  /**
   * Starts the server on the first call (or `connect()`, or listing) instead of now: its tools
   * were made from the lock. Only while `idle`.
   */
  startOnFirstUse(): void {
    if (this.#state === "idle") this.#startOnFirstUse = true;
  }

  /**
   * `#handshake` of a first connection (`restarting` false: a failure is final) or of a restart
   * (a failure leaves the connection `disconnected`, for the next attempt).
   */
  async #handshake(restarting: boolean): Promise<void> {
    const transport = makeTransport(this.#options);
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    const generation = ++this.#generation;
    this.#transport = transport;
    this.#client = client;
    client.onerror = () => {
      this.#protocolErrors++;
    };
    client.onclose = () => {
      // A connection that ended before a restart must not touch the state of the new one.
      if (generation !== this.#generation) return;
      if (this.#state === "connected") {
        this.#lose(this.#closeReason() ?? "the connection closed");
      } else if (this.#state === "connecting") {
        this.#state = "failed";
        this.#reason = this.#closeReason() ?? "the connection closed";
      }
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () =>
      this.#onToolListChanged(),
    );
    // An HTTP session is gone when the server no longer knows it (404) or cannot be reached.
    const onSendError =
      transport instanceof BoundedStdioTransport || this.#options.transport !== undefined
        ? undefined
        : (error: unknown) => {
            if (
              generation === this.#generation &&
              this.#state === "connected" &&
              sessionLost(error)
            ) {
              this.#lose(
                error instanceof StreamableHTTPError
                  ? "the HTTP session ended: the server answered 404, it no longer knows the session"
                  : `the HTTP session ended: the server cannot be reached (${serverText(describeError(error), 300)})`,
              );
            }
          };
    const guarded = new GuardedTransport(transport, (reason) => this.drop(reason), onSendError);
    const deadline = new Deadline(this.timeoutMs);
    try {
      await deadline.race(
        inRequestSpan("initialize", undefined, () =>
          client.connect(guarded, deadline.requestOptions()),
        ),
      );
      if (this.#state !== "connecting") throw new Error(this.#reason);
      this.#state = "connected";
    } catch (error) {
      // The server's own words (an odd protocolVersion, an HTTP error body) are cleaned and
      // clipped; a reason the transport knows (the process exited) comes first.
      const reason = deadline.timedOut
        ? `no handshake within ${this.timeoutMs} ms`
        : this.#state === "dropped"
          ? this.#reason
          : (this.#closeReason() ?? serverText(describeError(error), 1000));
      if (!restarting) {
        this.#state = "failed";
        this.#reason = reason;
      } else if (this.#state === "connecting" || this.#state === "failed") {
        // The next call may try again, while attempts remain.
        this.#state = "disconnected";
        this.#reason = reason;
      }
      await client.close().catch(() => {});
      await transport.close().catch(() => {});
      // Its last 500 characters, cleaned: each newline shown as `\n`, so at most 1000.
      const stderr = this.stderrTail.trim();
      throw new MCPClientError(
        deadline.timedOut ? MCP_CLIENT_ERROR_CODES.timeout : MCP_CLIENT_ERROR_CODES.connectFailed,
        `MCP server '${this.namespace}' (${this.#serverIdentity}) failed to connect: ${reason}${stderr ? `; stderr: ${serverText(stderr.slice(-500), 1000)}` : ""}`,
        { namespace: this.namespace, cause: cleanError(error) },
      );
    } finally {
      deadline.clear();
    }
  }

  /**
   * Ends the connection for good when the server pushed past a bound on what the client holds
   * for it; calls answer an error naming the reason from then on.
   *
   * @returns the error to throw where the bound was found.
   */
  drop(reason: string): MCPClientError {
    if (this.#state === "connected" || this.#state === "connecting") {
      this.#state = "dropped";
      this.#reason = reason;
      void this.#client?.close().catch(() => {});
      void this.#transport?.close().catch(() => {});
    }
    return new MCPClientError(
      MCP_CLIENT_ERROR_CODES.dropped,
      `MCP server '${this.namespace}' was dropped: ${reason}`,
      { namespace: this.namespace },
    );
  }

  /**
   * A promise to wait for before a call or a listing goes through when a restart is under way or
   * due (the server went away and restarts are on); undefined when there is nothing to wait for.
   * It rejects when the restart fails: then `unavailable()` says why calls cannot go through.
   */
  ensureOpen(): Promise<void> | undefined {
    if (this.#restarting !== undefined) return this.#restarting;
    const policy = this.#restart;
    let opening: Promise<void>;
    if (
      this.#startOnFirstUse &&
      !this.#started &&
      (this.#state === "idle" || (this.#state === "disconnected" && policy !== undefined))
    ) {
      // First-use latency counts from here: the call that asked for the server.
      opening = this.#startOnce(performance.now());
    } else if (this.#state === "disconnected" && policy !== undefined) {
      opening = this.#restartOnce(policy);
    } else {
      return undefined;
    }
    this.#restarting = opening.finally(() => {
      this.#restarting = undefined;
    });
    return this.#restarting;
  }

  /** The server answered a call: restarts count from zero again. */
  answered(): void {
    this.#attempts = 0;
  }

  /** How the connection of `generation` ended from the server's side, if it has. */
  lossOf(generation: number): Loss | undefined {
    if (generation === this.#generation && this.#state !== "disconnected") return undefined;
    const loss = this.#lastLoss;
    if (loss?.generation === generation) return loss;
    // Lost, and restarted since, more than once: the reason is no longer kept.
    return generation < this.#generation
      ? { generation, reason: "the connection closed", overLineCap: false }
      : undefined;
  }

  /** The server's side ended a connection that was up: calls find out, and restart it if on. */
  #lose(reason: string): void {
    const transport = this.#transport;
    const overLineCap = transport instanceof BoundedStdioTransport && transport.overLineCap;
    this.#state = "disconnected";
    this.#reason = reason;
    this.#lastLoss = { generation: this.#generation, reason, overLineCap };
    void this.#client?.close().catch(() => {});
    void transport?.close().catch(() => {});
    this.emit({ type: "disconnected", namespace: this.namespace, reason });
  }

  /**
   * Starts a server whose tools were made from the lock, on first use: attempts count and wait
   * like restarts (without restarts, one attempt, and its failure is final), and the listing is
   * checked against the pins before any call goes through.
   */
  async #startOnce(begun: number): Promise<void> {
    const namespace = this.namespace;
    const policy = this.#restart;
    const attempt = this.#attempts + 1;
    if (policy !== undefined && attempt > policy.maxAttempts) this.#giveUp(policy);
    this.#attempts = attempt;
    const delayMs = policy === undefined ? 0 : restartDelay(attempt, policy);
    this.emit({ type: "starting", namespace, attempt, delayMs });
    await this.#pause(delayMs);
    if (this.#state !== "idle" && this.#state !== "disconnected") {
      throw new Error(this.unavailable());
    }
    this.#state = "connecting";
    try {
      await this.#handshake(policy !== undefined);
    } catch (error) {
      throw this.#attemptFailed("start", attempt, error);
    }
    await this.#verifyListing("start", attempt);
    this.#started = true;
    this.emit({ type: "started", namespace, attempt, latencyMs: performance.now() - begun });
  }

  async #restartOnce(policy: RestartPolicy): Promise<void> {
    const namespace = this.namespace;
    const attempt = this.#attempts + 1;
    if (attempt > policy.maxAttempts) this.#giveUp(policy);
    this.#attempts = attempt;
    const delayMs = restartDelay(attempt, policy);
    this.emit({ type: "restarting", namespace, attempt, delayMs });
    await this.#pause(delayMs);
    if (this.#state !== "disconnected") throw new Error(this.unavailable());
    this.#state = "connecting";
    try {
      await this.#handshake(true);
    } catch (error) {
      throw this.#attemptFailed("restart", attempt, error);
    }
    await this.#verifyListing("restart", attempt);
    this.emit({ type: "restarted", namespace, attempt });
  }

  /** `maxAttempts` in a row, and no call answered: no more starts. */
  #giveUp(policy: RestartPolicy): never {
    const { maxAttempts } = policy;
    const times = `${maxAttempts} ${this.#started ? "restart" : "start"}${maxAttempts === 1 ? "" : "s"} in a row`;
    this.#state = "exhausted";
    this.#reason = this.#started
      ? `went away again after ${times} with no call answered (last: ${this.#reason}); it is not restarted again (restart.maxAttempts is ${maxAttempts})`
      : `could not be started on first use in ${times} (last: ${this.#reason}); it is not started again (restart.maxAttempts is ${maxAttempts})`;
    this.emit({ type: "gave-up", namespace: this.namespace, attempts: maxAttempts });
    throw this.#exhaustedError();
  }

  /** Waits before an attempt; `close()` ends the wait. */
  async #pause(delayMs: number): Promise<void> {
    if (delayMs <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      this.#wakeRestart = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#wakeRestart = undefined;
  }

  /**
   * Lists the server that just came up and checks it against the pins: changed, it is refused
   * for good; not listed, this attempt failed (a start without restarts, for good).
   */
  async #verifyListing(kind: "start" | "restart", attempt: number): Promise<void> {
    try {
      await (kind === "start" ? this.#verifyAfterStart() : this.#verifyAfterRestart());
    } catch (error) {
      // `state`, not `#state`: the listing may have ended the connection meanwhile.
      if (PinningError.isInstance(error) && this.state === "connected") {
        this.#state = "refused";
        this.#refusal = error;
        this.#refusedAt = kind;
        this.#reason = `its tools differ from their pins (${error.mismatches.map((m) => m.name).join(", ")})`;
        void this.#client?.close().catch(() => {});
        void this.#transport?.close().catch(() => {});
        this.emit({ type: "refused", namespace: this.namespace, error });
        throw error;
      }
      if (this.state === "connected") {
        this.#state = this.#restart === undefined ? "failed" : "disconnected";
        this.#reason = describeError(error);
        void this.#client?.close().catch(() => {});
        void this.#transport?.close().catch(() => {});
      }
      throw this.#attemptFailed(kind, attempt, error);
    }
  }

  /** The error of a failed attempt, reported; the next call tries again while attempts remain. */
  #attemptFailed(kind: "start" | "restart", attempt: number, error: unknown): unknown {
    const again = this.#state === "disconnected";
    // Closed or refused meanwhile; a restart that can no longer be tried again says so elsewhere.
    if (!again && (kind === "restart" || this.#state !== "failed")) return error;
    const policy = this.#restart;
    const what = kind === "start" ? "could not be started on first use" : "could not be restarted";
    const count =
      policy === undefined ? "" : ` (attempt ${attempt} of ${policy.maxAttempts} in a row)`;
    const failed = new MCPClientError(
      MCPClientError.isInstance(error) ? error.code : MCP_CLIENT_ERROR_CODES.connectFailed,
      `MCP server '${this.namespace}' ${what}${count}: ${serverText(describeError(error), 2000)}`,
      { namespace: this.namespace, cause: error },
    );
    if (again) this.#reason = describeError(error);
    const type = kind === "start" ? "start-failed" : "restart-failed";
    this.emit({ type, namespace: this.namespace, attempt, error: failed });
    return failed;
  }

  #exhaustedError(): MCPClientError {
    return new MCPClientError(
      MCP_CLIENT_ERROR_CODES.restartLimit,
      `MCP server '${this.namespace}' ${this.#reason}`,
      { namespace: this.namespace },
    );
  }

  /** Tells the client's `onEvent`; a listener that throws is ignored. */
  emit(event: MCPClientEvent): void {
    try {
      this.#onEvent?.(event);
    } catch {
      // A listener's failure is the host's bug; it must not stop a restart.
    }
  }

  /** Closes the connection (and ends a stdio server's process). Safe to call more than once. */
  async close(): Promise<void> {
    if (this.#state === "closed") return;
    this.#state = "closed";
    this.#reason = "closed";
    this.#wakeRestart?.();
    const client = this.#client;
    const transport = this.#transport;
    await client?.close().catch(() => {});
    await transport?.close().catch(() => {});
  }

  /** Why calls cannot go through now, or undefined when they can. */
  unavailable(): string | undefined {
    switch (this.#state) {
      case "connected":
        return undefined;
      case "idle":
        return `MCP server '${this.namespace}' is not connected: call connect() first`;
      case "connecting":
        return `MCP server '${this.namespace}' is still connecting`;
      case "disconnected":
        return `MCP server '${this.namespace}' is disconnected (${this.#reason})`;
      case "refused":
        return this.#refusedAt === "start"
          ? `MCP server '${this.namespace}' was started on first use and is refused: ${this.#reason}`
          : `MCP server '${this.namespace}' came back from a restart changed and is refused: ${this.#reason}`;
      case "exhausted":
        return `MCP server '${this.namespace}' ${this.#reason}`;
      case "dropped":
        return `MCP server '${this.namespace}' was dropped: ${this.#reason}`;
      case "failed":
        return `MCP server '${this.namespace}' failed to connect (${this.#reason})`;
      case "closed":
        return `MCP client '${this.namespace}' is closed`;
    }
  }

  #closeReason(): string | undefined {
    const transport = this.#transport;
    return transport instanceof BoundedStdioTransport ? transport.closeReason : undefined;
  }
}

/** Whether a failed HTTP send means the session is gone: the server forgot it, or is unreachable. */
function sessionLost(error: unknown): boolean {
  if (error instanceof StreamableHTTPError) return error.code === 404;
  // fetch rejects with a TypeError when the server cannot be reached or the connection resets.
  return error instanceof TypeError;
}
