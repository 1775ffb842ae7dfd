import { type Tool, ToolResponse } from "@toolgate/tool-core";
import type { ToolInvalidEvent } from "../../tool-event.js";
import type { ExecutionResult } from "../../tool-registry.js";
import type { Channel } from "./channel.js";
import { emit } from "./events.js";
import { redacted } from "./redaction.js";
import { typeLabel } from "./type-label.js";

/**
 * The refusal of a call to a known tool whose arguments (or schema) are wrong: an `invalid`
 * event and an error response. `problem` is wrapped as `(input error: …)` unless `verbatim`.
 */
export function invalidCall(
  channel: Channel,
  tool: Tool<object>,
  callId: string | undefined,
  reason: ToolInvalidEvent["reason"],
  problem: string,
  verbatim = false,
  error?: unknown,
): ExecutionResult {
  const text = verbatim ? problem : `(input error: ${problem})`;
  const response = redacted(channel, tool, ToolResponse.error(text));
  emit(channel, {
    type: "invalid",
    tool: tool.name,
    origin: tool.origin,
    callId,
    reason,
    message: response.text,
    ...(error !== undefined && { error }),
    response,
  });
  return { response, executed: false, callId };
}

/** The refusal of a call that permissions deny, or that needs a confirmation none can give. */
export function deniedCall(
  channel: Channel,
  tool: Tool<object>,
  callId: string | undefined,
  by: "permissions" | "confirmation",
  reason: string,
): ExecutionResult {
  const response = redacted(channel, tool, ToolResponse.error(reason));
  emit(channel, {
    type: "denied",
    tool: tool.name,
    origin: tool.origin,
    callId,
    by,
    reason: response.text,
    response,
  });
  return { response, executed: false, callId };
}

/** The refusal of a batch call whose fields could not even be read (a throwing getter). */
export function unreadableCall(channel: Channel, error: unknown): ExecutionResult {
  const text = `(input error: the call could not be read (${typeLabel(error)}))`;
  const response = redacted(channel, undefined, ToolResponse.error(text));
  emit(channel, {
    type: "invalid",
    tool: "",
    reason: "unknown-tool",
    message: response.text,
    error,
    response,
  });
  return { response, executed: false };
}
