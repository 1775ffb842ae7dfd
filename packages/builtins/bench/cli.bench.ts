// Latency of one command through CLITool against a raw child_process.spawn in the same process
// (see bench/README.md at the repository root). Run with `pnpm --filter @toolgate/builtins bench`
// after building: it imports the built package, like a user.
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { CLITool } from "@toolgate/builtins";

const PACKAGE = "@toolgate/builtins";
const TARGET = 1.2;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

// The baseline: what a careless caller would write, awaiting the child's exit.
function rawSpawn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("echo", ["hi"]);
    child.stdout.resume();
    child.once("error", reject);
    child.once("exit", () => resolve());
  });
}

const tool = new CLITool({ allowedCommands: ["echo"] });
const signal = new AbortController().signal;
async function viaTool(): Promise<void> {
  const response = await tool.run({ command: "echo hi" }, { signal });
  if (response.text !== "hi\n") throw new Error(`unexpected result ${response.text}`);
}

/** Median ms of one call over `calls` sequential awaited calls. */
async function sample(run: () => Promise<void>, calls: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

for (let warm = 0; warm < 2; warm++) {
  await sample(rawSpawn, 10);
  await sample(viaTool, 10);
}
// Interleave rounds so drift on a noisy machine hits both alike.
const raw: number[] = [];
const through: number[] = [];
for (let round = 0; round < 11; round++) {
  raw.push(await sample(rawSpawn, 25));
  through.push(await sample(viaTool, 25));
}
const rawMs = median(raw);
const toolMs = median(through);
const ratio = toolMs / rawMs;

const name = "cli: `echo hi` (parse, policy, PATH lookup, process group, capped output)";
const baseline = "child_process.spawn('echo', ['hi']) awaiting exit";
console.log(
  [
    ["figure", "toolgate", "baseline", "ratio", "target", ""],
    [
      name,
      `${toolMs.toFixed(3)} ms`,
      `${rawMs.toFixed(3)} ms`,
      `${ratio.toFixed(2)}x`,
      `<= ${TARGET}x`,
      ratio <= TARGET ? "ok" : "MISSED",
    ],
  ]
    .map((row) => row.join("  |  "))
    .join("\n"),
);
console.log(`baseline: ${baseline}`);

const out = process.env.TOOLGATE_BENCH_OUT;
if (out) {
  appendFileSync(
    out,
    `${JSON.stringify({
      package: PACKAGE,
      name,
      value: round(toolMs),
      unit: "ms/call",
      baseline,
      baselineValue: round(rawMs),
      ratio: round(ratio),
      target: `<= ${TARGET}x`,
    })}\n`,
  );
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
