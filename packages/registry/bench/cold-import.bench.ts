// Cold start: how long a fresh Node process takes to import @toolgate/registry (with tool-core),
// against importing ajv + ajv-formats, the validator it is built on. Every sample is a new `node`
// process (nothing cached in memory), the two sides alternate so that a busy machine slows both
// alike, and the figure is the median. Each process times only its own imports, so Node's own
// start-up, the same for both sides, does not dilute the ratio. Run after building: the processes
// import the built package from this folder, as a user's code would.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { type Figure, median, report } from "../../../bench/report.js";

const PACKAGE = "@toolgate/registry";
const HERE = join(import.meta.dirname, "..");
const RUNS = 41;

// A schema with a `format`, so the first-call figure includes loading ajv-formats on both sides.
const SCHEMA = JSON.stringify({
  type: "object",
  properties: {
    a: { type: "number" },
    b: { type: "number" },
    at: { type: "string", format: "date" },
  },
  required: ["a", "b"],
  additionalProperties: false,
});
const ARGS = JSON.stringify('{"a": 2, "b": 3, "at": "2026-11-30"}');

/** Module code that times `body` from its first line and prints the milliseconds it took. */
const timed = (body: string) =>
  `const start = performance.now();\n${body}\nprocess.stdout.write(String(performance.now() - start));`;

const sides = {
  ajvImport: timed(`await import("ajv"); await import("ajv-formats");`),
  registryImport: timed(`await import("@toolgate/registry");`),
  ajvFirstCall: timed(`
    const { Ajv } = await import("ajv");
    const addFormats = (await import("ajv-formats")).default;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(${SCHEMA});
    const args = JSON.parse(${ARGS});
    if (!validate(args)) throw new Error("invalid");
    if (String(args.a + args.b) !== "5") throw new Error("wrong sum");`),
  registryFirstCall: timed(`
    const { ToolRegistry } = await import("@toolgate/registry");
    const { tool } = await import("@toolgate/tool-core");
    const registry = new ToolRegistry();
    registry.register(tool({ name: "add", parameters: ${SCHEMA}, execute: (args) => String(args.a + args.b) }));
    const result = await registry.execute("add", ${ARGS});
    if (result.text !== "5") throw new Error("unexpected result " + result.text);`),
};
type Side = keyof typeof sides;

function sample(side: Side): number {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", sides[side]], {
    cwd: HERE,
    encoding: "utf8",
  });
  const ms = Number(out);
  if (!Number.isFinite(ms)) throw new Error(`${side} printed ${JSON.stringify(out)}`);
  return ms;
}

const order = Object.keys(sides) as Side[];
const samples = Object.fromEntries(order.map((side) => [side, [] as number[]])) as Record<
  Side,
  number[]
>;
// One of each first (warms the disk cache, discarded), then alternate, reversing the order every
// round so no side always runs right after another.
for (const side of order) sample(side);
for (let run = 0; run < RUNS; run++) {
  for (const side of run % 2 === 0 ? order : [...order].reverse()) {
    samples[side].push(sample(side));
  }
}

const figures: Figure[] = [];
const registryMs = median(samples.registryImport);
const ajvMs = median(samples.ajvImport);
figures.push({
  name: "cold import of @toolgate/registry with tool-core (fresh node process)",
  value: registryMs,
  unit: "ms",
  baseline: "cold import of ajv + ajv-formats (fresh node process)",
  baselineValue: ajvMs,
  target: "<= 1.3x",
  ok: registryMs <= 1.3 * ajvMs,
});
// The validator loads on first use, so the import alone does not tell the whole story: this is
// what a process pays before its first validated call.
figures.push({
  name: "cold import + first execute with a validated schema using `format`",
  value: median(samples.registryFirstCall),
  unit: "ms",
  baseline: "cold import of ajv + ajv-formats, compile, validate, call",
  baselineValue: median(samples.ajvFirstCall),
  target: "report",
});

report(PACKAGE, figures);
