// Type-checked under `strict` (skipLibCheck off) against the installed tarball's .d.ts.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  MCPClient,
  type MCPClientOptions,
  type MCPTool,
  type PinMismatch,
  PinningError,
  type SkippedTool,
  serveRegistry,
} from "@toolgate/mcp";
import { ToolRegistry } from "@toolgate/registry";
import type { ToolResponse } from "@toolgate/tool-core";

const options: MCPClientOptions = {
  namespace: "github",
  command: "npx",
  args: ["-y", "some-server@1.0.0"],
  env: { TOKEN: "t" },
  timeoutMs: 10_000,
};
const client = new MCPClient(options);
export const load: () => Promise<MCPTool[]> = () => client.loadTools();
export const call: Promise<ToolResponse> = client.callTool("search", { q: "x" });
export const skipped: readonly SkippedTool[] = client.skippedTools;
export const mismatches = (error: unknown): readonly PinMismatch[] =>
  PinningError.isInstance(error) ? error.mismatches : [];
export const server: McpServer = serveRegistry(new ToolRegistry(), { name: "n", version: "1" });
export const dispose: () => PromiseLike<void> = () => client[Symbol.asyncDispose]();
