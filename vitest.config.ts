import { defineConfig } from "vitest/config";

// Tests import each package's TypeScript source through the "@toolgate/source" export
// condition, so they run without a build; published users get dist/.
const conditions = ["@toolgate/source", "import", "module", "node", "default"];

// Vitest hands the SSR conditions to Node too (`--conditions`), where "module" would make
// `require` load bundler-only builds (OpenTelemetry's ESM build has extensionless imports).
const nodeConditions = conditions.filter((condition) => condition !== "module");

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: nodeConditions } },
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
    reporters: ["default", "json"],
    outputFile: { json: ".vitest-report.json" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
