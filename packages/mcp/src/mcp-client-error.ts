import { ToolgateError, toolgateErrorCode } from "@toolgate/tool-core";
import { MCP_CLIENT_ERROR_CODES, type MCPClientErrorCode } from "./mcp-error-codes.js";

const CODES: ReadonlySet<string> = new Set(Object.values(MCP_CLIENT_ERROR_CODES));

/**
 * Why an `MCPClient` could not connect to its server or list its tools. `code` says which
 * (`MCP_CLIENT_NOT_CONNECTED`, `MCP_CLIENT_CONNECT_FAILED`, `MCP_CLIENT_TIMEOUT`,
 * `MCP_CLIENT_LIST_FAILED`, `MCP_CLIENT_DROPPED`, `MCP_CLIENT_CLOSED`,
 * `MCP_CLIENT_NOT_REUSABLE`, `MCP_CLIENT_RESTART_LIMIT`); `namespace` names the server. The
 * message's server text is cleaned and clipped. `callTool` never throws it: a failed call is an error response.
 *
 * @example
 * try { await client.connect(); } catch (error) {
 *   if (MCPClientError.isInstance(error) && error.code === "MCP_CLIENT_TIMEOUT") retryLater();
 * }
 */
export class MCPClientError extends ToolgateError {
  declare readonly code: MCPClientErrorCode;
  /** The client's `namespace`: which server failed. */
  readonly namespace: string;

  constructor(
    code: MCPClientErrorCode,
    message: string,
    options: { namespace: string; cause?: unknown },
  ) {
    super(code, message, options);
    this.name = "MCPClientError";
    this.namespace = options.namespace;
  }

  /** True for an `MCPClientError` from any installed copy of @toolgate/mcp. */
  static override isInstance(value: unknown): value is MCPClientError {
    const code = toolgateErrorCode(value);
    return code !== undefined && CODES.has(code);
  }
}
