import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { expectTypeOf } from "vitest";
import type { AnthropicTool, OpenAIFunctionTool } from "../provider-formats.js";
import { ToolRegistry } from "../tool-registry.js";
import type { AnthropicNativeSearchEntry } from "./anthropic-tool-search.js";
import { ToolScope } from "./tool-scope.js";

const registry = new ToolRegistry({
  toolSearch: { defer: "auto", origins: { "mcp:github": "always" } },
});
const scope = new ToolScope();
const turn = registry.turn({ scope });

// Without nativeSearch the formats keep their types, with or without a scope.
expectTypeOf(registry.toOpenAITools(undefined, { scope })).toEqualTypeOf<OpenAIFunctionTool[]>();
expectTypeOf(registry.toAnthropicTools()).toEqualTypeOf<AnthropicTool[]>();
expectTypeOf(registry.toAnthropicTools(undefined, { scope })).toEqualTypeOf<AnthropicTool[]>();
expectTypeOf(turn.toAnthropicTools()).toEqualTypeOf<AnthropicTool[]>();
expectTypeOf(turn.toOpenAITools()).toEqualTypeOf<OpenAIFunctionTool[]>();

// With nativeSearch the entries include Anthropic's search tool and deferred tools.
expectTypeOf(registry.toAnthropicTools(undefined, { nativeSearch: "bm25" })).toEqualTypeOf<
  AnthropicNativeSearchEntry[]
>();
expectTypeOf(turn.toAnthropicTools({ nativeSearch: "regex" })).toEqualTypeOf<
  AnthropicNativeSearchEntry[]
>();

// Both go to the SDKs' `tools` parameters as they are.
const anthropicTools: Anthropic.Messages.ToolUnion[] = turn.toAnthropicTools({
  nativeSearch: "bm25",
});
const openAITools: OpenAI.Chat.Completions.ChatCompletionTool[] = turn.toOpenAITools();
const responsesTools: OpenAI.Responses.Tool[] = turn.toOpenAIResponsesTools();
void [anthropicTools, openAITools, responsesTools];

// @ts-expect-error: defer is one of "always", "never", "auto"
registry.register(registry.list()[0]!, { defer: "later" });
