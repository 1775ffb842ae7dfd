import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { fingerprintTool, type MCPToolDefinition } from "../fingerprint-tool.js";
import { MCPClientError } from "../mcp-client-error.js";
import { SERVER_PIN_KEY } from "../mcp-client-options.js";
import { MCP_CLIENT_ERROR_CODES } from "../mcp-error-codes.js";
import type { MCPTool } from "../mcp-tool.js";
import { type PinMismatch, PinningError } from "../pinning-error.js";
import type { SkippedTool } from "../skipped-tool.js";
import { assignDisplayNames } from "./assign-display-names.js";
import type { CheckedLockFile } from "./check-lock-file.js";
import { describeError } from "./clean-error.js";
import { listAllTools } from "./list-all-tools.js";
import { type MakeMCPToolSettings, makeMCPTool } from "./make-mcp-tool.js";
import { type NamedEntry, namedEntries, skippedTool } from "./named-entries.js";
import type { ServerConnection } from "./server-connection.js";
import { shortServerText } from "./server-text.js";
import type { ToolNameFilter } from "./tool-name-filter.js";

/** What a {@link ToolCatalog} needs from its `MCPClient`. */
interface ToolCatalogOptions extends MakeMCPToolSettings {
  connection: ServerConnection;
  /** `expectedFingerprints` by display name; without pins, tools are approved on first use. */
  pins: ReadonlyMap<string, string> | undefined;
  /** The `lock` option: its version 2 definitions make the tools of `loadLocked`. */
  lock: CheckedLockFile | undefined;
  /** `serverFingerprint` of the client, checked against the lock before anything is made. */
  serverFingerprint: string;
}

/**
 * The tools one server offered, and what the client decided about each: loaded (pinned, or
 * approved on first use), skipped with a reason, or disabled because the server changed a
 * definition after it was approved (seen on a re-listing after `list_changed`).
 */
export class ToolCatalog {
  readonly #connection: ServerConnection;
  readonly #pins: ReadonlyMap<string, string> | undefined;
  readonly #lock: CheckedLockFile | undefined;
  readonly #serverFingerprint: string;
  readonly #settings: MakeMCPToolSettings;
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
  /** The filter of the last `load`: it holds for calls too. */
  #filter: ToolNameFilter | undefined;
  /**
   * Remote names of the tools of the last `load` that may be sent again when the connection died
   * during a call: loaded under a matching pin, whose pinned hints say read-only or idempotent.
   */
  #retrySafe: ReadonlySet<string> = new Set();

