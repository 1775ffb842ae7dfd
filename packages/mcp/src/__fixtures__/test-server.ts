// Test helper (not exported): an in-memory MCP server that lists exactly the raw definitions it is
// given, so tests control every byte a client sees.

import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

export interface TestServer {
  /** Give this to `new MCPClient({ transport })`. */
  readonly clientTransport: InMemoryTransport;
  readonly server: Server;
  /** Replaces the listed tools; with `announce`, sends `notifications/tools/list_changed`. */
  setTools(tools: unknown[], announce?: boolean): Promise<void>;
  /** Every tools/call received, in order. */
  readonly calls: { name: string; arguments: unknown }[];
  /** Number of tools/list requests received. */
  readonly listCount: () => number;
}

export async function startTestServer(options: {
  tools: unknown[];
  pageSize?: number;
  onCall?: (
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ) => CallToolResult | Promise<CallToolResult>;
}): Promise<TestServer> {
  let tools = options.tools;
  let lists = 0;
  const calls: { name: string; arguments: unknown }[] = [];
  const server = new Server(
    { name: "test", version: "1.0.0" },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    lists++;
    const size = options.pageSize ?? tools.length;
    const start = Number(request.params?.cursor ?? 0);
    const end = start + size;
    const page = tools.slice(start, end);
    return (
      end < tools.length ? { tools: page, nextCursor: String(end) } : { tools: page }
    ) as never;
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    calls.push({ name: request.params.name, arguments: args });
    if (options.onCall) return options.onCall(request.params.name, args, extra.signal);
    return { content: [{ type: "text", text: `called ${request.params.name}` }] };
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  return {
    clientTransport,
    server,
    calls,
    listCount: () => lists,
    async setTools(next, announce = false) {
      tools = next;
      if (announce) await server.sendToolListChanged();
    },
  };
}
