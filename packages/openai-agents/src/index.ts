// Everything exported here is the public API of @toolgate/openai-agents.
export type { AgentToolOutputData } from "./agent-tool-output-data.js";
export { OPENAI_AGENTS_ERROR_CODES } from "./openai-agents-error-codes.js";
export { type AgentToolsOptions, toAgentTools } from "./to-agent-tools.js";
