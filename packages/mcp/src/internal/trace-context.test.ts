// W3C trace context in MCP `params._meta`: written from a valid span only, read strictly (a
// hostile client's text never becomes a parent unless it is a well-formed version-00 header).
import { createTraceState, ROOT_CONTEXT, TraceFlags, trace } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { remoteParent, traceMeta } from "./trace-context.js";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const SPAN = "00f067aa0ba902b7";

describe("traceMeta", () => {
  it("writes traceparent, and tracestate when the span has one", () => {
    const sampled = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: TRACE,
      spanId: SPAN,
      traceFlags: TraceFlags.SAMPLED,
      traceState: createTraceState("rojo=00f067aa0ba902b7,congo=t61rcWkgMzE"),
    });
    expect(traceMeta(sampled)).toEqual({
      traceparent: `00-${TRACE}-${SPAN}-01`,
      tracestate: "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE",
    });
    const unsampled = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: TRACE,
      spanId: SPAN,
      traceFlags: TraceFlags.NONE,
    });
    expect(traceMeta(unsampled)).toEqual({ traceparent: `00-${TRACE}-${SPAN}-00` });
  });

  it("writes nothing without a valid span (no SDK: the API's invalid span)", () => {
    expect(traceMeta(ROOT_CONTEXT)).toEqual({});
    const invalid = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: "0".repeat(32),
      spanId: "0".repeat(16),
      traceFlags: TraceFlags.SAMPLED,
    });
    expect(traceMeta(invalid)).toEqual({});
  });
});

describe("remoteParent", () => {
  it("reads a valid traceparent and tracestate as a remote span context", () => {
    const parent = remoteParent({
      traceparent: `00-${TRACE}-${SPAN}-01`,
      tracestate: "rojo=00f067aa0ba902b7",
      progressToken: 7,
    });
    expect(parent).toMatchObject({
      traceId: TRACE,
      spanId: SPAN,
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
    });
    expect(parent?.traceState?.get("rojo")).toBe("00f067aa0ba902b7");
    // Flags other than sampled are not carried over.
    expect(remoteParent({ traceparent: `00-${TRACE}-${SPAN}-ff` })?.traceFlags).toBe(1);
  });

  it.each([
    ["no _meta", undefined],
    ["_meta that is not an object", "00-x"],
    ["no traceparent", { tracestate: "a=b" }],
    ["a traceparent that is not a string", { traceparent: 42 }],
    ["upper-case hex", { traceparent: `00-${TRACE.toUpperCase()}-${SPAN}-01` }],
    ["another version", { traceparent: `01-${TRACE}-${SPAN}-01` }],
    ["version ff", { traceparent: `ff-${TRACE}-${SPAN}-01` }],
    ["an all-zero trace id", { traceparent: `00-${"0".repeat(32)}-${SPAN}-01` }],
    ["an all-zero span id", { traceparent: `00-${TRACE}-${"0".repeat(16)}-01` }],
    ["a short trace id", { traceparent: `00-${TRACE.slice(1)}-${SPAN}-01` }],
    ["trailing text", { traceparent: `00-${TRACE}-${SPAN}-01-extra` }],
    ["a line break", { traceparent: `00-${TRACE}-${SPAN}-01\n` }],
    ["a huge value", { traceparent: `00-${TRACE}-${SPAN}-01`.padEnd(1_000_000, "0") }],
  ])("ignores %s", (_label, meta) => {
    expect(remoteParent(meta)).toBeUndefined();
  });

  it("drops a tracestate that is too long or not a string, keeping the parent", () => {
    for (const tracestate of ["a=b,".repeat(200), 7, { a: "b" }]) {
      const parent = remoteParent({ traceparent: `00-${TRACE}-${SPAN}-01`, tracestate });
      expect(parent?.spanId).toBe(SPAN);
      expect(parent?.traceState).toBeUndefined();
    }
  });
});
