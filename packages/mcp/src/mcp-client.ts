import { createHash } from "node:crypto";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  ResultSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
  type JsonObjectSchema,
  removeInvisibleCharacters,
  ToolResponse,
} from "@toolgate/tool-core";
import { fingerprintTool, type MCPToolDefinition } from "./fingerprint-tool.js";
import { BoundedStdioTransport } from "./internal/bounded-stdio-transport.js";
import { canonicalJson } from "./internal/canonical-json.js";
import { GuardedTransport } from "./internal/guarded-transport.js";
import { hintsFromAnnotations } from "./internal/hints-from-annotations.js";
import { isRecord } from "./internal/is-record.js";
import { makeTransport } from "./internal/make-transport.js";
import { mapCallResult } from "./internal/map-call-result.js";
import { sanitizeSchema } from "./internal/sanitize-schema.js";
import { SdkSignals } from "./internal/sdk-signals.js";
import { serverText } from "./internal/server-text.js";
import { MCPTool } from "./mcp-tool.js";
import { type PinMismatch, PinningError } from "./pinning-error.js";
import {
  checkLimit,
  DEFAULT_MAX_DESCRIPTION_CHARS,
  sanitizeDescription,
} from "./sanitize-description.js";
import { sanitizeToolName, uniqueToolName } from "./sanitize-tool-name.js";

/** The namespace rule: letters, digits and `-`, no `_` (the first `_` of a display name ends it). */
export const NAMESPACE_PATTERN = /^[a-zA-Z0-9-]{1,32}$/;

/** The key under which `expectedFingerprints` pins the server itself (its launch command or URL). */
export const SERVER_PIN_KEY = "$server";

const DEFAULT_TIMEOUT_MS = 30_000;
// setTimeout cannot wait longer; a larger value would fire at once.
const MAX_TIMER_MS = 2_147_483_647;
// What one tools/list may make the client hold: pages, tools, characters of JSON, one cursor.
const MAX_PAGES = 1000;
const MAX_TOOLS = 10_000;
const MAX_LISTING_CHARS = 16 * 1024 * 1024;
const MAX_CURSOR_CHARS = 4096;
const FINGERPRINT = /^[0-9a-f]{64}$/;
const CLIENT_INFO = { name: "toolgate", version: "0.1.0" };
/** Shared by all clients: a caller's signal gets one link, whichever clients it is used with. */
const SDK_SIGNALS = new SdkSignals();

/** How an {@link MCPClient} reaches its server, and how much it trusts it (not at all, by default). */
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
  /** Limit for the handshake and for each call in total (progress cannot extend it); `null` = none. @default 30000 */
  timeoutMs?: number | null;
}

/** A tool the server listed that was not loaded, and why. */
export interface SkippedTool {
  /** The server's name for it (sanitized for display). */
  readonly remoteName: string;
  /** Why it was not loaded (a non-object schema, not pinned, ...). */
  readonly reason: string;
}

/** Options of one call. */
export interface MCPCallOptions {
  /** Cancels the call (the server is told). */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number | null;
  /** Longest result text for this call when the client has no `maxResultChars` of its own. */
  maxResultChars?: number;
}

