// Speed of a call through the adapter, measured in one process against the SDK's own tool path
// and the registry's execute (see bench/README.md at the repository root). Issue 13's bar: a call
// through the adapter costs at most the framework's own tool path plus 1.5x the registry's
// execute. Run with `pnpm --filter @toolgate/openai-agents bench` after building: it imports the
// built package, like a user.
//
// "A call" is what the SDK's runner does per function call once the model asked for it: parse
// the arguments (JSON.parse, or the parameters' parse), ask needsApproval, invoke the tool (with
// invokeFunctionTool, as the runner does) and, for a tool that has one, run its
// customDataExtractor. The model and the rest of the loop cost the same for both tools.
import { type FunctionTool, invokeFunctionTool, RunContext, tool } from "@openai/agents-core";
import { toAgentTools } from "@toolgate/openai-agents";
import { ToolRegistry } from "@toolgate/registry";
import { tool as toolgateTool } from "@toolgate/tool-core";
import { type Figure, median, perCall, report } from "../../../bench/report.js";

const PACKAGE = "@toolgate/openai-agents";
const json = '{"a": 2, "b": 3}';
const schema = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  additionalProperties: false,
} as const;
// The same schema as the SDK's types want it for `strict: false` (a mutable list, and
// `additionalProperties: true`, which its non-strict type demands).
const sdkSchema = {
  type: "object" as const,
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  additionalProperties: true as const,
};
const addition = (args: { a: number; b: number }) => String(args.a + args.b);

// The SDK's own function tool, doing the same work (no validation: the SDK only parses JSON).
const native = tool({
  name: "add",
  description: "Adds two numbers.",
  parameters: sdkSchema,
  strict: false,
  execute: (args) => addition(args as { a: number; b: number }),
});

const registry = new ToolRegistry();
registry.register(
  toolgateTool({
    name: "add",
    description: "Adds two numbers.",
    parameters: schema,
    hints: { readOnly: true },
    execute: (args) => addition(args as { a: number; b: number }),
  }),
);
const [adapted] = toAgentTools(registry);
if (adapted === undefined) throw new Error("no tool");

const runContext = new RunContext();
let counter = 0;

/** One call the way the runner makes it; `parse` is the runner's argument parsing for `t`. */
async function sdkCall(t: FunctionTool, parse: (text: string) => unknown): Promise<unknown> {
  const callId = `call_${counter++}`;
  const toolCall = { type: "function_call" as const, callId, name: "add", arguments: json };
  const parsed = parse(json);
  if (await t.needsApproval(runContext, parsed as never, callId)) throw new Error("asked");
  const output = await invokeFunctionTool({
    tool: t,
    runContext,
    input: json,
    details: { toolCall },
  });
  await t.customDataExtractor?.({
    runContext,
    tool: t,
    toolCall,
    input: parsed,
    output,
    rawItem: {} as never,
  });
  return output;
}

const adaptedParse = (adapted.parameters as unknown as { parse(text: string): unknown }).parse;
// The SDK types a tool by its schema; the runner handles every tool alike, so this call does too.
const viaNative = () => sdkCall(native as unknown as FunctionTool, JSON.parse);
const viaAdapter = () => sdkCall(adapted, adaptedParse);
const viaRegistry = () => registry.execute("add", json);

for (const [name, run] of [
  ["native", viaNative],
  ["adapter", viaAdapter],
] as const) {
  if (String(await run()) !== "5") throw new Error(`unexpected ${name} result`);
}
if ((await viaRegistry()).text !== "5") throw new Error("unexpected registry result");
for (let warm = 0; warm < 3; warm++) {
  for (const run of [viaNative, viaAdapter, viaRegistry]) await perCall(run, 3, 5_000);
}
// Short rounds, interleaved: a preemption on a shared machine spoils one round of each alike.
const nativeSamples: number[] = [];
const adapterSamples: number[] = [];
const registrySamples: number[] = [];
for (let i = 0; i < 801; i++) {
  nativeSamples.push(await perCall(viaNative, 1, 100));
  adapterSamples.push(await perCall(viaAdapter, 1, 100));
  registrySamples.push(await perCall(viaRegistry, 1, 100));
}
const nativeUs = median(nativeSamples);
const adapterUs = median(adapterSamples);
const registryUs = median(registrySamples);
const bound = nativeUs + 1.5 * registryUs;

const figures: Figure[] = [
  {
    name: "a call through toAgentTools (parse, needsApproval = check, invoke = execute, customData)",
    value: adapterUs,
    unit: "µs/call",
    baseline: `the SDK's own tool path (${nativeUs.toFixed(2)} µs) + 1.5x registry.execute (${registryUs.toFixed(2)} µs)`,
    baselineValue: bound,
    target: "<= 1x",
    ok: adapterUs <= bound,
  },
  {
    name: "the SDK's own function tool, same path",
    value: nativeUs,
    unit: "µs/call",
    baseline: "registry.execute of the same call",
    baselineValue: registryUs,
    target: "report",
  },
];
report(PACKAGE, figures);
