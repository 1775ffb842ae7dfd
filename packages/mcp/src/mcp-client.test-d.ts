import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolRegistry } from "@toolgate/registry";
import type { Tool, ToolResponse } from "@toolgate/tool-core";
import { expectTypeOf } from "vitest";
import type { MCPClient, MCPClientEvent, MCPClientOptions } from "./mcp-client.js";
import type { MCPTool } from "./mcp-tool.js";
import type { PinMismatch, PinningError } from "./pinning-error.js";
import { serveRegistry } from "./serve-registry.js";

// The namespace is required; everything else is optional.
expectTypeOf<{ namespace: string; command: string }>().toExtend<MCPClientOptions>();
// @ts-expect-error: namespace is required
const missing: MCPClientOptions = { command: "node" };
void missing;
// @ts-expect-error: timeoutMs is a number or null
const badTimeout: MCPClientOptions = { namespace: "a", command: "x", timeoutMs: "5s" };
void badTimeout;

declare const client: MCPClient;
expectTypeOf(client.connect()).toEqualTypeOf<Promise<MCPClient>>();
expectTypeOf(client.loadTools()).toEqualTypeOf<Promise<MCPTool[]>>();
expectTypeOf(client.loadTools({ include: ["search_*"], exclude: ["*_admin"] })).toEqualTypeOf<
  Promise<MCPTool[]>
>();
// @ts-expect-error: a filter is a list of globs, not one string
void client.loadTools({ include: "search_*" });
// restart: settings, true or false; onEvent gets each kind of event.
expectTypeOf<{ namespace: "a"; command: "x"; restart: false }>().toExtend<MCPClientOptions>();
expectTypeOf<{
  namespace: "a";
  command: "x";
  restart: { maxAttempts: 2 };
}>().toExtend<MCPClientOptions>();
expectTypeOf<MCPClientEvent["type"]>().toEqualTypeOf<
  | "starting"
  | "started"
  | "start-failed"
  | "disconnected"
  | "restarting"
  | "restarted"
  | "restart-failed"
  | "refused"
  | "gave-up"
  | "call-retried"
>();
expectTypeOf(client.callTool("x", {})).toEqualTypeOf<Promise<ToolResponse>>();
// A lock read with JSON.parse is accepted as is; lazy loading is a boolean next to the filter.
expectTypeOf<{
  namespace: "a";
  command: "x";
  lock: ReturnType<typeof JSON.parse>;
}>().toExtend<MCPClientOptions>();
expectTypeOf(client.loadTools({ lazy: true, include: ["a*"] })).toEqualTypeOf<Promise<MCPTool[]>>();
// @ts-expect-error: lazy is a boolean
void client.loadTools({ lazy: "yes" });
expectTypeOf<Extract<MCPClientEvent, { type: "started" }>["latencyMs"]>().toEqualTypeOf<number>();
expectTypeOf(client.fingerprints()).toEqualTypeOf<Record<string, string>>();
expectTypeOf(client).toExtend<AsyncDisposable>();

// An MCPTool is a Tool a registry accepts, with the remote name and fingerprint beside it.
declare const mcpTool: MCPTool;
expectTypeOf(mcpTool).toExtend<Tool>();
expectTypeOf(mcpTool.remoteName).toEqualTypeOf<string>();
expectTypeOf(mcpTool.fingerprint).toEqualTypeOf<string>();
expectTypeOf(mcpTool.client).toEqualTypeOf<MCPClient>();

declare const pinning: PinningError;
expectTypeOf(pinning.mismatches).toEqualTypeOf<readonly PinMismatch[]>();
expectTypeOf<PinMismatch["actual"]>().toEqualTypeOf<string | undefined>();

declare const registry: ToolRegistry;
expectTypeOf(serveRegistry(registry, { name: "n", version: "1" })).toEqualTypeOf<McpServer>();
