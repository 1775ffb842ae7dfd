import type { ExecuteOptions, ExecutionResult, ToolCall, ToolRegistry } from "./tool-registry.js";

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
 * Runs the tool calls of an OpenAI Chat Completions assistant message through the registry
 * (`executeBatch`: permissions, validation, confirmation, guard, redaction) and returns the tool
 * messages to append, one per call, in order. Failures become message text the model can read.
 *
 * @example
 * const message = completion.choices[0].message;
 * messages.push(message, ...(await executeOpenAIToolCalls(registry, message.tool_calls)));
 */
export async function executeOpenAIToolCalls(
  registry: ToolRegistry,
  toolCalls: readonly OpenAIToolCall[] | null | undefined,
  options?: ExecuteOptions,
): Promise<OpenAIToolMessage[]> {
  const calls = toolCalls ?? [];
  const runnable: ToolCall[] = [];
  for (const call of calls) {
    if (call?.type === "function" && call.function) {
      runnable.push({ id: call.id, name: call.function.name, args: call.function.arguments });
    }
  }
  const results = await registry.executeBatch(runnable, options);
  let next = 0;
  return calls.map((call) => {
    if (call?.type === "function" && call.function) {
      const result = results[next++]!;
      return { role: "tool", tool_call_id: call.id, content: result.response.text };
    }
    return {
      role: "tool",
      tool_call_id: String(call?.id),
      content: `Tool calls of type '${String(call?.type)}' are not supported: only function tools can be called.`,
    };
  });
}

/**
 * Runs the `tool_use` blocks of an Anthropic Messages assistant response through the registry
 * (`executeBatch`) and returns the `tool_result` blocks for the next user message, in order, with
 * `is_error` set for failures. Other blocks (text, thinking) are ignored.
 *
 * @example
 * const results = await executeAnthropicToolUses(registry, response.content);
 * messages.push({ role: "assistant", content: response.content }, { role: "user", content: results });
 */
export async function executeAnthropicToolUses(
  registry: ToolRegistry,
  content: readonly AnthropicContentBlock[],
  options?: ExecuteOptions,
): Promise<AnthropicToolResultBlock[]> {
  const uses = content.filter((block) => block?.type === "tool_use");
  const results: ExecutionResult[] = await registry.executeBatch(
    uses.map((block) => ({
      id: block.id,
      name: String(block.name),
      args: block.input as ToolCall["args"],
    })),
    options,
  );
  return results.map((result, i) => ({
    type: "tool_result",
    tool_use_id: String(uses[i]!.id),
    content: result.response.text,
    is_error: result.response.isError,
  }));
}
