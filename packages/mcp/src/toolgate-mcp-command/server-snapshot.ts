import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { MAX_TIMER_MS, timeoutOption } from "@toolgate/tool-core/internal";
import { fingerprintTool, type MCPToolDefinition } from "../fingerprint-tool.js";
import { BoundedStdioTransport } from "../internal/bounded-stdio-transport.js";
import { makeTransport } from "../internal/make-transport.js";
import {
  type LoadToolsOptions,
  MCPClient,
  type MCPClientOptions,
  type SkippedTool,
} from "../mcp-client.js";
import type { MCPTool } from "../mcp-tool.js";
import type { RawDefinition } from "./warnings.js";

/** What a server offered at one `loadTools`, as `MCPClient` (the runtime) sees it. */
export interface ServerSnapshot {
  readonly namespace: string;
  readonly identity: string;
  readonly serverFingerprint: string;
  /** Loaded tools, sorted by display name. */
  readonly tools: readonly MCPTool[];
  readonly skipped: readonly SkippedTool[];
  /** `MCPClient.fingerprints()`: `$server` and each loaded tool by display name. */
  readonly fingerprints: Readonly<Record<string, string>>;
  /**
   * Raw definitions by remote name, from a second listing, kept only where their fingerprint
   * equals the loaded tool's (so they are exactly what was fingerprinted). Empty when not asked for.
   */
  readonly raw: ReadonlyMap<string, RawDefinition>;
  /** Remote names whose second listing differed from the first (a server that changes as it likes). */
  readonly inconsistent: readonly string[];
}

/** The server could not be started, reached, or listed. */
export class ConnectionError extends Error {
  override readonly name = "ConnectionError";
}

/**
 * Connects with `MCPClient` exactly as an application would, loads the tools, and closes. With
 * `raw`, connects a second time with a plain SDK client to read the definitions as sent (the
 * client only keeps sanitized text), to show what sanitizing removed and which parts changed.
 * `filter` is passed to `loadTools`: tools it leaves out are neither shown nor pinned.
 *
 * @throws ConnectionError with the reason (and the server's stderr tail when it has one).
 */
export async function takeSnapshot(
  options: MCPClientOptions,
  { raw = false, filter }: { raw?: boolean; filter?: LoadToolsOptions | undefined } = {},
): Promise<ServerSnapshot> {
  const client = new MCPClient(options);
  let tools: MCPTool[];
  try {
    await client.connect();
    tools = await client.loadTools(filter);
  } catch (error) {
    throw new ConnectionError(withStderr(message(error), client.stderrTail));
  } finally {
    await client.close();
  }
  const { raw: kept, inconsistent } = raw
    ? await rawDefinitions(options, tools)
    : { raw: new Map<string, RawDefinition>(), inconsistent: [] };
  return {
    namespace: client.namespace,
    identity: client.serverIdentity,
    serverFingerprint: client.serverFingerprint,
    tools: [...tools].sort((a, b) => compare(a.name, b.name)),
    skipped: client.skippedTools,
    fingerprints: client.fingerprints(),
    raw: kept,
    inconsistent,
  };
}

/**
 * Lists the tools again with a plain SDK client (a second connection) and keeps each raw
 * definition whose fingerprint equals the loaded tool's; the remote names of loaded tools whose
 * definition differs or is missing are `inconsistent`.
 *
 * @throws ConnectionError
 */
export async function rawDefinitions(
  options: MCPClientOptions,
  tools: readonly MCPTool[],
): Promise<{ raw: Map<string, RawDefinition>; inconsistent: string[] }> {
  const byRemote = new Map(tools.map((tool) => [tool.remoteName, tool]));
  const raw = new Map<string, RawDefinition>();
  for (const definition of await listRawTools(options)) {
    const tool = byRemote.get(definition.name as string);
    if (tool === undefined || raw.has(tool.remoteName)) continue;
    if (safeFingerprint(definition) === tool.fingerprint) raw.set(tool.remoteName, definition);
  }
  const inconsistent = [...byRemote.keys()].filter((remote) => !raw.has(remote)).sort(compare);
  return { raw, inconsistent };
}

/** All pages of `tools/list`, unvalidated (a hostile definition must not fail the listing). */
async function listRawTools(options: MCPClientOptions): Promise<RawDefinition[]> {
  const transport = makeTransport(options);
  const client = new Client({ name: "toolgate-mcp", version: "0.1.0" }, { capabilities: {} });
  // The client's own rule and default; the SDK takes no "none", so no limit is the longest timer.
  const timeout = timeoutOption(options.timeoutMs, "timeoutMs", 30_000) ?? MAX_TIMER_MS;
  const requestOptions = { timeout, maxTotalTimeout: timeout };
  const tools: RawDefinition[] = [];
  try {
    await client.connect(transport, requestOptions);
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const result = await client.request(
        { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
        ResultSchema,
        requestOptions,
      );
      if (Array.isArray(result.tools)) {
        for (const tool of result.tools) {
          if (typeof tool === "object" && tool !== null && typeof tool.name === "string") {
            tools.push(tool as RawDefinition);
          }
        }
      }
      if (typeof result.nextCursor !== "string" || cursors.has(result.nextCursor)) break;
      cursors.add(result.nextCursor);
      cursor = result.nextCursor;
    }
    return tools;
  } catch (error) {
    const stderr = transport instanceof BoundedStdioTransport ? transport.stderrTail : "";
    throw new ConnectionError(
      withStderr(`second listing (for raw definitions) failed: ${message(error)}`, stderr),
    );
  } finally {
    await client.close().catch(() => {});
    await transport.close().catch(() => {});
  }
}

function safeFingerprint(definition: RawDefinition): string | undefined {
  try {
    return fingerprintTool(definition as unknown as MCPToolDefinition);
  } catch {
    return undefined;
  }
}

function withStderr(text: string, stderr: string): string {
  const tail = stderr.trim();
  return tail === "" || text.includes(tail.slice(-200))
    ? text
    : `${text}; stderr: ${tail.slice(-1000)}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Code-unit order, the same everywhere (not locale-dependent). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
