import { notePending } from "./internal/provider-calls.js";
import type { PendingToolCall, ToolCallRunner } from "./provider-messages.js";
import type { ExecuteOptions, ToolCall } from "./tool-registry.js";

/**
 * An output item of an OpenAI Responses API response (`response.output[i]`). Only
 * `function_call` items are run; every other item (messages, reasoning, other tools' calls) is
 * left alone. Structural, so the registry does not depend on the `openai` package; the fields
 * are `unknown` because other item kinds use the same names for other things, and each is
 * checked when read.
 */
export interface OpenAIResponsesItem {
  /** The item's kind; only `"function_call"` items are run. */
  type: string;
  /** A `function_call`'s id (a string); its `function_call_output` carries it back. */
  call_id?: unknown;
  /** The tool the model called (a string). */
  name?: unknown;
  /** The arguments as a JSON string, as the model wrote them. */
  arguments?: unknown;
  /** The namespace of a namespaced function; toolgate's tools have none. */
  namespace?: unknown;
}

/** The item that answers one `function_call`: `{ type: "function_call_output", call_id, output }`. */
export interface OpenAIFunctionCallOutput {
  /** Always `"function_call_output"`. */
  type: "function_call_output";
  /** The `call_id` of the `function_call` this answers. */
  call_id: string;
  /** The response text the model reads (the Responses API has no error flag: the text says it). */
  output: string;
}

/** What {@link executeOpenAIResponsesFunctionCalls} returns. */
export interface OpenAIResponsesCallsResult {
  /**
   * One `function_call_output` item per call id, in order: send them as `input` of the next
   * request (after the response's output items, or with `previous_response_id`).
   */
  readonly items: OpenAIFunctionCallOutput[];
  /** The calls that await a person's approval; empty unless the registry defers approvals. */
  readonly pendings: PendingToolCall[];
}

/** One `function_call` item read once, and how it is answered. */
type Answer =
  | { readonly callId: string; readonly call: ToolCall }
  | { readonly callId: string; readonly refusal: string };

/**
 * Runs the `function_call` items of an OpenAI Responses API response through the registry
 * (`executeBatch`: permissions, validation, confirmation, guard, redaction) and returns one
 * `function_call_output` item per call, in order, and the calls that await a person's approval.
 * Failures become output text the model can read. Pass `registry.turn()` instead of the
 * registry to keep a tainted turn across the steps of one user turn.
 *
 * - Items that are not `function_call` (messages, reasoning, custom or built-in tool calls) are
 *   skipped: the Responses API's own tools answer themselves, and calls of tools you offered
 *   yourself are yours to answer.
 * - A `function_call` without a `call_id` cannot be answered: it is skipped, never run.
 * - A `call_id` that more than one `function_call` carries: none of them runs, and the id gets
 *   one error output, since the model could not tell which answer belongs to which call.
 * - A `function_call` in a namespace never runs (toolgate's tools have none): error output.
 *
 * @example
 * const response = await client.responses.create({ model, input, tools: registry.toOpenAIResponsesTools() });
 * const { items } = await executeOpenAIResponsesFunctionCalls(registry, response.output);
 * input.push(...response.output, ...items);
 */
export async function executeOpenAIResponsesFunctionCalls<TContext = unknown>(
  registry: ToolCallRunner<TContext>,
  output: readonly OpenAIResponsesItem[],
  options?: ExecuteOptions<TContext>,
): Promise<OpenAIResponsesCallsResult> {
  if (!Array.isArray(output)) {
    throw new TypeError("executeOpenAIResponsesFunctionCalls takes the response's output items");
  }
  const answers = answersFor(output);
  const runnable: ToolCall[] = [];
  for (const answer of answers) if ("call" in answer) runnable.push(answer.call);
  const results = await registry.executeBatch(runnable, options);
  const pendings: PendingToolCall[] = [];
  let next = 0;
  const items = answers.map((answer, index): OpenAIFunctionCallOutput => {
    if ("refusal" in answer) {
      return { type: "function_call_output", call_id: answer.callId, output: answer.refusal };
    }
    const result = results[next++]!;
    notePending(pendings, result, index, answer.callId);
    return { type: "function_call_output", call_id: answer.callId, output: result.response.text };
  });
  return { items, pendings };
}

/** The answer each call id gets, in the order of its first `function_call`. */
function answersFor(output: readonly OpenAIResponsesItem[]): Answer[] {
  const byId = new Map<string, Answer>();
  const seen = new Set<string>();
  for (const item of output) {
    const call = readFunctionCall(item);
    if (call === undefined) continue;
    if (seen.has(call.callId)) {
      byId.set(call.callId, {
        callId: call.callId,
        refusal:
          "This call id is used by more than one call: none of them was run. Call again, one id per call.",
      });
      continue;
    }
    seen.add(call.callId);
    byId.set(call.callId, call);
  }
  return [...byId.values()];
}

/** A `function_call` item read once, or `undefined` for an item that is none or has no call id. */
function readFunctionCall(item: OpenAIResponsesItem): Answer | undefined {
  let type: unknown;
  let callId: unknown;
  let name: unknown;
  let args: unknown;
  let namespace: unknown;
  try {
    ({ type, call_id: callId, name, arguments: args, namespace } = item);
  } catch {
    return undefined;
  }
  if (type !== "function_call" || typeof callId !== "string" || callId === "") return undefined;
  if (namespace !== undefined && namespace !== null && namespace !== "") {
    return {
      callId,
      refusal:
        "Tool calls in a namespace are not supported: call the tool by its name alone, without a namespace.",
    };
  }
  return { callId, call: { id: callId, name: name as string, args: args as ToolCall["args"] } };
}
