// Type-checked under `strict` (skipLibCheck off) against the installed tarballs' .d.ts.
import { Agent, type FunctionTool, type RunContext } from "@openai/agents-core";
import {
  type AgentToolOutputData,
  type AgentToolsOptions,
  toAgentTools,
} from "@toolgate/openai-agents";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";

interface Tenant {
  user: string;
}
const registry = new ToolRegistry<Tenant>();
registry.register(tool({ name: "ping", hints: { readOnly: true }, execute: () => "pong" }));

const options: AgentToolsOptions<Tenant, Tenant> = {
  names: ["ping"],
  context: (runContext: RunContext<Tenant>) => ({ user: runContext.context.user }),
  turn: registry.turn(),
};
const tools: FunctionTool<Tenant>[] = toAgentTools(registry, options);
const agent = new Agent<Tenant>({ name: "a", tools });
const fixed = toAgentTools(registry, { context: { user: "ada" } });
const data: AgentToolOutputData = { status: "error", isError: true, executed: false };
// @ts-expect-error a context of another type than the registry's
toAgentTools(registry, { context: { id: 1 } });

export { agent, data, fixed };
