import { McpError } from "@modelcontextprotocol/sdk/types.js";
import {
  type Context,
  context,
  type Span,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { isSdkTimeout } from "./deadline.js";

/** The instrumentation scope of the MCP spans, client and server. */
const MCP_TRACER_NAME = "@toolgate/mcp";

let tracer: Tracer | undefined;

/**
 * The tracer of the global provider, taken at first use: a no-op until an OpenTelemetry SDK is
 * registered (the API's proxy then follows it).
 */
export function mcpTracer(): Tracer {
  tracer ??= trace.getTracer(MCP_TRACER_NAME);
  return tracer;
}

/**
 * Runs `work` with `span` current (in `parent`, the context it was started in), and ends the span with its outcome: `error.type` is the
 * JSON-RPC error code, `timeout`, the thrown value's type name (never its message), or
 * `tool_error` for a `tools/call` result with `isError` (MCP semantic conventions).
 */
export async function inSpan<T extends { isError?: unknown }>(
  span: Span,
  parent: Context,
  work: () => Promise<T>,
): Promise<T> {
  try {
    const result = await context.with(trace.setSpan(parent, span), work);
    if (result.isError === true) fail(span, "tool_error");
    return result;
  } catch (error) {
    fail(span, errorType(error));
    throw error;
  } finally {
    span.end();
  }
}

function fail(span: Span, type: string): void {
  span.setAttribute("error.type", type);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

function errorType(error: unknown): string {
  if (isSdkTimeout(error)) return "timeout";
  if (error instanceof McpError) return String(error.code);
  if (error instanceof Error && /^[A-Za-z_$][\w$]{0,63}$/.test(error.name)) return error.name;
  return "_OTHER";
}
