// Mutation testing of the safety-check files: `pnpm mutation` (slow, so not part of CI).
// One file: `pnpm mutation --mutate <file>` or MUTATE=<file>[,<file>...] pnpm mutation.
// In-place mode rewrites the source files while it runs: run it in a separate clone, never in
// a working tree someone is editing. Scores per file go in docs/mutation.md.

// Each file with the test files that exercise it in-process: its own tests, and for files that
// only make sense inside a tool, that tool's tests. Tests that spawn processes (stdio, HTTP, the
// toolgate-mcp command) would make a run take hours and mostly test other code.
const cliTests = ["packages/builtins/src/cli/**/*.test.ts"];
const registryTests = ["packages/registry/src/*.test.ts"];
const mcp = (...tests) => tests.map((test) => `packages/mcp/src/${test}.test.ts`);
const safetyCheckFiles = {
  "packages/builtins/src/cli/arg-policy.ts": cliTests,
  "packages/builtins/src/cli/internal/option-scan.ts": cliTests,
  "packages/builtins/src/cli/internal/git-hardening.ts": cliTests,
  "packages/builtins/src/cli/internal/git-submodule-check.ts": cliTests,
  "packages/builtins/src/cli/internal/sed-script.ts": cliTests,
  "packages/builtins/src/notes/internal/note-path.ts": [
    "packages/builtins/src/notes/internal/{note-path,confined-fs}.test.ts",
  ],
  "packages/builtins/src/notes/internal/confined-fs.ts": [
    "packages/builtins/src/notes/internal/confined-fs.test.ts",
  ],
  "packages/registry/src/tool-permissions.ts": registryTests,
  "packages/registry/src/internal/argument-validation.ts": [
    ...registryTests,
    "packages/registry/src/internal/{argument-validation,linear-pattern}.test.ts",
  ],
  "packages/registry/src/external-content-guard.ts": registryTests,
  "packages/registry/src/internal/marker-look-alikes.ts": [
    "packages/registry/src/{internal/marker-look-alikes,external-content-guard}.test.ts",
  ],
  "packages/registry/src/internal/linear-pattern.ts": [
    "packages/registry/src/internal/{linear-pattern,argument-validation}.test.ts",
  ],
  "packages/mcp/src/sanitize-description.ts": mcp(
    "sanitize-description",
    "internal/sanitize-schema",
  ),
  "packages/mcp/src/sanitize-tool-name.ts": mcp("sanitize-tool-name"),
  "packages/mcp/src/internal/sanitize-schema.ts": mcp("internal/sanitize-schema", "mcp-client"),
  "packages/mcp/src/fingerprint-tool.ts": mcp(
    "fingerprint-tool",
    "toolgate-mcp-command/verify",
    "toolgate-mcp-command/lock-file",
  ),
  "packages/mcp/src/internal/canonical-json.ts": mcp("internal/canonical-json", "fingerprint-tool"),
};

// Files whose lookup tables are built lazily (see coverageAnalysis below).
const lazyTableFiles = new Set(["packages/registry/src/internal/marker-look-alikes.ts"]);

/** The files named by `--mutate a,b` (or `-m`) on the command line or by MUTATE=a,b. */
function chosenFiles() {
  const flag = process.argv.findIndex((arg) => arg === "--mutate" || arg === "-m");
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: read by Stryker, not by a turbo task
  const list = flag >= 0 ? process.argv[flag + 1] : process.env.MUTATE;
  const files = (list ?? "")
    .split(",")
    .map((file) => file.trim())
    .filter((file) => file !== "");
  return files.length > 0 ? files : Object.keys(safetyCheckFiles);
}

const mutate = chosenFiles();
// Another file gets its package's in-process tests; vitest's related mode narrows them further.
const testFiles = [
  ...new Set(
    mutate.flatMap(
      (file) =>
        safetyCheckFiles[file] ?? [`${file.split("/").slice(0, 2).join("/")}/src/**/*.test.ts`],
    ),
  ),
];

// Read by stryker.vitest.config.mjs in the test runner processes, which inherit this environment.
process.env.TOOLGATE_MUTATION_TESTS = JSON.stringify(testFiles);

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // Named here because pnpm does not place the runner where Stryker's default plugin glob looks.
  plugins: ["@stryker-mutator/vitest-runner"],
  // Tests import packages' source through workspace links, which a sandbox copy would break.
  inPlace: true,
  // In-place mode keeps type checks on: "// @ts-nocheck" is not needed when vitest strips types.
  disableTypeChecks: false,
  // Vitest's related mode runs only the test files that import the mutated file.
  vitest: { configFile: "stryker.vitest.config.mjs", related: true },
  // Per-test coverage credits a table built on first use to the one test that happened to build
  // it, so its mutants would run against that test only: such files run every chosen test against
  // every mutant (no coverage analysis).
  coverageAnalysis: mutate.some((file) => lazyTableFiles.has(file)) ? "off" : "perTest",
  mutate,
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: {
    allowColor: false,
    logTests: false,
    reportMutants: true,
    reportScoreTable: true,
  },
  tempDirName: ".stryker-tmp",
  thresholds: { high: 90, low: 80, break: null },
};
