// Shared reporting for every package benchmark: a readable table on stdout, and one JSON line per
// figure appended to TOOLGATE_BENCH_OUT when it is set (collected by `pnpm bench`).
import { appendFileSync } from "node:fs";

/** One measured figure and the baseline it was measured against in the same process. */
export interface Figure {
  name: string;
  /** toolgate's figure, in `unit`: always a cost (time), so lower is better. */
  value: number;
  unit: string;
  /** What the baseline is ("raw SDK Client.callTool", ...). */
  baseline: string;
  baselineValue: number;
  /** The target, as text ("<= 2x", "< 100 ms", "report"). */
  target: string;
  /** Whether the target is met; absent for figures only reported. */
  ok?: boolean;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Median µs per call of `run` over `rounds` rounds of `perRound` sequential awaited calls: the
 * median keeps a round that the shared machine preempted from moving the figure.
 */
export async function perCall(
  run: () => Promise<unknown>,
  rounds: number,
  perRound: number,
): Promise<number> {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let i = 0; i < perRound; i++) await run();
    samples.push(((performance.now() - start) * 1000) / perRound);
  }
  return median(samples);
}

const round = (value: number) => Number(value.toPrecision(4));

/** Prints the figures as a table (ratio = value / baseline) and appends them as JSON lines. */
export function report(packageName: string, figures: readonly Figure[]): void {
  const rows = figures.map((f) => [
    f.name,
    `${round(f.value)} ${f.unit}`,
    `${round(f.baselineValue)} ${f.unit}`,
    `${(f.value / f.baselineValue).toFixed(2)}x`,
    f.target,
    f.ok === undefined ? "" : f.ok ? "ok" : "MISSED",
  ]);
  const header = ["figure", "toolgate", "baseline", "ratio", "target", ""];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log([header, ...rows].map(line).join("\n"));
  for (const f of figures) console.log(`  baseline of "${f.name}": ${f.baseline}`);
  const out = process.env.TOOLGATE_BENCH_OUT;
  if (!out) return;
  for (const f of figures) {
    const row = {
      package: packageName,
      name: f.name,
      value: round(f.value),
      unit: f.unit,
      baseline: f.baseline,
      baselineValue: round(f.baselineValue),
      ratio: round(f.value / f.baselineValue),
      target: f.target,
      ...(f.ok === undefined ? {} : { ok: f.ok }),
    };
    appendFileSync(out, `${JSON.stringify(row)}\n`);
  }
}
