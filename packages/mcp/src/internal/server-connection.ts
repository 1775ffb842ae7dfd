import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { removeInvisibleCharacters } from "@toolgate/tool-core";
import { MCPClientError } from "../mcp-client-error.js";
import type { MCPClientOptions } from "../mcp-client-options.js";
import { MCP_CLIENT_ERROR_CODES } from "../mcp-error-codes.js";
import { BoundedStdioTransport } from "./bounded-stdio-transport.js";
import { cleanError, describeError } from "./clean-error.js";
import { Deadline } from "./deadline.js";
import { GuardedTransport } from "./guarded-transport.js";
import { makeTransport } from "./make-transport.js";
import { serverText } from "./server-text.js";

const CLIENT_INFO = { name: "toolgate", version: "0.1.0" };

/** Where a connection is in its life; it never goes back to `idle` or `connecting`. */
type ConnectionState =
  | "idle"
  | "connecting"
  | "connected"
  | "disconnected"
  | "dropped"
  | "failed"
  | "closed";

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
  #state: ConnectionState = "idle";
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
  open(): Promise<void> {
    this.#state = "connecting";
    return this.#handshake();
  }

  async #handshake(): Promise<void> {
    const transport = makeTransport(this.#options);
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    this.#transport = transport;
    this.#client = client;
    client.onerror = () => {
      this.#protocolErrors++;
    };
    client.onclose = () => {
      if (this.#state === "connected" || this.#state === "connecting") {
        this.#state = this.#state === "connected" ? "disconnected" : "failed";
        this.#reason = this.#closeReason() ?? "the connection closed";
      }
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () =>
      this.#onToolListChanged(),
    );
    const guarded = new GuardedTransport(transport, (reason) => this.drop(reason));
    const deadline = new Deadline(this.timeoutMs);
    try {
      await deadline.race(client.connect(guarded, deadline.requestOptions()));
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
      this.#state = "failed";
      this.#reason = reason;
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

  /** Closes the connection (and ends a stdio server's process). Safe to call more than once. */
  async close(): Promise<void> {
    if (this.#state === "closed") return;
    this.#state = "closed";
    this.#reason = "closed";
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
