// `pnpm bench`: runs every package's benchmarks one after another (never in parallel: they would
// disturb each other's figures), then prints one table of all figures and writes it to
// bench/results.json with the date and machine.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "toolgate-bench-"));
const out = join(work, "rows.jsonl");
writeFileSync(out, "");

for (const dir of readdirSync(join(root, "packages")).sort()) {
  const benchDir = join(root, "packages", dir, "bench");
  if (!existsSync(benchDir)) continue;
  console.log(`\n## packages/${dir}`);
  execFileSync("pnpm", ["run", "bench"], {
    cwd: join(root, "packages", dir),
    stdio: "inherit",
    env: { ...process.env, TOOLGATE_BENCH_OUT: out },
  });
}

const rows = readFileSync(out, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));
rmSync(work, { recursive: true, force: true });

const format = (value) =>
  typeof value === "number" ? Number(value.toPrecision(3)).toString() : (value ?? "");
const header = [
  "package",
  "figure",
  "value",
  "unit",
  "baseline",
  "baseline value",
  "ratio",
  "target",
  "met?",
];
const table = rows.map((row) => [
  row.package.replace("@toolgate/", ""),
  row.name,
  format(row.value),
  row.unit,
  row.baseline ?? "",
  format(row.baselineValue),
  row.ratio === undefined ? "" : `${format(row.ratio)}x`,
  row.target ?? "",
  row.ok === undefined ? "" : row.ok ? "met" : "MISSED",
]);
const lines = [header, header.map(() => "---"), ...table].map(
  (cells) => `| ${cells.join(" | ")} |`,
);
console.log(`\n${lines.join("\n")}`);

const machine = `${cpus().length} x ${cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}`;
const results = { date: new Date().toISOString(), machine, rows };
writeFileSync(join(root, "bench", "results.json"), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${rows.length} figures written to bench/results.json (${machine})`);
