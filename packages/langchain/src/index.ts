// Everything exported here is the public API of @toolgate/langchain.
export { LANGCHAIN_ERROR_CODES } from "./langchain-error-codes.js";
export { type LangChainToolsOptions, toLangChainTools } from "./to-langchain-tools.js";
export type { ToolApprovalDecision, ToolApprovalRequest } from "./tool-approval.js";
