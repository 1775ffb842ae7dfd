// A scripted model for the AI SDK's own loop: each step answers the next entry of the script, a
// list of tool calls or a final text, through `MockLanguageModelV3` from `ai/test`.
import type {
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3ToolResultOutput,
} from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";

/** One tool call as a model sends it: `input` is the raw argument text. */
export interface ScriptedCall {
  readonly id: string;
  readonly name: string;
  readonly input: string;
}

/** One model step: tool calls, or the final text. */
export type ScriptedStep = readonly ScriptedCall[] | string;

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function answer(step: ScriptedStep): LanguageModelV3GenerateResult {
  if (typeof step === "string") {
    return {
      content: [{ type: "text", text: step }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: USAGE,
      warnings: [],
    };
  }
  return {
    content: step.map((call) => ({
      type: "tool-call" as const,
      toolCallId: call.id,
      toolName: call.name,
      input: call.input,
    })),
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage: USAGE,
    warnings: [],
  };
}

/** The script's steps in order; after the last one, the model says "done". */
export function scriptedModel(...steps: ScriptedStep[]): MockLanguageModelV3 {
  let next = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => answer(steps[next++] ?? "done"),
    doStream: async (): Promise<LanguageModelV3StreamResult> => {
      const { content, finishReason, usage } = answer(steps[next++] ?? "done");
      const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
      for (const part of content) {
        if (part.type === "text") {
          parts.push(
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: part.text },
            { type: "text-end", id: "t" },
          );
        } else if (part.type === "tool-call") {
          parts.push(part);
        }
      }
      parts.push({ type: "finish", finishReason, usage });
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
}

/** What the model read as tool results in the prompt of one of its calls, by call id. */
export function resultsSeen(
  prompt: LanguageModelV3CallOptions["prompt"] | undefined,
): Map<string, LanguageModelV3ToolResultOutput> {
  const seen = new Map<string, LanguageModelV3ToolResultOutput>();
  for (const message of prompt ?? []) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") seen.set(part.toolCallId, part.output);
    }
  }
  return seen;
}

/** The prompt the model got at its last call (generateText or streamText). */
export function lastPrompt(model: MockLanguageModelV3): LanguageModelV3CallOptions["prompt"] {
  const calls = model.doGenerateCalls.length > 0 ? model.doGenerateCalls : model.doStreamCalls;
  const last = calls.at(-1);
  if (last === undefined) throw new Error("the model was never called");
  return last.prompt;
}
