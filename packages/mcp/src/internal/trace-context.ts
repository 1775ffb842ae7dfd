import {
  type Context,
  createTraceState,
  isSpanContextValid,
  type SpanContext,
  TraceFlags,
  trace,
} from "@opentelemetry/api";

/** The W3C Trace Context fields MCP requests carry in `params._meta` (MCP semantic conventions). */
export interface TraceMeta {
  traceparent?: string;
  tracestate?: string;
}

// Version 00 only: a later version may add fields this code would not understand.
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
// W3C caps tracestate at 32 members; 512 characters is what propagators must at least keep.
const MAX_TRACESTATE = 512;

/**
 * The `_meta` fields that carry `context`'s span to the server (`traceparent`, and `tracestate`
 * when it has one); empty when there is no valid span to carry. Written by hand rather than by
 * the global propagator: an app that registers a tracer provider but no propagator (the SDK's
 * BasicTracerProvider) still gets its traces joined.
 */
export function traceMeta(context: Context): TraceMeta {
  const spanContext = trace.getSpanContext(context);
  if (spanContext === undefined || !isSpanContextValid(spanContext)) return {};
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, "0");
  const meta: TraceMeta = {
    traceparent: `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`,
  };
  const state = spanContext.traceState?.serialize();
  if (state) meta.tracestate = state;
  return meta;
}

/**
 * The remote span a request's `_meta` names, as the parent for the server's span; `undefined`
 * when `_meta` has no `traceparent`, or one that is not a valid W3C version-00 header (a
 * hostile client's text is never parsed beyond that). A bad `tracestate` is dropped alone.
 */
export function remoteParent(meta: unknown): SpanContext | undefined {
  if (typeof meta !== "object" || meta === null) return undefined;
  const { traceparent, tracestate } = meta as Record<string, unknown>;
  if (typeof traceparent !== "string") return undefined;
  const match = TRACEPARENT.exec(traceparent);
  if (match === null) return undefined;
  const spanContext: SpanContext = {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: Number.parseInt(match[3]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  };
  if (!isSpanContextValid(spanContext)) return undefined;
  if (typeof tracestate === "string" && tracestate.length <= MAX_TRACESTATE) {
    spanContext.traceState = createTraceState(tracestate);
  }
  return spanContext;
}
