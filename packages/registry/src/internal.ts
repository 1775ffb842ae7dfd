// @toolgate/registry/internal: plumbing shared with toolgate's own packages (mcp checks a
// server's patterns with the registry's own rule). Outside semver: any release may change or
// remove these. Apps import from "@toolgate/registry" only.
export { linearPatternProblem } from "./internal/linear-pattern.js";