type State = "idle" | "connecting" | "connected" | "disconnected" | "dropped" | "failed" | "closed";

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

  readonly #options: MCPClientOptions;
  readonly #maxDescriptionChars: number;
  readonly #pins: ReadonlyMap<string, string> | undefined;
  #state: State = "idle";
  #reason = "";
  #client: Client | undefined;
  #transport: Transport | undefined;
  #connecting: Promise<this> | undefined;
  /** Tools approved without pins (trust on first use): display name → fingerprint. */
  readonly #approved = new Map<string, string>();
  /** Loaded tools by remote name. */
  readonly #loaded = new Map<string, MCPTool>();
  /** Remote name → why its calls are refused. */
  readonly #disabled = new Map<string, string>();
  #relisting: Promise<void> | undefined;
  #relistAgain = false;
  #skipped: readonly SkippedTool[] = [];
  #fingerprints: Record<string, string> = {};
  #protocolErrors = 0;
  /** Options of a call with the client's timeout and no signal: made once, read by the SDK only. */
  readonly #requestOptions: RequestOptions;

  constructor(options: MCPClientOptions) {
    if (typeof options !== "object" || options === null) {
      throw new TypeError("MCPClient options must be an object");
    }
    const { namespace } = options;
    if (typeof namespace !== "string" || !NAMESPACE_PATTERN.test(namespace)) {
      throw new TypeError(
        `MCPClient namespace ${JSON.stringify(namespace)} is invalid: use 1-32 ASCII letters, digits or '-' (no '_')`,
      );
    }
    const ways = (["command", "url", "transport"] as const).filter((k) => options[k] !== undefined);
    if (ways.length !== 1) {
      throw new TypeError(
        `MCPClient '${namespace}' needs exactly one of command (stdio), url (Streamable HTTP) or transport, got ${ways.length === 0 ? "none" : ways.join(" and ")}`,
      );
    }
    const identity = checkConnection(options);
    this.namespace = namespace;
    this.origin = `mcp:${namespace}`;
    this.serverIdentity = identity.text;
    this.serverFingerprint = createHash("sha256")
      .update(canonicalJson(identity.pinned))
      .digest("hex");
    optionalBoolean(options.requiresConfirmation, "requiresConfirmation");
    this.#maxDescriptionChars = options.maxDescriptionChars ?? DEFAULT_MAX_DESCRIPTION_CHARS;
    checkLimit(this.#maxDescriptionChars, "maxDescriptionChars");
    if (options.maxResultChars !== undefined) checkLimit(options.maxResultChars, "maxResultChars");
    const timeout = options.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : options.timeoutMs;
    if (timeout !== null) checkLimit(timeout, "timeoutMs");
    this.timeoutMs = timeout === null ? null : Math.min(timeout, MAX_TIMER_MS);
    this.#pins = checkPins(options.expectedFingerprints);
    this.#options = { ...options };
    this.#requestOptions = Object.freeze(sdkRequestOptions(this.timeoutMs));
  }

  /** Tools of the last listing that were not loaded, with the reason (non-object schema, unpinned, ...). */
  get skippedTools(): readonly SkippedTool[] {
    return this.#skipped;
  }

  /**
   * The pins for what the server offered at the last `loadTools`: {@link SERVER_PIN_KEY} and the
   * fingerprint of every loadable tool by display name. Review the tools, save this, and pass it
   * as `expectedFingerprints` from then on.
   */
  fingerprints(): Record<string, string> {
    return { [SERVER_PIN_KEY]: this.serverFingerprint, ...this.#fingerprints };
  }

  /** The tail of what a stdio server wrote to stderr (sanitized), for diagnostics. */
  get stderrTail(): string {
    const transport = this.#transport;
    return transport instanceof BoundedStdioTransport
      ? removeInvisibleCharacters(transport.stderrTail)
      : "";
  }

  /** Number of protocol errors seen (invalid lines, stray progress notifications): counted, never stored. */
  get protocolErrors(): number {
    return this.#protocolErrors;
  }

  /**
   * Starts the server (stdio) or opens the connection, and performs the MCP handshake within
   * `timeoutMs`. With pins, the server's identity is checked first: a different command or URL
   * throws `PinningError` before anything runs.
   *
   * @throws PinningError when the pinned server identity differs; Error when the server cannot
   *   be reached or does not complete the handshake in time (its process is killed).
   */
  connect(): Promise<this> {
    if (this.#state === "connected") return Promise.resolve(this);
    if (this.#state === "connecting" && this.#connecting) return this.#connecting;
    if (this.#state !== "idle") {
      return Promise.reject(
        new Error(
          `MCP client '${this.namespace}' is ${this.#state}: make a new MCPClient to connect again`,
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
    this.#state = "connecting";
    this.#connecting = this.#connect();
    return this.#connecting;
  }

  async #connect(): Promise<this> {
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
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.#scheduleRelist());
    const guarded = new GuardedTransport(transport, (reason) => this.#drop(reason));
    const deadline = new Deadline(this.timeoutMs);
    try {
      await deadline.race(client.connect(guarded, deadline.requestOptions()));
      if (this.#state !== "connecting") throw new Error(this.#reason);
      this.#state = "connected";
      return this;
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
      throw new Error(
        `MCP server '${this.namespace}' (${this.serverIdentity}) failed to connect: ${reason}${stderr ? `; stderr: ${serverText(stderr.slice(-500), 1000)}` : ""}`,
        { cause: cleanError(error) },
      );
    } finally {
      deadline.clear();
      this.#connecting = undefined;
    }
  }

  /**
   * Ends the connection for good when the server pushed past a bound on what the client holds
   * for it; calls answer an error naming the reason from then on.
   */
  #drop(reason: string): Error {
    if (this.#state === "connected" || this.#state === "connecting") {
      this.#state = "dropped";
      this.#reason = reason;
      void this.#client?.close().catch(() => {});
      void this.#transport?.close().catch(() => {});
    }
    return new Error(`MCP server '${this.namespace}' was dropped: ${reason}`);
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
   * @throws PinningError naming each pinned tool whose definition differs (nothing is loaded);
   *   Error when not connected or when the listing fails or times out.
   */
  async loadTools(): Promise<MCPTool[]> {
    if (this.#state !== "connected" || !this.#client) {
      throw new Error(this.#unavailable() ?? `MCP server '${this.namespace}' is not connected`);
    }
    const listed = await this.#listAll(this.#client);
    const skipped: SkippedTool[] = [];
    const mismatches: PinMismatch[] = [];
    const fingerprints: Record<string, string> = {};
    const approve = new Map<string, string>();
    const tools: MCPTool[] = [];

    const { entries } = namedEntries(listed, skipped);
    const displayNames = assignDisplayNames(this.namespace, entries);
    for (const raw of entries) {
      const remoteName = raw.name;
      const name = displayNames.get(remoteName)!;
      let fingerprint: string;
      try {
        fingerprint = fingerprintTool(raw as unknown as MCPToolDefinition);
      } catch (error) {
        skipped.push(
          skip(remoteName, `its definition cannot be fingerprinted (${describeError(error)})`),
        );
        continue;
      }
      const pinned = this.#pins?.get(name);
      if (pinned !== undefined && pinned !== fingerprint) {
        mismatches.push({ name, expected: pinned, actual: fingerprint });
        continue;
      }
      if (this.#pins && pinned === undefined) {
        skipped.push(skip(remoteName, `it is not pinned (fingerprint ${fingerprint})`));
        continue;
      }
      if (this.#disabled.has(remoteName)) {
        skipped.push(skip(remoteName, "it was disabled after its definition changed"));
        continue;
      }
      const approved = this.#approved.get(name);
      if (approved !== undefined && approved !== fingerprint) {
        skipped.push(skip(remoteName, "its definition changed since it was approved"));
        continue;
      }
      const made = this.#makeTool(raw, name, fingerprint);
      if (typeof made === "string") {
        skipped.push(skip(remoteName, made));
        continue;
      }
      fingerprints[name] = fingerprint;
      if (!this.#pins) approve.set(name, fingerprint);
      tools.push(made);
    }
    if (mismatches.length > 0) throw new PinningError(mismatches, this.namespace);

    for (const [name, fingerprint] of approve) this.#approved.set(name, fingerprint);
    for (const tool of tools) this.#loaded.set(tool.remoteName, tool);
    this.#skipped = Object.freeze(skipped);
    this.#fingerprints = fingerprints;
    return tools;
  }

  #makeTool(
    raw: Record<string, unknown> & { name: string },
    name: string,
    fingerprint: string,
  ): MCPTool | string {
    const existing = this.#loaded.get(raw.name);
    if (existing && existing.fingerprint === fingerprint && existing.name === name) return existing;
    const { inputSchema, description, title, annotations } = raw;
    if (typeof inputSchema !== "object" || inputSchema === null || Array.isArray(inputSchema)) {
      return "it has no input schema object";
    }
    const schemaType = (inputSchema as Record<string, unknown>).type;
    if (schemaType !== "object") {
      return `its input schema is not an object schema (type ${clip(JSON.stringify(schemaType) ?? "missing")})`;
    }
    if (description !== undefined && typeof description !== "string")
      return "its description is not a string";
    if (title !== undefined && typeof title !== "string") return "its title is not a string";
    const sanitized = sanitizeSchema(
      inputSchema as Record<string, unknown>,
      this.#maxDescriptionChars,
    );
    if (!sanitized.ok) return sanitized.reason;
    const annotationTitle =
      typeof annotations === "object" && annotations !== null
        ? (annotations as Record<string, unknown>).title
        : undefined;
    const shownTitle = title ?? (typeof annotationTitle === "string" ? annotationTitle : undefined);
    try {
      return new MCPTool({
        client: this,
        name,
        remoteName: raw.name,
        description: sanitizeDescription(description ?? "", this.#maxDescriptionChars),
        ...(shownTitle === undefined
          ? {}
          : { title: sanitizeDescription(shownTitle, this.#maxDescriptionChars) }),
        inputSchema: sanitized.schema as unknown as JsonObjectSchema,
        hints: hintsFromAnnotations(annotations),
        requiresConfirmation: this.#options.requiresConfirmation ?? true,
        fingerprint,
      });
    } catch (error) {
      return `its definition is invalid: ${clip(describeError(error))}`;
    }
  }

  /**
   * Calls a tool by its name on the server. Never throws: a server that is not connected, hangs,
   * crashes, or answers garbage gives an error response within the timeout. A tool whose
   * definition changed since it was loaded is refused.
   */
  async callTool(
    remoteName: string,
    args: Record<string, unknown>,
    options: MCPCallOptions = {},
  ): Promise<ToolResponse> {
    const unavailable = this.#unavailable();
    if (unavailable !== undefined) return ToolResponse.error(unavailable);
    if (typeof remoteName !== "string" || remoteName === "") {
      return ToolResponse.error("MCP tool name must be a non-empty string");
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      return ToolResponse.error(`arguments for MCP tool '${clip(remoteName)}' must be an object`);
    }
    const timeoutMs = options.timeoutMs === undefined ? this.timeoutMs : options.timeoutMs;
    const limit = timeoutMs === null ? null : Math.min(timeoutMs, MAX_TIMER_MS);
    const { signal } = options;
    if (signal?.aborted) return ToolResponse.error(this.#cancelled(remoteName));
    const sdkSignal = signal === undefined ? undefined : SDK_SIGNALS.for(signal);
    let relistDeadline: Deadline | undefined;
    let requestLimit = limit;
    try {
      if (this.#relisting) {
        // One deadline and the caller's signal cover the wait and the request after it.
        relistDeadline = new Deadline(limit, signal);
        await relistDeadline.race(this.#relisting);
        requestLimit = relistDeadline.remaining();
        if (requestLimit === 0) return this.#timedOut(remoteName, timeoutMs);
        const unavailable = this.#unavailable();
        if (unavailable !== undefined) return ToolResponse.error(unavailable);
      }
      const disabled = this.#disabled.get(remoteName);
      if (disabled !== undefined) return ToolResponse.error(disabled);
      // The SDK's own timer holds the limit: it rejects the request and tells the server.
      let requestOptions = this.#requestOptions;
      if (sdkSignal !== undefined || requestLimit !== this.timeoutMs) {
        requestOptions = sdkRequestOptions(requestLimit);
        if (sdkSignal !== undefined) requestOptions.signal = sdkSignal.signal;
      }
      // `request`, not `Client.callTool`: that adds output-schema and task checks that need the
      // SDK's own tool listing, which this client does not use, and one more await.
      const result = await this.#client!.request(
        { method: "tools/call", params: { name: remoteName, arguments: args } },
        CallToolResultSchema,
        requestOptions,
      );
      return mapCallResult(result, this.#options.maxResultChars ?? options.maxResultChars);
    } catch (error) {
      if (signal?.aborted) return ToolResponse.error(this.#cancelled(remoteName));
      if (relistDeadline?.timedOut || isSdkTimeout(error))
        return this.#timedOut(remoteName, timeoutMs);
      return ToolResponse.error(this.#describeFailure(remoteName, error));
    } finally {
      relistDeadline?.clear();
      sdkSignal?.release();
    }
  }

  #timedOut(remoteName: string, timeoutMs: number | null): ToolResponse {
    return ToolResponse.error(
      `MCP tool '${clip(remoteName)}' on server '${this.namespace}' did not answer within ${timeoutMs} ms`,
    );
  }

  #cancelled(remoteName: string): string {
    return `the call to MCP tool '${clip(remoteName)}' on server '${this.namespace}' was cancelled`;
  }

  #describeFailure(remoteName: string, error: unknown): string {
    const tool = `'${clip(remoteName)}'`;
    if (this.#state === "closed") {
      return `MCP client '${this.namespace}' was closed during the call to ${tool}`;
    }
    if (this.#state === "dropped") {
      return `MCP server '${this.namespace}' was dropped during the call to ${tool}: ${this.#reason}`;
    }
    if (this.#state !== "connected") {
      return `MCP server '${this.namespace}' closed the connection during the call to ${tool} (${this.#reason})`;
    }
    if (error instanceof McpError) {
      return `MCP server '${this.namespace}' answered the call to ${tool} with an error: ${serverText(error.message, 1000)}`;
    }
    return `the call to MCP tool ${tool} on server '${this.namespace}' failed: ${errorName(error)} (the server's answer was not a valid tool result)`;
  }

  /** Why calls cannot go through now, or undefined when they can. */
  #unavailable(): string | undefined {
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

  /**
   * All pages of `tools/list`, within bounds on what the listing makes the client hold (pages,
   * tools, characters, cursor length): past one, the server is dropped.
   */
  async #listAll(client: Client): Promise<unknown[]> {
    const tools: unknown[] = [];
    const cursors = new Set<string>();
    let chars = 0;
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) throw this.#drop(`its tools/list ran past ${MAX_PAGES} pages`);
      const deadline = new Deadline(this.timeoutMs);
      let result: Record<string, unknown>;
      try {
        result = await deadline.race(
          client.request(
            { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
            ResultSchema,
            deadline.requestOptions(),
          ),
        );
      } catch (error) {
        const why = deadline.timedOut
          ? `no answer within ${this.timeoutMs} ms`
          : this.#state !== "connected"
            ? this.#reason
            : serverText(describeError(error), 1000);
        throw new Error(`MCP server '${this.namespace}' could not list its tools: ${why}`, {
          cause: cleanError(error),
        });
      } finally {
        deadline.clear();
      }
      if (this.#state !== "connected") {
        throw new Error(`MCP server '${this.namespace}' could not list its tools: ${this.#reason}`);
      }
      if (!Array.isArray(result.tools)) {
        throw new Error(
          `MCP server '${this.namespace}' sent a tools/list result without a tools array`,
        );
      }
      if (tools.length + result.tools.length > MAX_TOOLS) {
        throw this.#drop(`its tools/list named more than ${MAX_TOOLS} tools`);
      }
      tools.push(...result.tools);
      chars += jsonLength(result.tools);
      if (chars > MAX_LISTING_CHARS) {
        throw this.#drop(`its tools/list exceeded ${MAX_LISTING_CHARS / 1024 / 1024} MB`);
      }
      const next = result.nextCursor;
      if (typeof next !== "string") return tools;
      if (next.length > MAX_CURSOR_CHARS) {
        throw this.#drop(`its tools/list sent a cursor longer than ${MAX_CURSOR_CHARS} characters`);
      }
      if (cursors.has(next)) throw this.#drop("its tools/list repeated a cursor");
      cursors.add(next);
      cursor = next;
    }
  }

  /** On `notifications/tools/list_changed`: one re-listing at a time, one more if asked meanwhile. */
  #scheduleRelist(): void {
    if (this.#relisting) {
      this.#relistAgain = true;
      return;
    }
    this.#relisting = (async () => {
      do {
        this.#relistAgain = false;
        if (this.#state !== "connected" || !this.#client) return;
        try {
          await this.#relistOnce(this.#client);
        } catch {
          this.#protocolErrors++;
        }
      } while (this.#relistAgain);
    })().finally(() => {
      this.#relisting = undefined;
    });
  }

  async #relistOnce(client: Client): Promise<void> {
    const listed = await this.#listAll(client);
    // The same reading of a listing as `loadTools`: a repeated name counts as neither copy.
    const { entries, repeated } = namedEntries(listed, []);
    const byName = new Map<string, unknown>(entries.map((raw) => [raw.name, raw]));
    for (const tool of this.#loaded.values()) {
      if (this.#disabled.has(tool.remoteName)) continue;
      if (repeated.has(tool.remoteName)) {
        this.#disabled.set(
          tool.remoteName,
          `MCP tool '${tool.name}' is disabled: server '${this.namespace}' listed its name more than once, so its definition is ambiguous`,
        );
        continue;
      }
      const raw = byName.get(tool.remoteName);
      if (raw === undefined) continue;
      let fingerprint: string | undefined;
      try {
        fingerprint = fingerprintTool(raw as unknown as MCPToolDefinition);
      } catch {
        fingerprint = undefined;
      }
      if (fingerprint !== tool.fingerprint) {
        this.#disabled.set(
          tool.remoteName,
          `MCP tool '${tool.name}' is disabled: its definition on server '${this.namespace}' changed since it was approved (review and pin it again to use it)`,
        );
      }
    }
  }
}

/**
 * A limit for the handshake or a listing: the SDK's own timeout, plus a timer of ours that ends
 * the wait even where the SDK's timer is not running yet (a transport that never starts).
 */
class Deadline {
  readonly #limit: number | null;
  readonly #started = Date.now();
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort: (() => void) | undefined;
  #reject: ((reason: unknown) => void) | undefined;
  #stopped: unknown;
  timedOut = false;

  /** `signal`: a caller's signal that ends the wait too. */
  constructor(limit: number | null, signal?: AbortSignal) {
    this.#limit = limit;
    if (limit !== null) {
      this.#timer = setTimeout(() => {
        this.timedOut = true;
        this.#stop(new Error(`timed out after ${limit} ms`));
      }, limit);
    }
    if (signal !== undefined) {
      this.#signal = signal;
      this.#onAbort = () => this.#stop(signal.reason);
      if (signal.aborted) this.#onAbort();
      else signal.addEventListener("abort", this.#onAbort, { once: true });
    }
  }

  requestOptions(): RequestOptions {
    return sdkRequestOptions(this.#limit);
  }

  /** What is left of the limit (`null`: no limit), for a request that follows a wait. */
  remaining(): number | null {
    return this.#limit === null ? null : Math.max(0, this.#limit - (Date.now() - this.#started));
  }

  #stop(reason: unknown): void {
    this.#stopped ??= reason ?? new Error("stopped");
    this.#reject?.(this.#stopped);
  }

  race<T>(promise: Promise<T>): Promise<T> {
    if (this.#stopped !== undefined) {
      promise.catch(() => {});
      return Promise.reject(this.#stopped);
    }
    return new Promise<T>((resolve, reject) => {
      this.#reject = reject;
      promise.then(resolve, (error: unknown) => {
        // The SDK's own timer may fire first: it is the same deadline.
        if (isSdkTimeout(error)) this.timedOut = true;
        reject(error);
      });
    });
  }

  clear(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#onAbort !== undefined) this.#signal?.removeEventListener("abort", this.#onAbort);
    this.#reject = undefined;
  }
}

/** SDK request options for a total limit (`null`: none) that progress notifications cannot extend. */
function sdkRequestOptions(limit: number | null): RequestOptions {
  const timeout = limit ?? MAX_TIMER_MS;
  return { timeout, maxTotalTimeout: timeout, resetTimeoutOnProgress: false };
}

/** The SDK's rejection when a request's timer fired (or its signal aborted: check that first). */
function isSdkTimeout(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.RequestTimeout;
}

function checkConnection(options: MCPClientOptions): { text: string; pinned: unknown } {
  const { command, url, transport } = options;
  if (command !== undefined) {
    if (typeof command !== "string" || command === "") {
      throw new TypeError("MCPClient command must be a non-empty string");
    }
    const args = options.args ?? [];
    if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string")) {
      throw new TypeError("MCPClient args must be an array of strings");
    }
    const { env, cwd } = options;
    if (env !== undefined && !isStringRecord(env)) {
      throw new TypeError("MCPClient env must be an object of strings");
    }
    if (cwd !== undefined && typeof cwd !== "string") {
      throw new TypeError("MCPClient cwd must be a string");
    }
    // Environment values may be secrets: only their names are shown and pinned.
    const envNames = Object.keys(env ?? {}).sort();
    const text =
      `stdio ${JSON.stringify([command, ...args])}` +
      (cwd === undefined ? "" : ` in ${JSON.stringify(cwd)}`) +
      (envNames.length === 0 ? "" : ` with env ${envNames.join(", ")}`);
    return { text, pinned: { transport: "stdio", command, args, cwd, env: envNames } };
  }
  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new TypeError(`MCPClient url ${JSON.stringify(String(url))} is not a valid URL`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new TypeError(`MCPClient url must be http: or https:, got ${parsed.protocol}`);
    }
    if (options.headers !== undefined && !isStringRecord(options.headers)) {
      throw new TypeError("MCPClient headers must be an object of strings");
    }
    // Credentials in the URL (user info, query) are neither shown nor pinned.
    const shown = `${parsed.origin}${parsed.pathname}`;
    return { text: `http ${shown}`, pinned: { transport: "http", url: shown } };
  }
  if (
    typeof transport !== "object" ||
    transport === null ||
    typeof (transport as Transport).start !== "function" ||
    typeof (transport as Transport).send !== "function"
  ) {
    throw new TypeError("MCPClient transport must be an MCP SDK Transport (start, send, close)");
  }
  return {
    text: `transport ${transport.constructor?.name ?? "custom"}`,
    pinned: { transport: "custom" },
  };
}

function checkPins(pins: unknown): ReadonlyMap<string, string> | undefined {
  if (pins === undefined) return undefined;
  if (typeof pins !== "object" || pins === null || Array.isArray(pins)) {
    throw new TypeError("expectedFingerprints must be an object of display name → sha256 hex");
  }
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(pins)) {
    if (typeof value !== "string" || !FINGERPRINT.test(value)) {
      throw new TypeError(
        `expectedFingerprints['${name}'] must be a sha256 hex string (64 lowercase hex digits)`,
      );
    }
    map.set(name, value);
  }
  return map;
}

/**
 * Listed tools with a usable name. A name listed more than once is refused in every copy (the
 * server's intent is ambiguous): each copy is reported in `skipped`, and the name is in `repeated`.
 */
function namedEntries(
  listed: readonly unknown[],
  skipped: SkippedTool[],
): { entries: (Record<string, unknown> & { name: string })[]; repeated: Set<string> } {
  const counts = new Map<string, number>();
  for (const raw of listed) {
    if (isRecord(raw) && typeof raw.name === "string") {
      counts.set(raw.name, (counts.get(raw.name) ?? 0) + 1);
    }
  }
  const repeated = new Set<string>();
  const entries: (Record<string, unknown> & { name: string })[] = [];
  for (const raw of listed) {
    if (!isRecord(raw) || typeof raw.name !== "string" || raw.name === "") {
      skipped.push({ remoteName: "(no name)", reason: "its definition has no name" });
      continue;
    }
    if (raw.name.length > 1000) {
      skipped.push(skip(raw.name, "its name is longer than 1000 characters"));
      continue;
    }
    if (counts.get(raw.name)! > 1) {
      repeated.add(raw.name);
      skipped.push(
        skip(raw.name, "the server listed this name more than once (no copy is loaded)"),
      );
      continue;
    }
    entries.push(raw as Record<string, unknown> & { name: string });
  }
  return { entries, repeated };
}

/** Display names assigned in remote-name order, so the server's listing order cannot swap them. */
function assignDisplayNames(
  namespace: string,
  entries: readonly { name: string }[],
): Map<string, string> {
  const names = entries.map((entry) => entry.name).sort();
  const taken = new Set<string>();
  const result = new Map<string, string>();
  for (const remote of names) {
    result.set(remote, uniqueToolName(sanitizeToolName(`${namespace}_${remote}`), taken));
  }
  return result;
}

function skip(remoteName: string, reason: string): SkippedTool {
  return { remoteName: serverText(remoteName), reason };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === "string");
}

function optionalBoolean(value: unknown, field: string): void {
  if (value !== undefined && typeof value !== "boolean") {
    throw new TypeError(`MCPClient ${field} must be a boolean, got ${typeof value}`);
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An error to keep as a `cause` without the server's raw text: its message cleaned and clipped. */
function cleanError(error: unknown): Error {
  const clean = new Error(serverText(describeError(error), 1000));
  if (error instanceof Error) clean.name = serverText(error.name, 100);
  if (error instanceof McpError) Object.assign(clean, { code: error.code });
  return clean;
}

/** Characters of a listing page as JSON; a page too deep for `JSON.stringify` is measured iteratively. */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return canonicalJson(value).length;
  }
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

function clip(text: string): string {
  return serverText(text, 100);
}
