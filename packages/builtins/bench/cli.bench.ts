// Latency of one command through CLITool against a raw child_process.spawn in the same process
// (see bench/README.md at the repository root). Run with `pnpm --filter @toolgate/builtins bench`
// after building: it imports the built package, like a user.
import { spawn } from "node:child_process";
import { CLITool } from "@toolgate/builtins";
import { median, report } from "../../../bench/report.js";

const PACKAGE = "@toolgate/builtins";
const TARGET = 1.2;

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

report(PACKAGE, [
  {
    name: "cli: `echo hi` (parse, policy, PATH lookup, process group, capped output)",
    value: toolMs,
    unit: "ms/call",
    baseline: "child_process.spawn('echo', ['hi']) awaiting exit",
    baselineValue: rawMs,
    target: `<= ${TARGET}x`,
    ok: toolMs <= TARGET * rawMs,
  },
]);
