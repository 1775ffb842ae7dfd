// @toolgate/tool-core/internal: plumbing shared by toolgate's own packages (the registry, mcp,
// builtins). Outside semver: any release may change or remove these. Apps import from
// "@toolgate/tool-core" only.

export { canonicalJson } from "./internal/canonical-json.js";
export { clip } from "./internal/clip.js";
export { cutWithMarker, type MarkedCut } from "./internal/cut-with-marker.js";
export { isRecord } from "./internal/is-record.js";
export { minimalEnv } from "./internal/minimal-env.js";
export {
  callAbortController,
  isCallScoped,
  isNeverAborted,
  NEVER_ABORTED_SIGNAL,
} from "./internal/signal-scope.js";
export { MAX_TIMER_MS, timeoutOption } from "./internal/timeout-option.js";
