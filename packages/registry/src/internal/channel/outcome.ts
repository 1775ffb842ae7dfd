import {
  type Tool,
  ToolError,
  ToolInputError,
  ToolResponse,
  toToolResponse,
} from "@toolgate/tool-core";
import type { ToolFailedEvent } from "../../tool-event.js";
import type { ExecutionResult } from "../../tool-registry.js";
import { type Cut, cutToBudget } from "../cut-to-budget.js";
import type { Channel, ToolEntry } from "./channel.js";
import { type EventDraft, emit } from "./events.js";
import { guarded } from "./guard.js";
import { redacted } from "./redaction.js";
import { typeLabel } from "./type-label.js";

/** What a call that settles later settles to: its whole result, or (for `execute`) the response. */
export type Settle<T> = (result: ExecutionResult) => T;
/** A call's result now, or a promise of what `settle` makes of it later. */
export type Outcome<T> = ExecutionResult | Promise<T>;

/**
 * Stages 7-9 for a value the tool returned: made a response, cut to the output budget, guarded,
 * redacted, reported as `end`.
 */
export function returned(
  channel: Channel,
  entry: ToolEntry,
  callId: string | undefined,
  value: unknown,
  started: number,
): ExecutionResult {
  let response: ToolResponse;
  try {
    response = toToolResponse(value);
    // A response the tool made (ours, another copy's, a proxy, an object posing as one) is
    // rebuilt from fields read once, so its status and text are checked and no getter or trap
    // of the tool's runs after this point (in the guard, redaction, or the caller's hands).
    if (response === value) {
      const made: ToolResponse = response;
      const content = made.content;
      response = new ToolResponse(made.status, made.text, made.data, content && { content });
    }
  } catch (error) {
    return failed(channel, entry.tool, callId, "exception", error, started);
  }
  return answered(channel, entry, callId, response, started);
}

/**
 * Stages 7-9 for what the tool threw: a `ToolError`'s text goes to the model (a
 * `ToolInputError` marked as such), anything else only by type name.
 */
export function thrown(
  channel: Channel,
  entry: ToolEntry,
  callId: string | undefined,
  error: unknown,
  started: number,
): ExecutionResult {
  let response: ToolResponse | undefined;
  try {
    if (ToolError.isInstance(error)) {
      const message = String(error.message);
      const text = ToolInputError.isInstance(error) ? `(input error: ${message})` : message;
      response = ToolResponse.error(text, error.data);
    }
  } catch {
    // An error whose fields cannot be read is reported by type name, like any other.
    response = undefined;
  }
  if (response === undefined) {
    return failed(channel, entry.tool, callId, "exception", error, started);
  }
  return answered(channel, entry, callId, response, started);
}

function answered(
  channel: Channel,
  entry: ToolEntry,
  callId: string | undefined,
  response: ToolResponse,
  started: number,
): ExecutionResult {
  const tool = entry.tool;
  // 8a. The output budget, before the guard so its markers stay whole.
  let cut: Cut | undefined;
  const budget = entry.budget;
  if (budget !== undefined && response.text.length > budget) {
    ({ response, cut } = cutToBudget(response, budget));
  }
  let safe = response;
  if (tool.externalContent && channel.guard !== undefined) {
    try {
      safe = guarded(channel.guard, tool, response);
    } catch (error) {
      // Never let unguarded outside text through.
      const text = `Tool '${tool.name}' failed: its response could not be guarded`;
      return failed(channel, tool, callId, "exception", error, started, text);
    }
  }
  const final = redacted(channel, tool, safe);
  if (channel.onEvent !== undefined) {
    const durationMs = performance.now() - started;
    const end: EventDraft & { type: "end" } = {
      type: "end",
      tool: tool.name,
      origin: tool.origin,
      callId,
      response: final,
      durationMs,
    };
    // Added only when there was a cut: a spread in the literal would slow every call.
    emit(channel, cut === undefined ? end : { ...end, cut });
  }
  return { response: final, executed: true, callId };
}

/**
 * A call that failed (an exception, a deadline, a cancellation): the error response the model
 * gets, reported as `failed` with what was thrown.
 */
function failed(
  channel: Channel,
  tool: Tool<object>,
  callId: string | undefined,
  reason: ToolFailedEvent["reason"],
  error: unknown,
  started: number,
  text = `Tool '${tool.name}' failed: ${typeLabel(error)}`,
  executed = true,
): ExecutionResult {
  const response = redacted(channel, tool, ToolResponse.error(text));
  if (channel.onEvent !== undefined) {
    const durationMs = started === 0 ? 0 : performance.now() - started;
    emit(channel, {
      type: "failed",
      tool: tool.name,
      origin: tool.origin,
      callId,
      reason,
      error,
      response,
      durationMs,
    });
  }
  return { response, executed, callId };
}

/** A call stopped by its deadline or its caller's signal while it ran. */
export function stopped(
  channel: Channel,
  tool: Tool<object>,
  callId: string | undefined,
  reason: "timeout" | "cancelled",
  error: unknown,
  started: number,
  timeoutMs: number | undefined,
): ExecutionResult {
  const text =
    reason === "timeout"
      ? `Tool '${tool.name}' timed out after ${timeoutMs} ms`
      : `Tool '${tool.name}' was cancelled`;
  return failed(channel, tool, callId, reason, error, started, text);
}

/** A call whose caller's signal had aborted before the tool was started: it never runs. */
export function cancelledBeforeStart(
  channel: Channel,
  tool: Tool<object>,
  callId: string | undefined,
  error: unknown,
): ExecutionResult {
  const text = `Tool '${tool.name}' was cancelled`;
  return failed(channel, tool, callId, "cancelled", error, 0, text, false);
}
