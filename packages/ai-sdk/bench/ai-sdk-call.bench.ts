// Speed of a call through the adapter (issue 13: at most the AI SDK's own tool path plus 1.5x the
// registry's `execute`), measured in one process against both (see bench/README.md at the
// repository root). The target is measured on the part of a call that differs between an AI SDK
// tool and an adapted one, done as the AI SDK does it (parsed input in; validation, the approval
// question, `execute` and the model output), since a whole `generateText` run costs about 1 ms
// and its jitter would hide a difference of a microsecond; whole runs (the AI SDK's mock model:
// a step of 20 tool calls, then a final text) are reported beside it. The AI SDK's own tool is
// its `tool()` with a zod schema, as its docs write tools; against a hand-written validator (its
// leanest path) the difference is reported too. Run with
// `pnpm --filter @toolgate/ai-sdk bench` after building: it imports the built packages.
import { toAISDKTools } from "@toolgate/ai-sdk";
import { ToolRegistry } from "@toolgate/registry";
import { tool as toolgateTool } from "@toolgate/tool-core";
import {
  asSchema,
  generateText,
  type JSONSchema7,
  jsonSchema,
  stepCountIs,
  type ToolSet,
  tool,
} from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";
import { type Figure, median, perCall, report } from "../../../bench/report.js";

const PACKAGE = "@toolgate/ai-sdk";
const TARGET = 1.5;

const schema = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  additionalProperties: false,
} satisfies JSONSchema7;
const CALLS = 20;
const input = '{"a": 2, "b": 3}';
const add = ({ a, b }: { a: number; b: number }) => String(a + b);

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const toolStep = {
  content: Array.from({ length: CALLS }, (_, i) => ({
    type: "tool-call" as const,
    toolCallId: `c${i}`,
    toolName: "add",
    input,
  })),
  finishReason: { unified: "tool-calls" as const, raw: undefined },
  usage,
  warnings: [],
};
const textStep = {
  content: [{ type: "text" as const, text: "5" }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage,
  warnings: [],
};
// One model for every run: it alternates a tool call and the final text.
let turn = 0;
const model = new MockLanguageModelV3({
  doGenerate: async () => (turn++ % 2 === 0 ? toolStep : textStep),
});
model.doGenerateCalls = { push: () => 0 } as never; // keep no history: memory stays flat

const loop = (tools: ToolSet) =>
  generateText({ model, tools, stopWhen: stepCountIs(3), prompt: "2+3" });

// 1. The AI SDK's own tool path: its `tool()` with a zod schema of the same rules, as its docs
// write tools (the AI SDK validates the model's input with it before `execute`).
const own: ToolSet = {
  add: tool({
    inputSchema: z.strictObject({ a: z.number(), b: z.number() }),
    execute: add,
  }),
};

// 1b. The AI SDK's leanest path, reported: a JSON Schema with a hand-written validator.
const lean = tool({
  inputSchema: jsonSchema<{ a: number; b: number }>(schema, {
    validate: (value) => {
      const v = value as Record<string, unknown>;
      return typeof v.a === "number" && typeof v.b === "number" && Object.keys(v).length === 2
        ? { success: true, value: { a: v.a, b: v.b } }
        : { success: false, error: new Error("invalid") };
    },
  }),
  execute: add,
});

// 2. The registry's `execute` alone, with the arguments the AI SDK hands the tool.
const registry = new ToolRegistry();
registry.register(
  toolgateTool({ name: "add", parameters: schema, execute: (args) => add(args as never) }),
);
const args = { a: 2, b: 3 };

// 3. The adapter: the tool set built once, and built per run (as the README suggests).
const adapted = toAISDKTools(registry);

/**
 * Every side warmed up, then many short rounds, interleaved: on a shared machine a preemption
 * spoils only the round it lands in, and every side alike. Medians of each side.
 */
async function interleaved(
  runs: readonly (() => Promise<unknown>)[],
  rounds: number,
  perRound: number,
) {
  for (const run of runs) await perCall(run, 3, perRound * 5);
  const samples = runs.map((): number[] => []);
  for (let i = 0; i < rounds; i++) {
    for (const [k, run] of runs.entries()) samples[k]?.push(await perCall(run, 1, perRound));
  }
  return samples.map(median);
}

const check = await loop(adapted);
if (check.text !== "5" || check.steps[0]?.toolResults[0]?.output.text !== "5") {
  throw new Error("the adapter's run did not answer 5");
}

// One call's tool-specific path, as generateText runs it for each kind of tool.
const options = { toolCallId: "c1", messages: [], experimental_context: undefined };
function nativePath(t: ToolSet[string]): () => Promise<unknown> {
  const validator = asSchema(t.inputSchema);
  return async () => {
    const parsed = await validator.validate!({ a: 2, b: 3 });
    if (!parsed.success) throw parsed.error;
    const output = await t.execute!(parsed.value, options);
    return typeof output === "string" ? { type: "text", value: output } : output;
  };
}
const ownPath = nativePath(own.add!);
const leanPath = nativePath(lean);
const adaptedTool = adapted.add!;
const adaptedSchema = asSchema(adaptedTool.inputSchema);
async function adaptedPath(): Promise<unknown> {
  const value = { a: 2, b: 3 };
  if (adaptedSchema.validate !== undefined) throw new Error("the adapter must not validate");
  const ask = adaptedTool.needsApproval;
  if (typeof ask === "function" && (await ask(value, options))) throw new Error("asked");
  const output = await adaptedTool.execute!(value, options);
  return adaptedTool.toModelOutput!({ toolCallId: "c1", input: value, output: output as never });
}

const [ownPathUs = 0, adaptedPathUs = 0, executeUs = 0, leanPathUs = 0] = await interleaved(
  [ownPath, adaptedPath, () => registry.execute("add", args), leanPath],
  1001,
  200,
);
const [ownUs = 0, adaptedUs = 0, perRunUs = 0] = await interleaved(
  [() => loop(own), () => loop(adapted), () => loop(toAISDKTools(registry))],
  101,
  5,
);

const figures: Figure[] = [
  {
    name: "adapter's cost per call beyond the AI SDK's own tool path",
    value: adaptedPathUs - ownPathUs,
    unit: "µs/call",
    baseline: "ToolRegistry.execute of the same call",
    baselineValue: executeUs,
    target: `<= ${TARGET}x`,
    ok: adaptedPathUs - ownPathUs <= TARGET * executeUs,
  },
  {
    name: "adapter's cost per call beyond the AI SDK's leanest tool path",
    value: adaptedPathUs - leanPathUs,
    unit: "µs/call",
    baseline: "ToolRegistry.execute of the same call",
    baselineValue: executeUs,
    target: "report",
  },
  {
    name: "one call's tool path: adapted tool",
    value: adaptedPathUs,
    unit: "µs/call",
    baseline: "the AI SDK's own tool with a zod schema (validate, execute, output)",
    baselineValue: ownPathUs,
    target: "report",
  },
  {
    name: `generateText, ${CALLS} calls in one step, through the adapter`,
    value: adaptedUs,
    unit: "µs/run",
    baseline: "generateText with the AI SDK's own tool",
    baselineValue: ownUs,
    target: "report",
  },
  {
    name: `generateText, ${CALLS} calls in one step, tool set built per run`,
    value: perRunUs,
    unit: "µs/run",
    baseline: "generateText with the AI SDK's own tool",
    baselineValue: ownUs,
    target: "report",
  },
];
report(PACKAGE, figures);
