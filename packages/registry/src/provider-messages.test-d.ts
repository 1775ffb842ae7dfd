// The registry's provider shapes checked against the official SDK types (dev dependencies only).
import type {
  Tool as AnthropicSdkTool,
  ContentBlock,
  ToolResultBlockParam,
  ToolUseBlock,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions/completions";
import type {
  FunctionTool,
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseOutputItem,
  Tool as ResponsesTool,
} from "openai/resources/responses/responses";
import { expectTypeOf } from "vitest";
import type {
  OpenAIFunctionCallOutput,
  OpenAIResponsesCallsResult,
  OpenAIResponsesItem,
} from "./openai-responses-calls.js";
import { executeOpenAIResponsesFunctionCalls } from "./openai-responses-calls.js";
import type {
  AnthropicTool,
  OpenAIFunctionTool,
  OpenAIResponsesFunctionTool,
} from "./provider-formats.js";
import type {
  AnthropicContentBlock,
  AnthropicToolResultBlock,
  OpenAIToolCall,
  OpenAIToolMessage,
  PendingToolCall,
} from "./provider-messages.js";
import { executeAnthropicToolUses, executeOpenAIToolCalls } from "./provider-messages.js";
import type { ToolRegistry } from "./tool-registry.js";
import type { ToolTurn } from "./tool-turn.js";

declare const registry: ToolRegistry;

// OpenAI: what the model sends goes in as is; what comes out is a valid tool message.
expectTypeOf<ChatCompletionMessageToolCall>().toExtend<OpenAIToolCall>();
expectTypeOf<OpenAIToolMessage>().toExtend<ChatCompletionToolMessageParam>();
expectTypeOf<OpenAIFunctionTool>().toExtend<ChatCompletionFunctionTool>();
expectTypeOf<OpenAIFunctionTool>().toExtend<ChatCompletionTool>();
declare const toolCalls: ChatCompletionMessageToolCall[] | undefined;
expectTypeOf(executeOpenAIToolCalls(registry, toolCalls))
  .resolves.toHaveProperty("messages")
  .toExtend<ChatCompletionToolMessageParam[]>();

// Anthropic: a response's content blocks go in; tool_result blocks come out.
expectTypeOf<ToolUseBlock>().toExtend<AnthropicContentBlock>();
expectTypeOf<ContentBlock>().toExtend<AnthropicContentBlock>();
expectTypeOf<AnthropicToolResultBlock>().toExtend<ToolResultBlockParam>();
expectTypeOf<AnthropicTool>().toExtend<AnthropicSdkTool>();
declare const content: ContentBlock[];
expectTypeOf(executeAnthropicToolUses(registry, content))
  .resolves.toHaveProperty("blocks")
  .toExtend<ToolResultBlockParam[]>();

// OpenAI Responses API: a response's output items go in as they are; what comes out are valid
// input items for the next request, and the tools are valid function tools.
expectTypeOf<ResponseOutputItem>().toExtend<OpenAIResponsesItem>();
expectTypeOf<ResponseFunctionToolCall>().toExtend<OpenAIResponsesItem>();
expectTypeOf<OpenAIFunctionCallOutput>().toExtend<ResponseInputItem.FunctionCallOutput>();
expectTypeOf<OpenAIFunctionCallOutput>().toExtend<ResponseInputItem>();
expectTypeOf<OpenAIResponsesFunctionTool>().toExtend<FunctionTool>();
expectTypeOf<OpenAIResponsesFunctionTool>().toExtend<ResponsesTool>();
declare const output: ResponseOutputItem[];
expectTypeOf(
  executeOpenAIResponsesFunctionCalls(registry, output),
).resolves.toEqualTypeOf<OpenAIResponsesCallsResult>();
expectTypeOf(executeOpenAIResponsesFunctionCalls(registry, output))
  .resolves.toHaveProperty("items")
  .toExtend<ResponseInputItem[]>();

// Every helper takes a turn as well as a registry, and gives the pendings.
declare const turn: ToolTurn;
expectTypeOf(executeOpenAIToolCalls(turn, toolCalls))
  .resolves.toHaveProperty("pendings")
  .toEqualTypeOf<PendingToolCall[]>();
expectTypeOf(executeAnthropicToolUses(turn, content))
  .resolves.toHaveProperty("pendings")
  .toEqualTypeOf<PendingToolCall[]>();
expectTypeOf(executeOpenAIResponsesFunctionCalls(turn, output))
  .resolves.toHaveProperty("pendings")
  .toEqualTypeOf<PendingToolCall[]>();

// A typed context reaches the options of each helper, from a registry or its turn.
declare const tenants: ToolRegistry<{ userId: string }>;
void executeOpenAIToolCalls(tenants, toolCalls, { context: { userId: "u1" } });
void executeAnthropicToolUses(tenants.turn(), content, { context: { userId: "u1" } });
void executeOpenAIResponsesFunctionCalls(tenants, output, { context: { userId: "u1" } });
// @ts-expect-error the context is the registry's type
void executeOpenAIResponsesFunctionCalls(tenants, output, { context: { user: 1 } });

// And the registry's own lists fit the SDK parameters.
expectTypeOf(registry.toOpenAITools()).toExtend<ChatCompletionTool[]>();
expectTypeOf(registry.toAnthropicTools()).toExtend<AnthropicSdkTool[]>();
expectTypeOf(registry.toOpenAIResponsesTools()).toExtend<ResponsesTool[]>();
