import { defineConfig } from "vitest/config";

// Tests import each package's TypeScript source through the "@toolgate/source" export
// condition, so they run without a build; published users get dist/.
const conditions = ["@toolgate/source", "import", "module", "node", "default"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
    reporters: ["default", "json"],
    outputFile: { json: ".vitest-report.json" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
