// A call to a tool defined with zod through the channel (ajv on its JSON Schema, then zod's own
// validation), against the same work done by hand: JSON.parse, precompiled ajv on the same JSON
// Schema, the schema's safeParse, a direct call. Same process, interleaved short rounds (see
// execute.bench.ts). Also reported: the channel for the same tool defined with the JSON Schema
// alone, which is what the Standard Schema stage adds to.
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { Ajv } from "ajv";
import { z } from "zod";
import { type Figure, median, perCall, report } from "../../../bench/report.js";

const parameters = z.object({
  a: z.number().refine((n) => n >= 0, "must not be negative"),
  b: z.number(),
});
const addition = (args: { a: number; b: number }) => String(args.a + args.b);
const json = '{"a": 2, "b": 3}';
const zodTool = tool({ name: "add", parameters, execute: addition });
const validate = new Ajv({ allErrors: true, strict: false }).compile(zodTool.inputSchema);

async function baseline(): Promise<string> {
  const args: unknown = JSON.parse(json);
  if (!validate(args)) throw new Error("invalid");
  const parsed = parameters.safeParse(args);
  if (!parsed.success) throw new Error("invalid");
  return await addition(parsed.data);
}

const registry = new ToolRegistry();
registry.register(zodTool);
const viaRegistry = () => registry.execute("add", json);
const plainRegistry = new ToolRegistry();
plainRegistry.register(
  tool({
    name: "add",
    parameters: zodTool.inputSchema,
    execute: (args) => addition(args as { a: number; b: number }),
  }),
);
const viaPlain = () => plainRegistry.execute("add", json);

if ((await viaRegistry()).text !== "5" || (await viaPlain()).text !== "5") {
  throw new Error("unexpected result");
}
for (let warm = 0; warm < 3; warm++) {
  await perCall(baseline, 1, 20_000);
  await perCall(viaRegistry, 1, 20_000);
  await perCall(viaPlain, 1, 20_000);
}
const baseSamples: number[] = [];
const registrySamples: number[] = [];
const plainSamples: number[] = [];
for (let i = 0; i < 1001; i++) {
  baseSamples.push(await perCall(baseline, 1, 200));
  registrySamples.push(await perCall(viaRegistry, 1, 200));
  plainSamples.push(await perCall(viaPlain, 1, 200));
}
const baseUs = median(baseSamples);
const registryUs = median(registrySamples);
const plainUs = median(plainSamples);
const figures: Figure[] = [
  {
    name: "execute of a zod tool (JSON args, ajv, zod's validate)",
    value: registryUs,
    unit: "µs/call",
    baseline: "JSON.parse + ajv + zod safeParse + direct call",
    baselineValue: baseUs,
    target: "<= 2x",
    ok: registryUs <= 2 * baseUs,
  },
  {
    name: "execute of a zod tool (the Standard Schema stage's share)",
    value: registryUs,
    unit: "µs/call",
    baseline: "execute of the same tool defined with its JSON Schema alone",
    baselineValue: plainUs,
    target: "report",
  },
];
report("@toolgate/registry", figures);
