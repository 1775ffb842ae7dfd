// Listing tools in the OpenAI Responses format, whose strict-mode check walks each schema once
// (then it is remembered per schema object), against the Chat Completions listing, which walks
// nothing. Run with `pnpm --filter @toolgate/registry bench` after building.
import { ToolRegistry } from "@toolgate/registry";
import { type Tool, tool } from "@toolgate/tool-core";
import { type Figure, median, report } from "../../../bench/report.js";

const figures: Figure[] = [];

function timeMs(run: () => void, rounds = 7): number {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** `count` tools, each with its own strict-ready schema of a few properties and a nested object. */
function makeTools(count: number): Tool<object>[] {
  return Array.from({ length: count }, (_, i) =>
    tool({
      name: `tool_${i}`,
      description: `Tool number ${i}.`,
      parameters: {
        type: "object",
        properties: {
          id: { type: "string", description: "The id" },
          limit: { type: ["integer", "null"], minimum: 1 },
          mode: { type: "string", enum: ["fast", "deep"] },
          filter: {
            type: "object",
            properties: { tag: { type: "string" }, since: { type: "string", format: "date" } },
            required: ["tag", "since"],
            additionalProperties: false,
          },
        },
        required: ["id", "limit", "mode", "filter"],
      },
      execute: () => "ok",
    }),
  );
}

// 1. The first listing checks every schema: fresh tools each round (made outside the timing).
const ROUNDS = 5;
const PER_ROUND = 2000;
const chatSamples: number[] = [];
const firstSamples: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const registry = ToolRegistry.from(makeTools(PER_ROUND))!;
  let start = performance.now();
  registry.toOpenAITools();
  chatSamples.push(((performance.now() - start) * 1000) / PER_ROUND);
  start = performance.now();
  registry.toOpenAIResponsesTools();
  firstSamples.push(((performance.now() - start) * 1000) / PER_ROUND);
}
const firstUs = median(firstSamples);
figures.push({
  name: "toOpenAIResponsesTools(), first listing (each schema checked for strict mode)",
  value: firstUs,
  unit: "µs/tool",
  baseline: "toOpenAITools() of the same tools (no check)",
  baselineValue: median(chatSamples),
  // A one-time cost per tool definition (a few µs on an idle machine), so only reported.
  target: "report",
});

// 2. Later listings only look the answer up.
const big = ToolRegistry.from(makeTools(10_000))!;
big.toOpenAIResponsesTools();
const againMs = timeMs(() => big.toOpenAIResponsesTools());
figures.push({
  name: "toOpenAIResponsesTools() of 10,000 tools, schemas checked before",
  value: againMs,
  unit: "ms",
  baseline: "toOpenAITools() of the same tools",
  baselineValue: timeMs(() => big.toOpenAITools()),
  target: "< 50 ms",
  ok: againMs < 50,
});

report("@toolgate/registry", figures);
