// Speed of a call through @toolgate/langchain against LangChain's own tool path and the
// registry's execute, all three in the same process (see bench/README.md at the repository root).
// Run with `pnpm --filter @toolgate/langchain bench` after building: it imports the built
// package, like a user. Issue 13's bar: adapter <= LangChain's tool path + 1.5x execute.
import { tool as langchainTool, StructuredTool } from "@langchain/core/tools";
import { interrupt } from "@langchain/langgraph";
import { toLangChainTools } from "@toolgate/langchain";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { type Figure, median, perCall, report } from "../../../bench/report.js";

const schema = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  additionalProperties: false,
} as const;
const addition = (args: { a: number; b: number }) => String(args.a + args.b);
const args = { a: 2, b: 3 };
const call = { name: "add", args, id: "call_1", type: "tool_call" } as const;

// LangChain's own path: a tool with the same JSON Schema (LangChain validates it), as a ToolNode
// invokes it with the model's tool call, answering a ToolMessage.
const plain = langchainTool((input) => addition(input as { a: number; b: number }), {
  name: "add",
  description: "Adds two numbers.",
  schema: structuredClone(schema),
});
const viaLangChain = () => plain.invoke(call);
// The same with a schema that accepts anything: LangChain's path without its schema check (the
// check is what the adapter skips, since the channel validates).
const unchecked = langchainTool((input) => addition(input as { a: number; b: number }), {
  name: "add",
  description: "Adds two numbers.",
  schema: { type: "object" },
});
const viaUnchecked = () => unchecked.invoke(call);
// LangChain's leanest path: a StructuredTool subclass (no tool() wrapper), schema accepting anything.
class Bare extends StructuredTool {
  override name = "add";
  override description = "Adds two numbers.";
  override schema = { type: "object" as const };
  protected override async _call(input: { a: number; b: number }): Promise<string> {
    return addition(input);
  }
}
const bare = new Bare();
const viaBare = () => bare.invoke(call);

const registry = new ToolRegistry();
registry.register(
  tool({ name: "add", parameters: schema, execute: (input) => addition(input as never) }),
);
const viaExecute = () => registry.execute("add", args);

// The adapter as the README sets it up: with LangGraph's interrupt, so each call is checked first.
const [adapted] = toLangChainTools(registry, { interrupt });
if (adapted === undefined) throw new Error("no tool");
const viaAdapter = () => adapted.invoke(call);

for (const [name, run] of [
  ["LangChain", viaLangChain],
  ["LangChain unchecked", viaUnchecked],
  ["LangChain subclass", viaBare],
  ["execute", viaExecute],
  ["adapter", viaAdapter],
] as const) {
  const answer = (await run()) as { content?: unknown; text?: unknown; status?: unknown };
  if ((answer.content ?? answer.text) !== "5") throw new Error(`${name}: unexpected ${answer}`);
}
for (let warm = 0; warm < 3; warm++) {
  await perCall(viaLangChain, 3, 2_000);
  await perCall(viaUnchecked, 3, 2_000);
  await perCall(viaBare, 3, 2_000);
  await perCall(viaExecute, 3, 2_000);
  await perCall(viaAdapter, 3, 2_000);
}
// Short rounds, interleaved: a preemption on a shared machine spoils one round of each alike.
const langchainSamples: number[] = [];
const executeSamples: number[] = [];
const adapterSamples: number[] = [];
const uncheckedSamples: number[] = [];
const bareSamples: number[] = [];
for (let i = 0; i < 401; i++) {
  bareSamples.push(await perCall(viaBare, 1, 50));
  langchainSamples.push(await perCall(viaLangChain, 1, 50));
  uncheckedSamples.push(await perCall(viaUnchecked, 1, 50));
  executeSamples.push(await perCall(viaExecute, 1, 50));
  adapterSamples.push(await perCall(viaAdapter, 1, 50));
}
const langchainUs = median(langchainSamples);
const executeUs = median(executeSamples);
const adapterUs = median(adapterSamples);
const uncheckedUs = median(uncheckedSamples);
const bareUs = median(bareSamples);
const budget = langchainUs + 1.5 * executeUs;

const figures: Figure[] = [
  {
    name: "a call through toLangChainTools (check, execute, ToolMessage)",
    value: adapterUs,
    unit: "µs/call",
    baseline:
      "LangChain's tool path (tool() with the JSON Schema, invoke with a tool call) + 1.5x registry.execute",
    baselineValue: budget,
    target: "<= 1x",
    ok: adapterUs <= budget,
  },
  {
    name: "a call through toLangChainTools, against LangChain without its schema check",
    value: adapterUs,
    unit: "µs/call",
    baseline: "LangChain's tool path with a schema that accepts anything + 1.5x registry.execute",
    baselineValue: uncheckedUs + 1.5 * executeUs,
    target: "report",
  },
  {
    name: "a call through toLangChainTools, against a bare StructuredTool subclass",
    value: adapterUs,
    unit: "µs/call",
    baseline:
      "a StructuredTool subclass (no tool() wrapper, no schema check) + 1.5x registry.execute",
    baselineValue: bareUs + 1.5 * executeUs,
    target: "report",
  },
  {
    name: "LangChain's tool path alone",
    value: langchainUs,
    unit: "µs/call",
    baseline: "registry.execute of the same call",
    baselineValue: executeUs,
    target: "report",
  },
];
report("@toolgate/langchain", figures);
