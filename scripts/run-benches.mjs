// Runs every bench/*.bench.ts of the package in the current folder, one after another, with tsx.
// Each benchmark prints its own table and, when TOOLGATE_BENCH_OUT is set, appends its rows
// there as JSON lines (see bench/README.md at the repository root).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const dir = join(process.cwd(), "bench");
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith(".bench.ts"))
      .sort()
  : [];
for (const file of files) {
  console.log(`\n# ${file}`);
  execFileSync("tsx", [join(dir, file)], { stdio: "inherit" });
}
