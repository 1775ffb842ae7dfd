import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { CallToolResultSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { ToolResponse } from "@toolgate/tool-core";
import { isRecord, timeoutOption } from "@toolgate/tool-core/internal";
import type { MCPCallOptions } from "../mcp-call-options.js";
import { describeError } from "./clean-error.js";
import { withClientSpan } from "./client-span.js";
import { Deadline, isSdkTimeout, sdkRequestOptions } from "./deadline.js";
import { mapCallResult } from "./map-call-result.js";
import { forwardProgress } from "./progress-forwarder.js";
import { SdkSignals } from "./sdk-signals.js";
import type { ServerConnection } from "./server-connection.js";
import { serverText, shortServerText } from "./server-text.js";
import type { ToolCatalog } from "./tool-catalog.js";
import type { TraceMeta } from "./trace-context.js";

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
 * error response within one deadline, which also covers waiting for a restart or a re-listing
 * under way, and the one retry of a call whose pinned hints say it is safe to send again.
 */
export async function callTool(
  target: CallTarget,
  remoteName: string,
  args: Record<string, unknown>,
  options: MCPCallOptions,
): Promise<ToolResponse> {
  const { connection } = target;
  // A server loaded lazily is not started for a call it would refuse (the filter left it out).
  if (connection.beforeFirstStart && typeof remoteName === "string") {
    const refused = target.catalog.disabledReason(remoteName);
    if (refused !== undefined) return ToolResponse.error(refused);
  }
  // A server that went away is restarted by this call, unless restarts are off or used up.
  const restarting = connection.ensureOpen();
  const unavailable = restarting === undefined ? connection.unavailable() : undefined;
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
  // One deadline and the caller's signal cover the waits and the request after them; made only
  // when there is something to wait for, from the call's start.
  const started = timeoutMs === null ? 0 : Date.now();
  let wait: Deadline | undefined;
  let retried = false;
  // One per call, so a retry's progress must still go above what the first attempt's reached.
  const onprogress =
    typeof options.onProgress === "function" ? forwardProgress(options.onProgress) : undefined;
  try {
    for (let opening = restarting; ; opening = connection.ensureOpen()) {
      if (opening !== undefined) {
        wait ??= new Deadline(left(timeoutMs, started), signal);
        const failed = await waitForRestart(wait, opening);
        if (failed !== undefined) {
          if (signal?.aborted) return ToolResponse.error(cancelled(connection, remoteName));
          if (wait.timedOut) return notBack(connection, remoteName, timeoutMs);
          // A failed attempt says why; a refused or given-up server says so.
          if (connection.state === "disconnected") return ToolResponse.error(failed);
          return ToolResponse.error(connection.unavailable() ?? failed);
        }
        const unavailable = connection.unavailable();
        if (unavailable !== undefined) return ToolResponse.error(unavailable);
      }
      const relisting = target.catalog.relisting;
      if (relisting) {
        wait ??= new Deadline(left(timeoutMs, started), signal);
        await wait.race(relisting);
        const unavailable = connection.unavailable();
        if (unavailable !== undefined) return ToolResponse.error(unavailable);
      }
      const requestLimit = wait === undefined ? timeoutMs : wait.remaining();
      if (requestLimit === 0) return timedOut(connection, remoteName, timeoutMs);
      const disabled = target.catalog.disabledReason(remoteName);
      if (disabled !== undefined) return ToolResponse.error(disabled);
      // The SDK's own timer holds the limit: it rejects the request and tells the server.
      let requestOptions = target.requestOptions;
      if (
        sdkSignal !== undefined ||
        requestLimit !== target.timeoutMs ||
        onprogress !== undefined
      ) {
        requestOptions = sdkRequestOptions(requestLimit);
        if (sdkSignal !== undefined) requestOptions.signal = sdkSignal.signal;
        // The SDK sends a progressToken and hands back the server's progress for it; the limit
        // still holds (`resetTimeoutOnProgress: false`).
        if (onprogress !== undefined) requestOptions.onprogress = onprogress;
      }
      const generation = connection.generation;
      let result: Awaited<ReturnType<typeof request>>;
      try {
        result = await request(connection, remoteName, args, requestOptions);
      } catch (error) {
        if (signal?.aborted || wait?.timedOut || isSdkTimeout(error)) throw error;
        const loss = connection.lossOf(generation);
        if (loss === undefined) {
          // The server is alive and said no: that counts as answering.
          if (error instanceof McpError && connection.state === "connected") connection.answered();
          throw error;
        }
        if (
          !loss.overLineCap &&
          !retried &&
          connection.restarts &&
          target.catalog.retrySafe(remoteName)
        ) {
          retried = true;
          // The retry shares the call's limit, whether or not it has to wait for the restart.
          wait ??= new Deadline(left(timeoutMs, started), signal);
          connection.emit({ type: "call-retried", namespace: connection.namespace, remoteName });
          continue;
        }
        return ToolResponse.error(lostDuringCall(connection, remoteName, loss, retried));
      }
      connection.answered();
      return mapCallResult(result, target.maxResultChars ?? options.maxResultChars);
    }
  } catch (error) {
    if (signal?.aborted) return ToolResponse.error(cancelled(connection, remoteName));
    if (wait?.timedOut || isSdkTimeout(error)) return timedOut(connection, remoteName, timeoutMs);
    return ToolResponse.error(describeFailure(connection, remoteName, error));
  } finally {
    wait?.clear();
    sdkSignal?.release();
  }
}

/** `tools/call` on the connection's current SDK client. */
function request(
  connection: ServerConnection,
  remoteName: string,
  args: Record<string, unknown>,
  requestOptions: RequestOptions,
) {
  // `request`, not `Client.callTool`: that adds output-schema and task checks that need the
  // SDK's own tool listing, which this client does not use, and one more await.
  const client = connection.client!;
  // A client span per request (a retry is another request), its trace context in `_meta`.
  return withClientSpan(remoteName, client.transport?.sessionId, (meta) =>
    client.request(
      { method: "tools/call", params: { name: remoteName, arguments: args, ...withMeta(meta) } },
      CallToolResultSchema,
      requestOptions,
    ),
  );
}

/** `params._meta` with the trace context, or nothing when there is no trace to carry. */
function withMeta(meta: TraceMeta): { _meta?: Record<string, string> } {
  const { traceparent, tracestate } = meta;
  if (traceparent === undefined) return {};
  return { _meta: tracestate === undefined ? { traceparent } : { traceparent, tracestate } };
}

/** What is left of a call's limit that started at `started` (`null`: no limit). */
function left(timeoutMs: number | null, started: number): number | null {
  return timeoutMs === null ? null : Math.max(0, timeoutMs - (Date.now() - started));
}

/** Waits for a restart within the call's deadline: undefined once it is back, else why not. */
async function waitForRestart(wait: Deadline, opening: Promise<void>): Promise<string | undefined> {
  try {
    await wait.race(opening);
    return undefined;
  } catch (error) {
    return describeError(error);
  }
}

function notBack(
  connection: ServerConnection,
  remoteName: string,
  timeoutMs: number | null,
): ToolResponse {
  // A server loaded lazily that never ran was being started, not restarted.
  const what = connection.hasStarted
    ? "was being restarted and was not back"
    : "was being started and was not up";
  return ToolResponse.error(
    `MCP server '${connection.namespace}' ${what} within ${timeoutMs} ms for the call to '${shortServerText(remoteName)}'`,
  );
}

/**
 * The connection died while the call was out: the server may or may not have run it. Sent again
 * only when pinned hints said so (see `ToolCatalog.retrySafe`); this says why it was not.
 */
function lostDuringCall(
  connection: ServerConnection,
  remoteName: string,
  loss: { reason: string; overLineCap: boolean },
  retried: boolean,
): string {
  const { namespace } = connection;
  const tool = `'${shortServerText(remoteName)}'`;
  const next = connection.restarts ? "; the server is restarted on the next call" : "";
  if (loss.overLineCap) {
    return `MCP server '${namespace}' sent a message over the line cap during the call to ${tool} (${loss.reason}): the call may or may not have run, and it is not sent again${next}`;
  }
  const why = retried
    ? "it was sent again once already"
    : !connection.restarts
      ? "restarts are off"
      : "no pinned hint says it is read-only or idempotent";
  return `MCP server '${namespace}' closed the connection during the call to ${tool} (${loss.reason}): the call may or may not have run, and it was not sent again (${why})${next}`;
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
