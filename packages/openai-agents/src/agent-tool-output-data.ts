import type { ToolStatus } from "@toolgate/tool-core";

/**
 * The `customData` of each `tool_call_output_item` a tool from `toAgentTools` produces (in
 * `result.newItems`, and kept by `RunState.toString()`): the SDK's own place for what a tool's
 * output says beyond its text, as it does for an MCP result's `isError`. The text the model
 * reads is the response's text, unchanged.
 */
export type AgentToolOutputData = {
  /** The response's status: `"success"`, `"partial"` or `"error"`. */
  readonly status: ToolStatus;
  /** True for an error response (a refused, invalid, declined or failed call). */
  readonly isError: boolean;
  /** Whether the tool actually ran (false when the channel stopped the call before it). */
  readonly executed: boolean;
};
