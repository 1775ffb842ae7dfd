import type { ExecuteOptions, ExecutionResult, ToolCall, ToolRegistry } from "./tool-registry.js";

/**
 * A tool call from an OpenAI Chat Completions response (`choices[0].message.tool_calls[i]`).
 * Structural, so the registry does not depend on the `openai` package.
 */
export interface OpenAIToolCall {
  id: string;
  /** `"function"`; other kinds (`"custom"`) are answered with an error and never run. */
  type: string;
  function?: { name: string; arguments: string };
}

/** The message that answers one tool call: `{ role: "tool", tool_call_id, content }`. */
export interface OpenAIToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** A content block of an Anthropic Messages response; only `tool_use` blocks are run. */
export interface AnthropicContentBlock {
  type: string;
  id?: string;
  name?: string;
  input?: unknown;
}

/** The block that answers one `tool_use` block, for the next user message. */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string;
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
