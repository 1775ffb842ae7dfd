// Calculator throughput against mathjs `evaluate` and expr-eval `Parser.evaluate` on the same
// 1,000 expressions (see bench/README.md at the repository root). Run with
// `pnpm --filter @toolgate/builtins bench` after building: it imports the built package, like a user.
// Every expression is different, so no evaluator can answer from a cache; none of the three keeps
// one between calls anyway, so the timed passes repeat the same fixed set.
import { CalculatorTool } from "@toolgate/builtins";
import { Parser } from "expr-eval";
import { evaluate } from "mathjs";
import { median, report } from "../../../bench/report.js";

const PACKAGE = "@toolgate/builtins";
const COUNT = 1000;
const ROUNDS = 25;
const WARM_UP = 10;

// mulberry32: a small seeded generator, so every run measures the same expressions.
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Dialects {
  python: string; // toolgate
  caret: string; // mathjs and expr-eval: `^` for powers
}

// Expressions that mean the same in all three syntaxes: +, -, *, /, a power of a literal,
// sqrt/abs/sin/cos/exp/floor, all operands parenthesised where precedence rules could differ.
function expression(random: () => number, depth: number): Dialects {
  const roll = random();
  if (depth === 0 || roll < 0.2) {
    const text = (1 + random() * 99).toFixed(1 + Math.floor(random() * 3));
    return { python: text, caret: text };
  }
  if (roll < 0.35) {
    const name = ["sqrt", "abs", "sin", "cos", "floor"][Math.floor(random() * 5)]!;
    const inner = expression(random, depth - 1);
    const arg = name === "sqrt" ? (e: string) => `abs(${e})` : (e: string) => e;
    return { python: `${name}(${arg(inner.python)})`, caret: `${name}(${arg(inner.caret)})` };
  }
  if (roll < 0.45) {
    const base = (1 + random() * 9).toFixed(2);
    const exponent = ["2", "3", "0.5"][Math.floor(random() * 3)]!;
    return { python: `${base} ** ${exponent}`, caret: `${base} ^ ${exponent}` };
  }
  const op = ["+", "-", "*", "/"][Math.floor(random() * 4)]!;
  const left = expression(random, depth - 1);
  // a literal divisor keeps every expression free of division by zero
  const right = op === "/" ? expression(random, 0) : expression(random, depth - 1);
  return {
    python: `(${left.python} ${op} ${right.python})`,
    caret: `(${left.caret} ${op} ${right.caret})`,
  };
}

const random = generator(4);
const seen = new Set<string>();
const expressions: Dialects[] = [];
while (expressions.length < COUNT) {
  const e = expression(random, 2 + Math.floor(random() * 3));
  if (!seen.has(e.python)) {
    seen.add(e.python);
    expressions.push(e);
  }
}

const calculator = new CalculatorTool();
const engines: { name: string; run: (e: Dialects) => number }[] = [
  {
    name: "toolgate CalculatorTool.run",
    run: (e) => (calculator.run({ expression: e.python }).data as { value: number }).value,
  },
  { name: "expr-eval Parser.evaluate", run: (e) => Parser.evaluate(e.caret) },
  { name: "mathjs evaluate", run: (e) => evaluate(e.caret) as number },
];

// The three must agree, or the comparison is meaningless.
let disagreements = 0;
for (const e of expressions) {
  const [ours, ...others] = engines.map((engine) => engine.run(e));
  for (const other of others) {
    if (!(Math.abs(ours! - other) <= 1e-9 * Math.max(1, Math.abs(other)))) disagreements++;
  }
}
if (disagreements > 0) throw new Error(`${disagreements} results differ between the engines`);

function pass(run: (e: Dialects) => number): number {
  const start = performance.now();
  let sink = 0;
  for (const e of expressions) sink += run(e);
  const ms = performance.now() - start;
  if (Number.isNaN(sink)) throw new Error("NaN result");
  return ms;
}

for (const engine of engines) for (let i = 0; i < WARM_UP; i++) pass(engine.run);
const samples = engines.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round++) {
  // rotate the order so no engine always runs first or last
  for (let k = 0; k < engines.length; k++) {
    const index = (round + k) % engines.length;
    samples[index]!.push(pass(engines[index]!.run));
  }
}
const perSecond = samples.map((s) => COUNT / (median(s) / 1000));
const [ours, exprEval, mathjs] = perSecond as [number, number, number];

const rows = engines.map((engine, i) => [
  engine.name,
  Math.round(perSecond[i]!).toLocaleString("en-US"),
  `${(perSecond[i]! / ours).toFixed(2)}x`,
]);
const header = ["evaluator", "expressions/s", "vs toolgate"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
console.log(`${COUNT} distinct expressions, median of ${ROUNDS} passes, all results agree`);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  `toolgate is ${(ours / exprEval).toFixed(2)}x expr-eval (target > 1x) and ${(ours / mathjs).toFixed(2)}x mathjs (target >= 5x)`,
);

// Reported as time per expression, so that every ratio in the table reads "lower is better".
const microsPerExpression = (perSec: number) => 1e6 / perSec;
report(PACKAGE, [
  {
    name: "calculator, 1,000 distinct expressions (vs expr-eval)",
    value: microsPerExpression(ours),
    unit: "µs/expression",
    baseline: "expr-eval Parser.evaluate",
    baselineValue: microsPerExpression(exprEval),
    target: "< 1x",
    ok: ours > exprEval,
  },
  {
    name: "calculator, 1,000 distinct expressions (vs mathjs)",
    value: microsPerExpression(ours),
    unit: "µs/expression",
    baseline: "mathjs evaluate",
    baselineValue: microsPerExpression(mathjs),
    target: "<= 0.2x",
    ok: ours >= 5 * mathjs,
  },
]);
