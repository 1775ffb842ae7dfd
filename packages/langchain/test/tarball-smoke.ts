// Type-checked under `strict` (skipLibCheck off) against the installed tarballs' .d.ts.
import type { StructuredTool, ToolRunnableConfig } from "@langchain/core/tools";
import {
  type LangChainToolsOptions,
  type ToolApprovalDecision,
  type ToolApprovalRequest,
  toLangChainTools,
} from "@toolgate/langchain";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";

interface Tenant {
  user: string;
}
const registry = new ToolRegistry<Tenant>();
registry.register(tool({ name: "ping", hints: { readOnly: true }, execute: () => "pong" }));

const interrupt = (request: ToolApprovalRequest): ToolApprovalDecision => ({
  approved: request.tool === "ping",
  ...(request.callId === undefined ? {} : { callId: request.callId }),
});
const options: LangChainToolsOptions<Tenant> = {
  interrupt,
  context: (config: ToolRunnableConfig) => ({ user: String(config.configurable?.user) }),
  turn: registry.turn(),
};
const tools: StructuredTool[] = toLangChainTools(registry, options);
const fixed = toLangChainTools(registry, { context: { user: "ada" }, turn: null });
// @ts-expect-error a context of another type than the registry's
toLangChainTools(registry, { context: { id: 1 } });

export { fixed, tools };
