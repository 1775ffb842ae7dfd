// Everything exported here is the public API of @toolgate/mcp.
export { fingerprintTool, type MCPToolDefinition } from "./fingerprint-tool.js";
export {
  type LoadToolsOptions,
  type MCPCallOptions,
  MCPClient,
  type MCPClientEvent,
  type MCPClientOptions,
  type MCPRestartOptions,
  NAMESPACE_PATTERN,
  SERVER_PIN_KEY,
  type SkippedTool,
} from "./mcp-client.js";
export { MCPClientError } from "./mcp-client-error.js";
export { MCP_ERROR_CODES, type MCPClientErrorCode, type MCPErrorCode } from "./mcp-error-codes.js";
export type { MCPLockedTool, MCPLockFile } from "./mcp-lock-file.js";
export { MCPTool, type MCPToolOptions } from "./mcp-tool.js";
export { type PinMismatch, PinningError } from "./pinning-error.js";
export { DEFAULT_MAX_DESCRIPTION_CHARS, sanitizeDescription } from "./sanitize-description.js";
export { sanitizeToolName } from "./sanitize-tool-name.js";
export { type ServeRegistryInfo, serveRegistry } from "./serve-registry.js";
