import { type Attributes, context, SpanKind } from "@opentelemetry/api";
import { globalTracerProviderRegistered } from "@toolgate/registry/internal";
import { inSpan, mcpTracer } from "./mcp-tracer.js";
import { type TraceMeta, traceMeta } from "./trace-context.js";

const NO_TRACE: TraceMeta = Object.freeze({});

/**
 * Sends one `tools/call` request (`send`, given the `_meta` fields to add) as a CLIENT span
 * named `tools/call {tool}` (MCP semantic conventions: `mcp.method.name`, `gen_ai.tool.name`,
 * `gen_ai.operation.name`, `mcp.session.id` when the transport has a session). It is a child of
 * the caller's active span (the registry's `execute_tool` span when a registry runs the tool),
 * and its own context goes to the server in `params._meta`, so the server's span is its child.
 */
export function withClientSpan<T extends { isError?: unknown }>(
  toolName: string,
  sessionId: string | undefined,
  send: (meta: TraceMeta) => Promise<T>,
): Promise<T> {
  // No SDK anywhere: no span would record, and none would carry a trace to the server.
  if (!globalTracerProviderRegistered()) return send(NO_TRACE);
  const attributes: Attributes = {
    "mcp.method.name": "tools/call",
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": toolName,
  };
  if (sessionId !== undefined) attributes["mcp.session.id"] = sessionId;
  const parent = context.active();
  const span = mcpTracer().startSpan(
    `tools/call ${toolName}`,
    { kind: SpanKind.CLIENT, attributes },
    parent,
  );
  return inSpan(span, parent, () => send(traceMeta(context.active())));
}

/**
 * Runs one request that is not a tool call (`initialize`, `tools/list`) as a CLIENT span named
 * for its method (MCP semantic conventions), ended with `error.type` when it fails. No tracer
 * provider registered: no span.
 */
export async function inRequestSpan<T>(
  method: "initialize" | "tools/list",
  sessionId: string | undefined,
  request: () => Promise<T>,
): Promise<T> {
  if (!globalTracerProviderRegistered()) return request();
  const attributes: Attributes = { "mcp.method.name": method };
  if (sessionId !== undefined) attributes["mcp.session.id"] = sessionId;
  const parent = context.active();
  const span = mcpTracer().startSpan(method, { kind: SpanKind.CLIENT, attributes }, parent);
  let result: T | undefined;
  await inSpan(span, parent, async () => {
    result = await request();
    return {};
  });
  return result as T;
}
