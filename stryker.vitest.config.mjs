import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The vitest config for `pnpm mutation` (stryker.config.mjs): the root config, running only the
// test files stryker.config.mjs chose for the files being mutated. Stryker's own `testFiles`
// option is not used: with it, Stryker 9.6 never activates static mutants (module-level
// constants), so every one of them would survive.
// biome-ignore lint/suspicious/noUndeclaredEnvVars: set by stryker.config.mjs, not a turbo task
const chosen = process.env.TOOLGATE_MUTATION_TESTS;

export default defineConfig({
  ...base,
  test: { ...base.test, include: chosen ? JSON.parse(chosen) : base.test?.include },
});
