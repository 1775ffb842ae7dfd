// Prints the plain closing line CI reads ("N passed, N failed") from vitest's JSON report.
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync(new URL("../.vitest-report.json", import.meta.url), "utf8"));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
);
process.exitCode = report.numFailedTests === 0 && report.numTotalTests > 0 ? 0 : 1;