  constructor(options: ToolCatalogOptions) {
    this.#connection = options.connection;
    this.#pins = options.pins;
    this.#lock = options.lock;
    this.#serverFingerprint = options.serverFingerprint;
    this.#settings = {
      client: options.client,
      maxDescriptionChars: options.maxDescriptionChars,
      requiresConfirmation: options.requiresConfirmation,
    };
  }

  /** Tools of the last listing that were not loaded, with the reason. */
  get skipped(): readonly SkippedTool[] {
    return this.#skipped;
  }

  /** Fingerprints of the tools the last listing loaded, by display name. */
  get fingerprints(): Record<string, string> {
    return this.#fingerprints;
  }

  /** The re-listing under way after `list_changed`, if any: calls wait for it. */
  get relisting(): Promise<void> | undefined {
    return this.#relisting;
  }

  /**
   * Whether a call of this tool may be sent again after the connection died during it: only when
   * its hints come from a pinned definition (reviewed, and refused if the server changes them)
   * and say read-only or idempotent. Never on the server's word alone: without pins, no.
   */
  retrySafe(remoteName: string): boolean {
    return this.#retrySafe.has(remoteName) && !this.#disabled.has(remoteName);
  }

  /** Why calls of a tool are refused (its definition changed, or the filter leaves it out), or undefined. */
  disabledReason(remoteName: string): string | undefined {
    const disabled = this.#disabled.get(remoteName);
    if (disabled !== undefined || this.#filter === undefined || this.#filter.selects(remoteName)) {
      return disabled;
    }
    return `MCP tool '${shortServerText(remoteName)}' on server '${this.#connection.namespace}' is left out by the loadTools filter`;
  }

  /**
   * Lists the server's tools and returns those that pass; see `MCPClient.loadTools`.
   *
   * @throws PinningError naming each pinned tool whose definition differs (nothing is loaded);
   *   MCPClientError when not connected or when the listing fails or times out.
   */
  async load(filter?: ToolNameFilter): Promise<MCPTool[]> {
    const connection = this.#connection;
    // A server that went away is restarted (and checked against the pins) first.
    await connection.ensureOpen()?.catch((error: unknown) => {
      if (PinningError.isInstance(error) || MCPClientError.isInstance(error)) throw error;
    });
    // Refused after a restart: refused exactly as it would be at connect, every time.
    if (connection.refusal !== undefined) throw connection.refusal;
    if (connection.state !== "connected" || !connection.client) {
      throw new MCPClientError(
        connection.state === "closed"
          ? MCP_CLIENT_ERROR_CODES.closed
          : connection.state === "exhausted"
            ? MCP_CLIENT_ERROR_CODES.restartLimit
            : MCP_CLIENT_ERROR_CODES.notConnected,
        connection.unavailable() ?? `MCP server '${connection.namespace}' is not connected`,
        { namespace: connection.namespace },
      );
    }
    const listed = await listAllTools(connection, connection.client);
    const skipped: SkippedTool[] = [];
    const mismatches: PinMismatch[] = [];
    const fingerprints: Record<string, string> = {};
    const approve = new Map<string, string>();
    const tools: MCPTool[] = [];
    const retrySafe = new Set<string>();

    const { entries } = namedEntries(listed, skipped);
    // Display names come from the whole listing, so a filter never renames a tool.
    const displayNames = assignDisplayNames(connection.namespace, entries);
    for (const raw of entries) {
      const remoteName = raw.name;
      if (filter !== undefined && !filter.selects(remoteName)) continue;
      const name = displayNames.get(remoteName)!;
      let fingerprint: string;
      try {
        fingerprint = fingerprintTool(raw as unknown as MCPToolDefinition);
      } catch (error) {
        skipped.push(
          skippedTool(
            remoteName,
            `its definition cannot be fingerprinted (${describeError(error)})`,
          ),
        );
        continue;
      }
      const pinned = this.#pins?.get(name);
      if (pinned !== undefined && pinned !== fingerprint) {
        mismatches.push({ name, expected: pinned, actual: fingerprint });
        continue;
      }
      if (this.#pins && pinned === undefined) {
        skipped.push(skippedTool(remoteName, `it is not pinned (fingerprint ${fingerprint})`));
        continue;
      }
      if (this.#disabled.has(remoteName)) {
        skipped.push(skippedTool(remoteName, "it was disabled after its definition changed"));
        continue;
      }
      const approved = this.#approved.get(name);
      if (approved !== undefined && approved !== fingerprint) {
        skipped.push(skippedTool(remoteName, "its definition changed since it was approved"));
        continue;
      }
      const made = this.#makeTool(raw, name, fingerprint);
      if (typeof made === "string") {
        skipped.push(skippedTool(remoteName, made));
        continue;
      }
      fingerprints[name] = fingerprint;
      if (!this.#pins) approve.set(name, fingerprint);
      else if (made.hints.readOnly || made.hints.idempotent) retrySafe.add(remoteName);
      tools.push(made);
    }
    if (mismatches.length > 0) throw new PinningError(mismatches, connection.namespace);

    for (const [name, fingerprint] of approve) this.#approved.set(name, fingerprint);
    for (const tool of tools) this.#loaded.set(tool.remoteName, tool);
    this.#skipped = Object.freeze(skipped);
    this.#fingerprints = fingerprints;
    this.#filter = filter;
    this.#retrySafe = retrySafe;
    return tools;
  }

  /**
   * The tools of the lock's definitions, made without the server (see `loadTools({ lazy: true })`):
   * each as `load` would make it from the same definition, under the same filter. The server
   * then starts on first use (`ServerConnection.startOnFirstUse`), checked by `verifyAfterStart`.
   *
   * @returns undefined when the server runs already (or is starting): then `load` lists it.
   * @throws TypeError without a version 2 lock; PinningError when the lock pins another server
   *   command or URL (nothing is made, nothing runs).
   */
  loadLocked(filter: ToolNameFilter | undefined): MCPTool[] | undefined {
    const lock = this.#lock;
    const namespace = this.#connection.namespace;
    if (lock === undefined) {
      throw new TypeError(
        `MCPClient '${namespace}': loadTools({ lazy: true }) needs the lock option (a toolgate-mcp pin lock file)`,
      );
    }
    if (lock.version !== 2) {
      throw new TypeError(
        `MCPClient '${namespace}': loadTools({ lazy: true }) needs a version 2 lock, which holds each tool's reviewed definition; this lock is version ${lock.version} (pins only): pin the server again with toolgate-mcp pin, or connect and call loadTools() without lazy`,
      );
    }
    if (!this.#connection.beforeFirstStart) return undefined;
    const pinned = lock.fingerprints[SERVER_PIN_KEY]!;
    if (pinned !== this.#serverFingerprint) {
      throw new PinningError(
        [{ name: SERVER_PIN_KEY, expected: pinned, actual: this.#serverFingerprint }],
        namespace,
      );
    }
    const skipped: SkippedTool[] = [];
    const fingerprints: Record<string, string> = {};
    const tools: MCPTool[] = [];
    const retrySafe = new Set<string>();
    for (const [name, locked] of Object.entries(lock.tools)) {
      const { remoteName, definition } = locked;
      if (filter !== undefined && !filter.selects(remoteName)) continue;
      // The checked lock's definition hashes to this pin.
      const fingerprint = lock.fingerprints[name]!;
      const made = this.#makeTool(definition as unknown as NamedEntry, name, fingerprint);
      if (typeof made === "string") {
        skipped.push(skippedTool(remoteName, made));
        continue;
      }
      fingerprints[name] = fingerprint;
      if (made.hints.readOnly || made.hints.idempotent) retrySafe.add(remoteName);
      tools.push(made);
    }
    for (const tool of tools) this.#loaded.set(tool.remoteName, tool);
    this.#skipped = Object.freeze(skipped);
    this.#fingerprints = fingerprints;
    this.#filter = filter;
    this.#retrySafe = retrySafe;
    this.#connection.startOnFirstUse();
    return tools;
  }

  /**
   * Lists a server started on first use and checks it before the call that started it goes
   * through: as after a restart, and each tool made from the lock must be listed under its remote
   * name with exactly its pinned definition (whatever display name the listing gives it now). A
   * tool the server no longer lists is disabled: its calls answer that, never another tool.
   *
   * @throws PinningError when it differs from the lock; MCPClientError when it cannot be listed.
   */
  async verifyAfterStart(): Promise<void> {
    const connection = this.#connection;
    const listed = await listAllTools(connection, connection.client!);
    const { entries } = namedEntries(listed, []);
    const byName = new Map(entries.map((raw) => [raw.name, raw]));
    const mismatches = this.#pinMismatches(entries);
    const namedAlready = new Set(mismatches.map((m) => m.name));
    for (const tool of this.#loaded.values()) {
      const raw = byName.get(tool.remoteName);
      if (raw === undefined) continue;
      const fingerprint = fingerprintOf(raw);
      if (fingerprint !== tool.fingerprint && !namedAlready.has(tool.name)) {
        mismatches.push({ name: tool.name, expected: tool.fingerprint, actual: fingerprint });
      }
    }
    if (mismatches.length > 0) throw new PinningError(mismatches, connection.namespace);
    for (const tool of this.#loaded.values()) {
      if (!byName.has(tool.remoteName) && !this.#disabled.has(tool.remoteName)) {
        this.#disabled.set(
          tool.remoteName,
          `MCP tool '${tool.name}' is disabled: server '${connection.namespace}' did not list it when it started (its lock pins it)`,
        );
      }
    }
    this.#disableChanged(listed);
  }

  /**
   * Lists a server that came back after a restart and checks it as `load` would, before any call
   * goes through: with pins, a pinned tool the filter chose whose definition differs refuses the
   * whole server (`PinningError`); without, a loaded tool whose definition changed is disabled.
   *
   * @throws PinningError when it came back changed; MCPClientError when it cannot be listed.
   */
  async verifyAfterRestart(): Promise<void> {
    const connection = this.#connection;
    const listed = await listAllTools(connection, connection.client!);
    const mismatches = this.#pinMismatches(namedEntries(listed, []).entries);
    if (mismatches.length > 0) throw new PinningError(mismatches, connection.namespace);
    this.#disableChanged(listed);
  }

  /** Each pinned tool the filter chose whose listed definition differs from its pin, by display name. */
  #pinMismatches(entries: readonly NamedEntry[]): PinMismatch[] {
    const pins = this.#pins;
    const mismatches: PinMismatch[] = [];
    if (pins === undefined) return mismatches;
    const displayNames = assignDisplayNames(this.#connection.namespace, entries);
    for (const raw of entries) {
      if (this.#filter !== undefined && !this.#filter.selects(raw.name)) continue;
      const name = displayNames.get(raw.name)!;
      const pinned = pins.get(name);
      if (pinned === undefined) continue;
      const fingerprint = fingerprintOf(raw);
      if (fingerprint !== pinned) mismatches.push({ name, expected: pinned, actual: fingerprint });
    }
    return mismatches;
  }

  /** The loaded tool again when nothing about it changed, so callers keep the same object. */
  #makeTool(raw: NamedEntry, name: string, fingerprint: string): MCPTool | string {
    const existing = this.#loaded.get(raw.name);
    if (existing && existing.fingerprint === fingerprint && existing.name === name) return existing;
    return makeMCPTool(raw, name, fingerprint, this.#settings);
  }

  /** On `notifications/tools/list_changed`: one re-listing at a time, one more if asked meanwhile. */
  scheduleRelist(): void {
    if (this.#relisting) {
      this.#relistAgain = true;
      return;
    }
    const connection = this.#connection;
    this.#relisting = (async () => {
      do {
        this.#relistAgain = false;
        if (connection.state !== "connected" || !connection.client) return;
        try {
          await this.#relistOnce(connection.client);
        } catch {
          connection.countProtocolError();
        }
      } while (this.#relistAgain);
    })().finally(() => {
      this.#relisting = undefined;
    });
  }

  /** Disables each loaded tool whose definition changed, or whose name is now listed twice. */
  async #relistOnce(client: Client): Promise<void> {
    this.#disableChanged(await listAllTools(this.#connection, client));
  }

  /** Disables each loaded tool whose definition in `listed` changed, or whose name it repeats. */
  #disableChanged(listed: readonly unknown[]): void {
    const namespace = this.#connection.namespace;
    // The same reading of a listing as `load`: a repeated name counts as neither copy.
    const { entries, repeated } = namedEntries(listed, []);
    const byName = new Map<string, unknown>(entries.map((raw) => [raw.name, raw]));
    for (const tool of this.#loaded.values()) {
      if (this.#disabled.has(tool.remoteName)) continue;
      if (repeated.has(tool.remoteName)) {
        this.#disabled.set(
          tool.remoteName,
          `MCP tool '${tool.name}' is disabled: server '${namespace}' listed its name more than once, so its definition is ambiguous`,
        );
        continue;
      }
      const raw = byName.get(tool.remoteName);
      if (raw === undefined) continue;
      if (fingerprintOf(raw) !== tool.fingerprint) {
        this.#disabled.set(
          tool.remoteName,
          `MCP tool '${tool.name}' is disabled: its definition on server '${namespace}' changed since it was approved (review and pin it again to use it)`,
        );
      }
    }
  }
}

/** A listed definition's fingerprint, or undefined when it cannot be computed. */
function fingerprintOf(raw: unknown): string | undefined {
  try {
    return fingerprintTool(raw as MCPToolDefinition);
  } catch {
    return undefined;
  }
}
