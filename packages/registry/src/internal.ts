// @toolgate/registry/internal: plumbing shared with toolgate's own packages (mcp checks a
// server's patterns with the registry's own rule). Outside semver: any release may change or
// remove these. Apps import from "@toolgate/registry" only.
// The approval primitives (issue 12): the registry's approve/decline/execute use them; these
// stay here for toolgate's own packages and tests, not for apps.
export { approvalKey } from "./approval/approval-key.js";
export type { ApprovalRefusal } from "./approval/approval-refusal.js";
export { argumentsDigest } from "./approval/arguments-digest.js";
export {
  type ApprovedDefinition,
  definitionFingerprint,
} from "./approval/definition-fingerprint.js";
export { type GrantOptions, grantToken } from "./approval/grant-token.js";
export {
  DEFAULT_APPROVAL_TTL_MS,
  issuePending,
  type PendingFields,
} from "./approval/issue-pending.js";
export { type ExpectedGrant, type GrantCheck, verifyGrant } from "./approval/verify-grant.js";
export { type PendingCheck, verifyPending } from "./approval/verify-pending.js";
// Adapters keep a tool that is not `parallel` from overlapping other calls in a framework's loop.
export { CallGate } from "./internal/call-gate.js";
export { linearPatternProblem } from "./internal/linear-pattern.js";
// The MCP client skips its spans as the registry does when no tracer provider is registered.
export { globalTracerProviderRegistered } from "./internal/tracing/opentelemetry-api.js";
