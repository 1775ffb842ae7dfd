import type { Attributes, Span, SpanOptions } from "@opentelemetry/api";
import type { Tool, ToolResponse } from "@toolgate/tool-core";
import type { ToolEvent } from "../../tool-event.js";
import { newCallId } from "../channel/call-id.js";
import type { Channel } from "../channel/channel.js";
import { deliver } from "../channel/events.js";
import type { Outcome } from "../channel/outcome.js";
import { typeLabel } from "../channel/type-label.js";
import { openTelemetryApi } from "./opentelemetry-api.js";
import type { TracingSettings } from "./tracing-settings.js";

/**
 * What the channel decided for a call (`toolgate.decision`): it ran (`ran`, or `cut` when the
 * output budget cut its response), or why it did not answer normally.
 */
type CallDecision =
  | "ran"
  | "cut"
  | "invalid"
  | "denied"
  | "declined"
  | "awaiting-approval"
  | "approval-refused"
  | "timed-out"
  | "cancelled"
  | "failed";

// Known to samplers at creation (the GenAI conventions ask for the operation name there). One
// object for every call: a span that records nothing then costs no allocation for it.
const SPAN_OPTIONS: SpanOptions = {
  kind: 0, // SpanKind.INTERNAL: the API is loaded only when tracing, this module always
  attributes: { "gen_ai.operation.name": "execute_tool" },
};

/** A call's span, started: runs the call's stages inside it. */
export interface TracedCall {
  run<T>(call: (channel: Channel, callId: string | undefined) => Outcome<T>): Outcome<T>;
}

/**
 * Starts the `execute_tool {tool}` span of one call. `undefined` when no SDK is registered, or
 * the span records nothing and carries no trace: the call then runs as if untraced, which is
 * all that tracing costs an app that does not trace. Otherwise the call runs in the span's context, so
 * spans the tool starts are its children; and when the span records (an SDK sampled it), the
 * call runs with a copy of the channel whose event listener also records the decision on the
 * span and ends it at the call's last event, and gets an id, made if it had none.
 */
export function startCallSpan(
  channel: Channel,
  tracing: TracingSettings,
  name: unknown,
  callId: string | undefined,
): TracedCall | undefined {
  if (tracing.noSdk()) return undefined;
  const tool = typeof name === "string" ? channel.tools.get(name)?.tool : undefined;
  // An unknown name is the model's text: kept out of the span name (unbounded cardinality).
  const spanName = tool === undefined ? "execute_tool" : `execute_tool ${tool.name}`;
  const span = tracing.tracer.startSpan(spanName, SPAN_OPTIONS);
  const { context, isSpanContextValid, trace } = openTelemetryApi();
  if (!span.isRecording()) {
    if (!isSpanContextValid(span.spanContext())) return undefined;
    // Sampled out: the tool's spans must still see this call's (unsampled) context.
    const active = trace.setSpan(context.active(), span);
    return { run: (call) => context.with(active, call, undefined, channel, callId) };
  }
  return recordingCall(span, channel, tracing, tool, callId);
}

function recordingCall(
  span: Span,
  channel: Channel,
  tracing: TracingSettings,
  tool: Tool<object> | undefined,
  callId: string | undefined,
): TracedCall {
  const id = callId ?? newCallId();
  const attributes: Attributes = { "gen_ai.tool.call.id": id, "gen_ai.tool.type": "function" };
  if (tool !== undefined) {
    attributes["gen_ai.tool.name"] = tool.name;
    attributes["gen_ai.tool.description"] = tool.description;
    attributes["toolgate.tool.origin"] = tool.origin;
  }
  span.setAttributes(attributes);
  const { context, trace } = openTelemetryApi();
  const recorder = new CallSpan(span, channel, tracing);
  const traced: Channel = { ...channel, onEvent: recorder.onEvent };
  const active = trace.setSpan(context.active(), span);
  return {
    run: (call) => {
      let outcome: ReturnType<typeof call>;
      try {
        outcome = context.with(active, call, undefined, traced, id);
      } catch (error) {
        // Only invalid options throw, before the call began.
        recorder.end(typeLabel(error));
        throw error;
      }
      // The call's last event ended the span already; this guards a path that emitted none.
      if (outcome instanceof Promise) outcome.then(recorder.ended, recorder.ended);
      else recorder.ended();
      return outcome;
    },
  };
}

