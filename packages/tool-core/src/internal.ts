// @toolgate/tool-core/internal: plumbing shared by toolgate's own packages (the registry, mcp,
// builtins). Outside semver: any release may change or remove these. Apps import from
// "@toolgate/tool-core" only.
export {
  callAbortController,
  isCallScoped,
  isNeverAborted,
  NEVER_ABORTED_SIGNAL,
} from "./signal-scope.js";
export { brandError } from "./toolgate-error.js";
