import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ElicitResultSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool as McpToolDefinition,
  type ProgressNotification,
  type ProgressToken,
  type RequestId,
  type ServerNotification,
} from "@modelcontextprotocol/sdk/types.js";
import type {
  ConfirmationRequest,
  ConfirmCallback,
  ToolProgressEvent,
  ToolRegistry,
} from "@toolgate/registry";
import type { Tool, ToolResponse } from "@toolgate/tool-core";
import { withServerSpan } from "./internal/server-span.js";

/** Name and version the server announces in the MCP handshake. */
export interface ServeRegistryInfo {
  /** The server's name, as MCP clients see it. */
  name: string;
  /** The server's version, as MCP clients see it. */
  version: string;
}

/**
 * Exposes a registry as an MCP server. Connect the returned SDK `McpServer` to any server
 * transport (`StdioServerTransport`, Streamable HTTP, in-memory).
 *
 * - `tools/list` lists the registry's tools with their hints as annotations: every tool, deferred
 *   or not, but the registry's search tool (a client lists tools once, so what it loads would
 *   never be listed; a call to it by name gets the registry's answer, an error without a turn).
 * - `tools/call` goes through the registry's channel: permissions, validation, confirmation,
 *   timeout, external-content guard and redaction. Invalid arguments are a tool execution error
 *   (`isError: true`) naming every problem, so the model can correct itself (MCP 2025-11-25);
 *   an unknown tool is a JSON-RPC error (`InvalidParams`); a `ToolError` reaches the client
 *   verbatim, any other failure by its type name only.
 * - A call that needs confirmation asks the client's user through MCP elicitation when the client
 *   declared that capability; otherwise the registry's own `confirm` callback decides, and
 *   without one the call is denied.
 * - A call whose request carries `_meta.progressToken` sends the tool's progress back as
 *   `notifications/progress` for that token (see the registry's `progress` event).
 * - Each `tools/call` is an OpenTelemetry SERVER span `tools/call {tool}` that continues the
 *   trace the client sent in `params._meta` (`traceparent`, `tracestate`).
 *
 * @example
 * const server = serveRegistry(registry, { name: "orders", version: "1.0.0" });
 * await server.connect(new StdioServerTransport());
 */
export function serveRegistry(registry: ToolRegistry, info: ServeRegistryInfo): McpServer {
  if (typeof registry !== "object" || registry === null || typeof registry.list !== "function") {
    throw new TypeError("serveRegistry needs a ToolRegistry");
  }
  if (
    typeof info !== "object" ||
    info === null ||
    typeof info.name !== "string" ||
    info.name === "" ||
    typeof info.version !== "string" ||
    info.version === ""
  ) {
    throw new TypeError("serveRegistry needs { name, version } as non-empty strings");
  }
  const mcpServer = new McpServer(
    { name: info.name, version: info.version },
    { capabilities: { tools: {} } },
  );
  const server = mcpServer.server;

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: registry
      .list()
      .filter((tool) => !registry.isSearchTool(tool.name))
      .map(toDefinition),
  }));

  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const { name } = request.params;
    const known = registry.has(name);
    // A server span continuing the client's trace (`_meta.traceparent`); the registry's own
    // `execute_tool` span is its child.
    return withServerSpan(
      known ? name : undefined,
      request.params._meta,
      extra.sessionId,
      async () => {
        if (!known) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
        const elicitation = server.getClientCapabilities()?.elicitation;
        const confirm: ConfirmCallback | undefined =
          elicitation === undefined
            ? undefined
            : (confirmation) => askThroughElicitation(mcpServer, confirmation, extra);
        const progressToken = request.params._meta?.progressToken;
        const result = await registry.executeChecked(name, request.params.arguments ?? {}, {
          signal: extra.signal,
          ...(confirm === undefined ? {} : { confirm }),
          ...(progressToken === undefined
            ? {}
            : { onProgress: sendProgress(extra, progressToken) }),
        });
        return toCallToolResult(result.response);
      },
    );
  });
  return mcpServer;
}

/**
 * The call's progress (checked, increasing, coalesced and redacted by the registry) as
 * `notifications/progress` with the client's token, tied to its request. A notification that
 * cannot be sent (the client went away) is dropped.
 */
function sendProgress(
  extra: {
    sendNotification: (notification: ServerNotification) => Promise<void>;
  },
  progressToken: ProgressToken,
): (event: ToolProgressEvent) => void {
  return ({ progress, total, message }) => {
    const params: ProgressNotification["params"] = { progressToken, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    extra.sendNotification({ method: "notifications/progress", params }).catch(ignore);
  };
}

function ignore(): void {}

function toDefinition(tool: Tool<object>): McpToolDefinition {
  const { hints } = tool;
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as McpToolDefinition["inputSchema"],
    annotations: {
      readOnlyHint: hints.readOnly,
      destructiveHint: hints.destructive,
      idempotentHint: hints.idempotent,
      openWorldHint: hints.openWorld,
    },
  };
}

/**
 * The response's text (already guarded and redacted by the registry) and its image and audio
 * blocks. Text-carrying blocks are left out: their text has not been through the guard or
 * redaction. `data` stays on this side: it is for programs of the host.
 */
function toCallToolResult(response: ToolResponse): CallToolResult {
  const content: CallToolResult["content"] = [{ type: "text", text: response.text }];
  for (const block of response.content ?? []) {
    if (block.type === "image" || block.type === "audio") {
      content.push({ type: block.type, data: block.data, mimeType: block.mimeType });
    }
  }
  return response.isError ? { content, isError: true } : { content };
}

async function askThroughElicitation(
  mcpServer: McpServer,
  confirmation: ConfirmationRequest,
  extra: { signal: AbortSignal; requestId: RequestId },
): Promise<boolean> {
  const { tool, args, hints } = confirmation;
  const effects = [
    hints.readOnly
      ? "read-only"
      : hints.destructive
        ? "may change or delete data"
        : "may change data",
    hints.openWorld ? "reaches outside systems" : undefined,
  ].filter(Boolean);
  const result = await mcpServer.server.request(
    {
      method: "elicitation/create",
      params: {
        message: `Allow the tool '${tool.name}' (${effects.join(", ")}) to run with these arguments?\n${JSON.stringify(args, null, 2)}`,
        requestedSchema: {
          type: "object",
          properties: {
            approve: { type: "boolean", title: "Approve", description: `Run '${tool.name}' now` },
          },
          required: ["approve"],
        },
      },
    },
    ElicitResultSchema,
    { signal: extra.signal, relatedRequestId: extra.requestId },
  );
  return result.action === "accept" && result.content?.approve === true;
}