/** One call's span: records the call's events on it, and ends it at the call's last event. */
class CallSpan {
  readonly #span: Span;
  readonly #channel: Channel;
  readonly #tracing: TracingSettings;
  #done = false;

  constructor(span: Span, channel: Channel, tracing: TracingSettings) {
    this.#span = span;
    this.#channel = channel;
    this.#tracing = tracing;
  }

  /** The traced channel's event listener: records, then hands the event to the registry's. */
  readonly onEvent = (event: ToolEvent): void => {
    try {
      this.#record(event);
    } catch {
      // A span processor that throws must not change the call, nor keep the event from the app.
    }
    const listener = this.#channel.onEvent;
    if (listener !== undefined) deliver(listener, event);
  };

  /** Ends the span if the call's events did not. */
  readonly ended = (): void => {
    if (!this.#done) this.end();
  };

  /** Ends the span, as an error of `errorType` when given. */
  end(errorType?: string): void {
    if (this.#done) return;
    this.#done = true;
    if (errorType !== undefined) {
      this.#span.setAttribute("error.type", errorType);
      this.#span.setStatus({ code: openTelemetryApi().SpanStatusCode.ERROR });
    }
    this.#span.end();
  }

  #record(event: ToolEvent): void {
    const span = this.#span;
    if (event.tool !== "") span.setAttribute("gen_ai.tool.name", event.tool);
    switch (event.type) {
      case "start":
        this.#arguments(event.args);
        return;
      case "progress":
        // Numbers only: the message is the tool's own text, kept out like its results.
        span.addEvent(
          "toolgate.progress",
          event.total === undefined
            ? { "toolgate.progress": event.progress }
            : { "toolgate.progress": event.progress, "toolgate.progress.total": event.total },
        );
        return;
      case "grant-used":
        span.setAttribute("toolgate.approval.pending_id", event.pendingId);
        return;
      case "end": {
        const cut = event.cut;
        if (cut !== undefined) {
          span.setAttributes({
            "toolgate.output.original_chars": cut.originalChars,
            "toolgate.output.kept_chars": cut.keptChars,
          });
        }
        // A tool that answers an error of its own ran, and still ended in an error.
        this.#finish(cut === undefined ? "ran" : "cut", event.response, "tool_error");
        return;
      }
      case "failed": {
        const decision = event.reason === "timeout" ? "timed-out" : event.reason;
        const errorType = event.reason === "exception" ? typeLabel(event.error) : event.reason;
        this.#finish(decision === "exception" ? "failed" : decision, event.response, errorType);
        return;
      }
      case "invalid":
        span.setAttribute("toolgate.reason", event.reason);
        this.#finish("invalid", event.response, event.reason);
        return;
      case "denied":
        span.setAttribute("toolgate.reason", event.by);
        this.#finish("denied", event.response, "denied");
        return;
      case "rejected":
        this.#arguments(event.args);
        this.#finish("declined", event.response, "declined");
        return;
      case "approval-requested":
        this.#arguments(event.pending.arguments);
        span.setAttribute("toolgate.approval.pending_id", event.pending.id);
        this.#finish("awaiting-approval", event.response);
        return;
      case "approval-refused":
        if (event.stage !== "execute") return;
        span.setAttribute("toolgate.reason", event.reason);
        this.#finish("approval-refused", event.response, "approval_refused");
        return;
      default:
        // approve() and decline() are not calls through the channel: not reported here.
        return;
    }
  }

  #arguments(args: Readonly<Record<string, unknown>>): void {
    if (!this.#tracing.recordArguments) return;
    let text: string;
    try {
      text = JSON.stringify(args);
      const redact = this.#channel.redact;
      if (redact !== undefined) text = redact(text);
      if (typeof text !== "string") return;
    } catch {
      // Arguments that cannot be shown redacted are not shown.
      return;
    }
    this.#span.setAttribute("gen_ai.tool.call.arguments", text);
  }

  #finish(decision: CallDecision, response: ToolResponse, errorType?: string): void {
    const span = this.#span;
    span.setAttribute("toolgate.decision", decision);
    span.setAttribute("toolgate.response.status", response.status);
    // The response text is already guarded and redacted: it is what the model reads.
    if (this.#tracing.recordResults) span.setAttribute("gen_ai.tool.call.result", response.text);
    const isError = decision !== "ran" && decision !== "cut" && decision !== "awaiting-approval";
    this.end(isError || response.status === "error" ? errorType : undefined);
  }
}
