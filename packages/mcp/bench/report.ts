// Shared reporting for the benchmarks of @toolgate/mcp (see bench/README.md at the repository root).
import { appendFileSync } from "node:fs";

const PACKAGE = "@toolgate/mcp";

export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline: string;
  baselineValue: number;
  target: string;
  /** Whether the figure meets its target (undefined: a figure to report, no target). */
  ok?: boolean;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Prints a table and appends JSON lines to TOOLGATE_BENCH_OUT when set. */
export function report(figures: Figure[]): void {
  const rows = figures.map((f) => [
    f.name,
    `${f.value.toFixed(2)} ${f.unit}`,
    `${f.baselineValue.toFixed(2)} ${f.unit}`,
    `${(f.value / f.baselineValue).toFixed(2)}x`,
    f.target,
    f.ok === undefined ? "" : f.ok ? "ok" : "MISSED",
  ]);
  const header = ["figure", "toolgate", "baseline", "ratio", "target", ""];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(`baselines: ${figures.map((f) => `${f.name} ← ${f.baseline}`).join("; ")}`);
  const out = process.env.TOOLGATE_BENCH_OUT;
  if (!out) return;
  for (const f of figures) {
    appendFileSync(
      out,
      `${JSON.stringify({
        package: PACKAGE,
        name: f.name,
        value: round(f.value),
        unit: f.unit,
        baseline: f.baseline,
        baselineValue: round(f.baselineValue),
        ratio: round(f.value / f.baselineValue),
        target: f.target,
      })}\n`,
    );
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
