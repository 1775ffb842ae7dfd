import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { MCPClientOptions } from "../mcp-client-options.js";
import { BoundedStdioTransport } from "./bounded-stdio-transport.js";

/**
 * The transport a client's options describe: the given SDK transport, a bounded stdio child
 * process (minimal environment, capped lines), or Streamable HTTP. The options were checked by
 * the `MCPClient` constructor: exactly one of `transport`, `command` and `url` is set.
 */
export function makeTransport(options: MCPClientOptions): Transport {
  if (options.transport !== undefined) return options.transport;
  if (options.command !== undefined) {
    return new BoundedStdioTransport({
      command: options.command,
      args: options.args ?? [],
      ...(options.env === undefined ? {} : { env: options.env }),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
    });
  }
  return new StreamableHTTPClientTransport(new URL(options.url!), {
    ...(options.headers === undefined ? {} : { requestInit: { headers: options.headers } }),
    ...(options.authProvider === undefined ? {} : { authProvider: options.authProvider }),
  });
}
