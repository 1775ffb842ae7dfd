import type { PendingApproval } from "./approval/pending-approval.js";
import { asText, notePending } from "./internal/provider-calls.js";
import type { ExecuteOptions, ExecutionResult, ToolCall, ToolRegistry } from "./tool-registry.js";
import type { ToolTurn } from "./tool-turn.js";

/**
 * A tool call from an OpenAI Chat Completions response (`choices[0].message.tool_calls[i]`).
 * Structural, so the registry does not depend on the `openai` package.
 */
export interface OpenAIToolCall {
  /** The call's id; the answering message carries it back as `tool_call_id`. */
  id: string;
  /** `"function"`; other kinds (`"custom"`) are answered with an error and never run. */
  type: string;
  /** The function called: its name and its arguments as a JSON string. */
  function?: {
    /** The tool the model called. */
    name: string;
    /** The arguments as a JSON string, as the model wrote them. */
    arguments: string;
  };
}

/** The message that answers one tool call: `{ role: "tool", tool_call_id, content }`. */
export interface OpenAIToolMessage {
  /** Always `"tool"`. */
  role: "tool";
  /** The `id` of the call this answers. */
  tool_call_id: string;
  /** The response text the model reads. */
  content: string;
}

/** A content block of an Anthropic Messages response; only `tool_use` blocks are run. */
export interface AnthropicContentBlock {
  /** The block's kind; only `"tool_use"` is run. */
  type: string;
  /** The `tool_use` block's id; the answering block carries it back as `tool_use_id`. */
  id?: string;
  /** The tool the model called. */
  name?: string;
  /** The arguments the model gave. */
  input?: unknown;
}

/** The block that answers one `tool_use` block, for the next user message. */
export interface AnthropicToolResultBlock {
  /** Always `"tool_result"`. */
  type: "tool_result";
  /** The `id` of the `tool_use` block this answers. */
  tool_use_id: string;
  /** The response text the model reads. */
  content: string;
  /** True when the response is an error (the call failed or was refused). */
  is_error: boolean;
}

/**
 * A call that awaits a person's approval (the registry's deferred mode), and where its answer
 * is. Its answer in the returned list says the call awaits; once a person decided, replace that
 * answer's text with the result (see the registry README, "Deferred approval with the provider
 * helpers").
 */
export interface PendingToolCall {
  /** The position of the call's answer in the returned list (`messages`, `blocks` or `items`). */
  readonly index: number;
  /** The provider's id of the call, as its answer carries it. */
  readonly callId: string;
  /** Show it to a person, then `registry.approve` or `registry.decline` it. */
  readonly pending: PendingApproval;
}

/** What {@link executeOpenAIToolCalls} returns. */
export interface OpenAIToolCallsResult {
  /** One tool message per tool call, in order: append them after the assistant message. */
  readonly messages: OpenAIToolMessage[];
  /** The calls that await a person's approval; empty unless the registry defers approvals. */
  readonly pendings: PendingToolCall[];
}

/** What {@link executeAnthropicToolUses} returns. */
export interface AnthropicToolUsesResult {
  /** One `tool_result` block per `tool_use` block, in order: the next user message's content. */
  readonly blocks: AnthropicToolResultBlock[];
  /** The calls that await a person's approval; empty unless the registry defers approvals. */
  readonly pendings: PendingToolCall[];
}

/**
 * Where the provider helpers run calls: a registry, or a turn from `registry.turn()` so that
 * outside content read earlier in the turn makes later write calls need approval.
 */
export type ToolCallRunner<TContext = unknown> = ToolRegistry<TContext> | ToolTurn<TContext>;

/**
 * Runs the tool calls of an OpenAI Chat Completions assistant message through the registry
 * (`executeBatch`: permissions, validation, confirmation, guard, redaction) and returns the tool
 * messages to append, one per call, in order, and the calls that await a person's approval.
 * Failures become message text the model can read. Pass `registry.turn()` instead of the
 * registry to keep a tainted turn across the steps of one user turn.
 *
 * @example
 * const message = completion.choices[0].message;
 * const { messages: answers } = await executeOpenAIToolCalls(registry, message.tool_calls);
 * messages.push(message, ...answers);
 */
