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
import { expectTypeOf } from "vitest";
import type { AnthropicTool, OpenAIFunctionTool } from "./provider-formats.js";
import type {
  AnthropicContentBlock,
  AnthropicToolResultBlock,
  OpenAIToolCall,
  OpenAIToolMessage,
} from "./provider-messages.js";
import { executeAnthropicToolUses, executeOpenAIToolCalls } from "./provider-messages.js";
import type { ToolRegistry } from "./tool-registry.js";

declare const registry: ToolRegistry;

// OpenAI: what the model sends goes in as is; what comes out is a valid tool message.
expectTypeOf<ChatCompletionMessageToolCall>().toExtend<OpenAIToolCall>();
expectTypeOf<OpenAIToolMessage>().toExtend<ChatCompletionToolMessageParam>();
expectTypeOf<OpenAIFunctionTool>().toExtend<ChatCompletionFunctionTool>();
expectTypeOf<OpenAIFunctionTool>().toExtend<ChatCompletionTool>();
declare const toolCalls: ChatCompletionMessageToolCall[] | undefined;
expectTypeOf(executeOpenAIToolCalls(registry, toolCalls)).resolves.toExtend<
  ChatCompletionToolMessageParam[]
>();

// Anthropic: a response's content blocks go in; tool_result blocks come out.
expectTypeOf<ToolUseBlock>().toExtend<AnthropicContentBlock>();
expectTypeOf<ContentBlock>().toExtend<AnthropicContentBlock>();
expectTypeOf<AnthropicToolResultBlock>().toExtend<ToolResultBlockParam>();
expectTypeOf<AnthropicTool>().toExtend<AnthropicSdkTool>();
declare const content: ContentBlock[];
expectTypeOf(executeAnthropicToolUses(registry, content)).resolves.toExtend<
  ToolResultBlockParam[]
>();

// And the registry's own lists fit the SDK parameters.
expectTypeOf(registry.toOpenAITools()).toExtend<ChatCompletionTool[]>();
expectTypeOf(registry.toAnthropicTools()).toExtend<AnthropicSdkTool[]>();
