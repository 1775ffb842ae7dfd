import { ToolRegistry } from "@toolgate/registry";
import { generateText, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { expectTypeOf } from "vitest";
import type { AISDKToolOutput } from "./ai-sdk-tool-output.js";
import { toAISDKTools } from "./to-ai-sdk-tools.js";

interface Tenant {
  userId: string;
}
const registry = new ToolRegistry<Tenant>();

// The tool set is what generateText takes, with no cast.
const tools = toAISDKTools(registry, { context: { userId: "ada" } });
expectTypeOf(tools).toExtend<ToolSet>();
void generateText({ model: new MockLanguageModelV3(), tools, prompt: "hi" });

// The context is typed by the registry: a value or a function of experimental_context.
toAISDKTools(registry, { context: (run) => ({ userId: String(run) }) });
// @ts-expect-error a context of another shape
toAISDKTools(registry, { context: { user: "ada" } });
// @ts-expect-error a turn of a registry with another context
toAISDKTools(registry, { turn: new ToolRegistry<{ other: number }>().turn() });
toAISDKTools(registry, { turn: registry.turn() });
toAISDKTools(registry, { turn: null });

// What execute answers: the status and the text.
type Output = Awaited<ReturnType<NonNullable<(typeof tools)[string]["execute"]>>>;
expectTypeOf<Output>().toExtend<AISDKToolOutput | AsyncIterable<AISDKToolOutput>>();