export async function executeOpenAIToolCalls<TContext = unknown>(
  registry: ToolCallRunner<TContext>,
  toolCalls: readonly OpenAIToolCall[] | null | undefined,
  options?: ExecuteOptions<TContext>,
): Promise<OpenAIToolCallsResult> {
  const calls = (toolCalls ?? []).map(readOpenAIToolCall);
  const runnable: ToolCall[] = [];
  for (const call of calls) if (call.function) runnable.push(call.function);
  const results = await registry.executeBatch(runnable, options);
  const pendings: PendingToolCall[] = [];
  let next = 0;
  const messages = calls.map((call, index): OpenAIToolMessage => {
    if (!call.function) {
      return {
        role: "tool",
        tool_call_id: call.id,
        content: `Tool calls of type '${call.type}' are not supported: only function tools can be called.`,
      };
    }
    const result = results[next++]!;
    notePending(pendings, result, index, call.id);
    return { role: "tool", tool_call_id: call.id, content: result.response.text };
  });
  return { messages, pendings };
}

/**
 * Runs the `tool_use` blocks of an Anthropic Messages assistant response through the registry
 * (`executeBatch`) and returns the `tool_result` blocks for the next user message, in order, with
 * `is_error` set for failures, and the calls that await a person's approval. Other blocks (text,
 * thinking) are ignored. Pass `registry.turn()` instead of the registry to keep a tainted turn.
 *
 * @example
 * const { blocks } = await executeAnthropicToolUses(registry, response.content);
 * messages.push({ role: "assistant", content: response.content }, { role: "user", content: blocks });
 */
export async function executeAnthropicToolUses<TContext = unknown>(
  registry: ToolCallRunner<TContext>,
  content: readonly AnthropicContentBlock[],
  options?: ExecuteOptions<TContext>,
): Promise<AnthropicToolUsesResult> {
  const uses = content.map(readToolUse).filter((use) => use !== undefined);
  const results: ExecutionResult[] = await registry.executeBatch(
    uses.map((use) => use.call),
    options,
  );
  const pendings: PendingToolCall[] = [];
  const blocks = results.map((result, index): AnthropicToolResultBlock => {
    const id = uses[index]!.id;
    notePending(pendings, result, index, id);
    return {
      type: "tool_result",
      tool_use_id: id,
      content: result.response.text,
      is_error: result.response.isError,
    };
  });
  return { blocks, pendings };
}

/** A Chat Completions tool call read once: a getter cannot show the checks one value and the tool another. */
function readOpenAIToolCall(call: OpenAIToolCall): {
  id: string;
  type: string;
  function?: ToolCall;
} {
  let id: unknown;
  let type: unknown;
  let fn: unknown;
  let name: unknown;
  let args: unknown;
  try {
    ({ id, type, function: fn } = call);
    if (type === "function" && typeof fn === "object" && fn !== null) {
      ({ name, arguments: args } = fn as Record<string, unknown>);
    }
  } catch {
    // Unreadable: answered as a call of a kind that is not supported, never run.
    return { id: asText(id), type: "unreadable" };
  }
  const callId = asText(id);
  if (type !== "function" || typeof fn !== "object" || fn === null) {
    return { id: callId, type: asText(type) };
  }
  return {
    id: callId,
    type: "function",
    function: { id: callId, name: name as string, args: args as ToolCall["args"] },
  };
}

/** A `tool_use` block as a call (its id as the answer will carry it), read once; `undefined` for any other block. */
function readToolUse(block: AnthropicContentBlock): { call: ToolCall; id: string } | undefined {
  let type: unknown;
  let id: unknown;
  let name: unknown;
  let input: unknown;
  try {
    ({ type, id, name, input } = block);
  } catch {
    return undefined;
  }
  if (type !== "tool_use") return undefined;
  return {
    call: {
      id: typeof id === "string" ? id : undefined,
      name: name as string,
      args: input as ToolCall["args"],
    },
    id: asText(id),
  };
}
