import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { CallToolResultSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { ToolResponse } from "@toolgate/tool-core";
import { isRecord, timeoutOption } from "@toolgate/tool-core/internal";
import type { MCPCallOptions } from "../mcp-call-options.js";
import { Deadline, isSdkTimeout, sdkRequestOptions } from "./deadline.js";
import { mapCallResult } from "./map-call-result.js";
import { SdkSignals } from "./sdk-signals.js";
import type { ServerConnection } from "./server-connection.js";
import { serverText, shortServerText } from "./server-text.js";
import type { ToolCatalog } from "./tool-catalog.js";

/** Shared by all clients: a caller's signal gets one link, whichever clients it is used with. */
const SDK_SIGNALS = new SdkSignals();

/** What every call of one `MCPClient` shares: made once, so a call allocates nothing for it. */
export interface CallTarget {
  readonly connection: ServerConnection;
  readonly catalog: ToolCatalog;
  /** The client's timeout for each call in total, `null` for none. */
  readonly timeoutMs: number | null;
  /** Options of a call with the client's timeout and no signal: read by the SDK only. */
  readonly requestOptions: RequestOptions;
  /** The client's own cap on result text, which wins over a call's. */
  readonly maxResultChars: number | undefined;
}

/**
 * Calls a tool by its remote name; see `MCPClient.callTool`. Never throws: every failure is an
 * error response within one deadline, which also covers waiting for a re-listing under way.
 */
export async function callTool(
  target: CallTarget,
  remoteName: string,
  args: Record<string, unknown>,
  options: MCPCallOptions,
): Promise<ToolResponse> {
  const { connection } = target;
  const unavailable = connection.unavailable();
  if (unavailable !== undefined) return ToolResponse.error(unavailable);
  if (typeof remoteName !== "string" || remoteName === "") {
    return ToolResponse.error("MCP tool name must be a non-empty string");
  }
  if (!isRecord(args)) {
    return ToolResponse.error(
      `arguments for MCP tool '${shortServerText(remoteName)}' must be an object`,
    );
  }
  let timeoutMs: number | null;
  try {
    timeoutMs = timeoutOption(options.timeoutMs, "MCPClient.callTool: timeoutMs", target.timeoutMs);
  } catch (error) {
    // callTool never throws: a bad option is answered like any other failure, naming it.
    return ToolResponse.error((error as Error).message);
  }
  const { signal } = options;
  if (signal?.aborted) return ToolResponse.error(cancelled(connection, remoteName));
  const sdkSignal = signal === undefined ? undefined : SDK_SIGNALS.for(signal);
  let relistDeadline: Deadline | undefined;
  let requestLimit = timeoutMs;
  try {
    const relisting = target.catalog.relisting;
    if (relisting) {
      // One deadline and the caller's signal cover the wait and the request after it.
      relistDeadline = new Deadline(timeoutMs, signal);
      await relistDeadline.race(relisting);
      requestLimit = relistDeadline.remaining();
      if (requestLimit === 0) return timedOut(connection, remoteName, timeoutMs);
      const unavailable = connection.unavailable();
      if (unavailable !== undefined) return ToolResponse.error(unavailable);
    }
    const disabled = target.catalog.disabledReason(remoteName);
    if (disabled !== undefined) return ToolResponse.error(disabled);
    // The SDK's own timer holds the limit: it rejects the request and tells the server.
    let requestOptions = target.requestOptions;
    if (sdkSignal !== undefined || requestLimit !== target.timeoutMs) {
      requestOptions = sdkRequestOptions(requestLimit);
      if (sdkSignal !== undefined) requestOptions.signal = sdkSignal.signal;
    }
    // `request`, not `Client.callTool`: that adds output-schema and task checks that need the
    // SDK's own tool listing, which this client does not use, and one more await.
    const result = await connection.client!.request(
      { method: "tools/call", params: { name: remoteName, arguments: args } },
      CallToolResultSchema,
      requestOptions,
    );
    return mapCallResult(result, target.maxResultChars ?? options.maxResultChars);
  } catch (error) {
    if (signal?.aborted) return ToolResponse.error(cancelled(connection, remoteName));
    if (relistDeadline?.timedOut || isSdkTimeout(error))
      return timedOut(connection, remoteName, timeoutMs);
    return ToolResponse.error(describeFailure(connection, remoteName, error));
  } finally {
    relistDeadline?.clear();
    sdkSignal?.release();
  }
}

function timedOut(
  connection: ServerConnection,
  remoteName: string,
  timeoutMs: number | null,
): ToolResponse {
  return ToolResponse.error(
    `MCP tool '${shortServerText(remoteName)}' on server '${connection.namespace}' did not answer within ${timeoutMs} ms`,
  );
}

function cancelled(connection: ServerConnection, remoteName: string): string {
  return `the call to MCP tool '${shortServerText(remoteName)}' on server '${connection.namespace}' was cancelled`;
}

/** Why a call failed, from the connection's state first: a closed or dropped server says so. */
function describeFailure(connection: ServerConnection, remoteName: string, error: unknown): string {
  const { namespace, state, reason } = connection;
  const tool = `'${shortServerText(remoteName)}'`;
  if (state === "closed") {
    return `MCP client '${namespace}' was closed during the call to ${tool}`;
  }
  if (state === "dropped") {
    return `MCP server '${namespace}' was dropped during the call to ${tool}: ${reason}`;
  }
  if (state !== "connected") {
    return `MCP server '${namespace}' closed the connection during the call to ${tool} (${reason})`;
  }
  if (error instanceof McpError) {
    return `MCP server '${namespace}' answered the call to ${tool} with an error: ${serverText(error.message, 1000)}`;
  }
  return `the call to MCP tool ${tool} on server '${namespace}' failed: ${errorName(error)} (the server's answer was not a valid tool result)`;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
