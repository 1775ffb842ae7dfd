// Everything exported here is the public API of @toolgate/registry.
export type { ApprovalKeyInput } from "./approval/approval-key.js";
export type { ApprovalLedger } from "./approval/approval-ledger.js";
export type { ApprovalOptions } from "./approval/approval-options.js";
export type { GrantRefusalReason, PendingRefusalReason } from "./approval/approval-refusal.js";
export type {
  ApproveOptions,
  ApproveRefusalReason,
  ApproveResult,
  DeclineOptions,
} from "./approval/approve-result.js";
export type { GrantClaims } from "./approval/grant-token.js";
export {
  InMemoryApprovalLedger,
  type InMemoryApprovalLedgerOptions,
} from "./approval/in-memory-approval-ledger.js";
export type { PendingApproval } from "./approval/pending-approval.js";
export type {
  CheckNeedsApproval,
  CheckOptions,
  CheckReady,
  CheckRefused,
  CheckResult,
  CheckResultBase,
} from "./check-result.js";
export {
  type ConfirmationPolicy,
  type ConfirmationRequest,
  type ConfirmCallback,
  type ConfirmUnlessReadOnlyOptions,
  confirmUnlessReadOnly,
} from "./confirmation.js";
export {
  createExternalContentGuard,
  defaultExternalContentGuard,
  type ExternalContentGuard,
} from "./external-content-guard.js";
export { LinearPatternError } from "./linear-pattern-error.js";
export {
  executeOpenAIResponsesFunctionCalls,
  type OpenAIFunctionCallOutput,
  type OpenAIResponsesCallsResult,
  type OpenAIResponsesItem,
} from "./openai-responses-calls.js";
export {
  type AnthropicTool,
  type OpenAIFunctionTool,
  type OpenAIResponsesFunctionTool,
  type OpenAIResponsesToolOptions,
  type ProviderInputSchema,
  toAnthropicTool,
  toOpenAIResponsesTool,
  toOpenAITool,
} from "./provider-formats.js";
export {
  type AnthropicContentBlock,
  type AnthropicToolResultBlock,
  type AnthropicToolUsesResult,
  executeAnthropicToolUses,
  executeOpenAIToolCalls,
  type OpenAIToolCall,
  type OpenAIToolCallsResult,
  type OpenAIToolMessage,
  type PendingToolCall,
  type ToolCallRunner,
} from "./provider-messages.js";
export { REGISTRY_ERROR_CODES, type RegistryErrorCode } from "./registry-error-codes.js";
export type {
  ApprovalRefusedReason,
  ToolApprovalRefusedEvent,
  ToolApprovalRequestedEvent,
  ToolApprovedEvent,
  ToolApproveRefusedEvent,
  ToolDeclinedEvent,
  ToolDeniedEvent,
  ToolEndEvent,
  ToolEvent,
  ToolEventBase,
  ToolFailedEvent,
  ToolGrantUsedEvent,
  ToolInvalidEvent,
  ToolProgressEvent,
  ToolRejectedEvent,
  ToolStartEvent,
} from "./tool-event.js";
export {
  type PermissionRule,
  ToolPermissions,
  type ToolPermissionsOptions,
} from "./tool-permissions.js";
export { ToolRegistrationError } from "./tool-registration-error.js";
export {
  type ExecuteOptions,
  type ExecutionResult,
  type RegisterAllOptions,
  type RegisterOptions,
  type ToolCall,
  ToolRegistry,
  type ToolRegistryOptions,
} from "./tool-registry.js";
export type {
  AnthropicBm25ToolSearchTool,
  AnthropicDeferredTool,
  AnthropicNativeSearchEntry,
  AnthropicNativeSearchOptions,
  AnthropicRegexToolSearchTool,
  AnthropicToolSearchTool,
} from "./tool-search/anthropic-tool-search.js";
export {
  estimateTokens,
  estimateToolListTokens,
  estimateToolTokens,
  type TokenEstimateFormat,
} from "./tool-search/estimate-tokens.js";
export { type ToolListOptions, ToolScope } from "./tool-search/tool-scope.js";
export type {
  DeferMode,
  ToolSearchMatch,
  ToolSearchOptions,
} from "./tool-search/tool-search-options.js";
export type { ToolTracingOptions } from "./tool-tracing-options.js";
export type { TaintSource, ToolTurn, ToolTurnOptions } from "./tool-turn.js";
