import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { canonicalJson } from "@toolgate/tool-core/internal";
import { MCPClientError } from "../mcp-client-error.js";
import { MCP_CLIENT_ERROR_CODES, type MCPClientErrorCode } from "../mcp-error-codes.js";
import { cleanError, describeError } from "./clean-error.js";
import { inRequestSpan } from "./client-span.js";
import { Deadline } from "./deadline.js";
import type { ServerConnection } from "./server-connection.js";
import { serverText } from "./server-text.js";

// What one tools/list may make the client hold: pages, tools, characters of JSON, one cursor.
const MAX_PAGES = 1000;
const MAX_TOOLS = 10_000;
const MAX_LISTING_CHARS = 16 * 1024 * 1024;
const MAX_CURSOR_CHARS = 4096;

/**
 * All pages of `tools/list`, each page within the connection's `timeoutMs`, and within bounds on
 * what the listing makes the client hold (pages, tools, characters, cursor length): past one,
 * the server is dropped.
 *
 * @throws MCPClientError when a page fails, times out or has no tools array, or the connection
 *   ends.
 */
export async function listAllTools(
  connection: ServerConnection,
  client: Client,
): Promise<unknown[]> {
  const { namespace, timeoutMs } = connection;
  const tools: unknown[] = [];
  const cursors = new Set<string>();
  let chars = 0;
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) throw connection.drop(`its tools/list ran past ${MAX_PAGES} pages`);
    const deadline = new Deadline(timeoutMs);
    let result: Record<string, unknown>;
    try {
      const params = cursor === undefined ? {} : { cursor };
      result = await deadline.race(
        inRequestSpan("tools/list", client.transport?.sessionId, () =>
          client.request({ method: "tools/list", params }, ResultSchema, deadline.requestOptions()),
        ),
      );
    } catch (error) {
      const why = deadline.timedOut
        ? `no answer within ${timeoutMs} ms`
        : connection.state !== "connected"
          ? connection.reason
          : serverText(describeError(error), 1000);
      const code = deadline.timedOut ? MCP_CLIENT_ERROR_CODES.timeout : notListedCode(connection);
      throw new MCPClientError(code, `MCP server '${namespace}' could not list its tools: ${why}`, {
        namespace,
        cause: cleanError(error),
      });
    } finally {
      deadline.clear();
    }
    if (connection.state !== "connected") {
      throw new MCPClientError(
        notListedCode(connection),
        `MCP server '${namespace}' could not list its tools: ${connection.reason}`,
        { namespace },
      );
    }
    if (!Array.isArray(result.tools)) {
      throw new MCPClientError(
        MCP_CLIENT_ERROR_CODES.listFailed,
        `MCP server '${namespace}' sent a tools/list result without a tools array`,
        { namespace },
      );
    }
    if (tools.length + result.tools.length > MAX_TOOLS) {
      throw connection.drop(`its tools/list named more than ${MAX_TOOLS} tools`);
    }
    tools.push(...result.tools);
    chars += jsonLength(result.tools);
    if (chars > MAX_LISTING_CHARS) {
      throw connection.drop(`its tools/list exceeded ${MAX_LISTING_CHARS / 1024 / 1024} MB`);
    }
    const next = result.nextCursor;
    if (typeof next !== "string") return tools;
    if (next.length > MAX_CURSOR_CHARS) {
      throw connection.drop(
        `its tools/list sent a cursor longer than ${MAX_CURSOR_CHARS} characters`,
      );
    }
    if (cursors.has(next)) throw connection.drop("its tools/list repeated a cursor");
    cursors.add(next);
    cursor = next;
  }
}

/** Characters of a listing page as JSON; a page too deep for `JSON.stringify` is measured iteratively. */
/** A listing that did not finish: the client was closed meanwhile, or the listing failed. */
function notListedCode(connection: ServerConnection): MCPClientErrorCode {
  return connection.state === "closed"
    ? MCP_CLIENT_ERROR_CODES.closed
    : MCP_CLIENT_ERROR_CODES.listFailed;
}

function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return canonicalJson(value).length;
  }
}
