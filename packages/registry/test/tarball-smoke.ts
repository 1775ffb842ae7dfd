// Type-checked under `strict` (skipLibCheck off) against the installed tarballs' .d.ts.
import {
  type ConfirmCallback,
  type ExecutionResult,
  executeAnthropicToolUses,
  executeOpenAIResponsesFunctionCalls,
  executeOpenAIToolCalls,
  type OpenAIFunctionCallOutput,
  type OpenAIFunctionTool,
  type OpenAIResponsesFunctionTool,
  type OpenAIToolMessage,
  type PendingToolCall,
  type ToolEvent,
  ToolPermissions,
  ToolRegistry,
} from "@toolgate/registry";
import { type ToolResponse, tool } from "@toolgate/tool-core";

const add = tool({
  name: "add",
  parameters: { type: "object", properties: { a: { type: "number" } } },
  execute: (args) => String(args.a),
});
const confirm: ConfirmCallback = async ({ tool: t, hints }) => t.name === "add" && hints.readOnly;
const registry = new ToolRegistry({
  permissions: new ToolPermissions({ allowOrigins: ["builtin"] }),
  confirm,
  timeoutMs: 1000,
  onEvent: (event: ToolEvent) => {
    if (event.type === "failed") console.error(event.error, event.durationMs);
  },
});
registry.register(add);

export async function run(): Promise<string> {
  const response: ToolResponse = await registry.execute("add", '{"a": 1}');
  const results: ExecutionResult[] = await registry.executeBatch([
    { id: "1", name: "add", args: {} },
  ]);
  const tools: OpenAIFunctionTool[] = registry.toOpenAITools();
  const { messages }: { messages: OpenAIToolMessage[] } = await executeOpenAIToolCalls(registry, [
    { id: "c", type: "function", function: { name: "add", arguments: "{}" } },
  ]);
  const { blocks } = await executeAnthropicToolUses(registry.turn(), [
    { type: "tool_use", id: "t", name: "add", input: {} },
  ]);
  const responsesTools: OpenAIResponsesFunctionTool[] = registry.toOpenAIResponsesTools();
  const answered = await executeOpenAIResponsesFunctionCalls(registry, [
    { type: "function_call", call_id: "r", name: "add", arguments: "{}" },
  ]);
  const items: OpenAIFunctionCallOutput[] = answered.items;
  const pendings: PendingToolCall[] = answered.pendings;
  return `${response.text} ${results.length} ${tools.length} ${messages.length} ${blocks[0]?.is_error} ${responsesTools[0]?.strict} ${items[0]?.output} ${pendings.length}`;
}
