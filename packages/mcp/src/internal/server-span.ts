import { type Attributes, context, SpanKind, trace } from "@opentelemetry/api";
import { inSpan, mcpTracer } from "./mcp-tracer.js";
import { remoteParent } from "./trace-context.js";

/**
 * Handles one `tools/call` request (`handle`) as a SERVER span named `tools/call {tool}` (MCP
 * semantic conventions), continuing the trace the client sent in `params._meta` (W3C
 * `traceparent` and `tracestate`): the server's span is the client span's child, and the
 * registry's `execute_tool` span is the server span's child. `toolName` is `undefined` for a
 * name the registry does not have: the client's text stays out of the span name.
 */
export function withServerSpan<T extends { isError?: unknown }>(
  toolName: string | undefined,
  meta: unknown,
  sessionId: string | undefined,
  handle: () => Promise<T>,
): Promise<T> {
  const attributes: Attributes = {
    "mcp.method.name": "tools/call",
    "gen_ai.operation.name": "execute_tool",
  };
  if (toolName !== undefined) attributes["gen_ai.tool.name"] = toolName;
  if (sessionId !== undefined) attributes["mcp.session.id"] = sessionId;
  const remote = remoteParent(meta);
  const active = context.active();
  const parent = remote === undefined ? active : trace.setSpanContext(active, remote);
  const span = mcpTracer().startSpan(
    toolName === undefined ? "tools/call" : `tools/call ${toolName}`,
    { kind: SpanKind.SERVER, attributes },
    parent,
  );
  return inSpan(span, parent, handle);
}
