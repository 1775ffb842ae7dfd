import type { RunContext, RunToolApprovalItem } from "@openai/agents-core";

/**
 * What the adapter remembers about a run, kept in the run's own approval records so that it
 * travels with `RunState.toString()` into another process. Each record is a rejection of a
 * call id under a name no tool can have (tool names never hold ":"): `asked` — the adapter
 * answered "needs approval" for this call, so the answer stays yes when the SDK asks again on
 * resume, even in a process whose tainted turn is gone; `ran` — an approved call ran, so a model
 * that repeats the call id later is not taken as approved again.
 */
export type RunRecord = "asked" | "ran";

const PREFIX = "toolgate:";
// A call id no model produces: approved only when the whole tool is ("always approve").
const ANY_CALL = "\u0000toolgate:any-call";

function recordName(record: RunRecord, tool: string): string {
  return `${PREFIX}${record}:${tool}`;
}

/** Marks `callId` of `tool` in `record`. */
export function markCall(
  runContext: RunContext<unknown>,
  record: RunRecord,
  tool: string,
  callId: string,
): void {
  const item = { toolName: recordName(record, tool), rawItem: { type: "function_call", callId } };
  runContext.rejectTool(item as unknown as RunToolApprovalItem);
}

/** Whether `callId` of `tool` is marked in `record`. */
export function hasCall(
  runContext: RunContext<unknown>,
  record: RunRecord,
  tool: string,
  callId: string,
): boolean {
  return runContext.isToolApproved({ toolName: recordName(record, tool), callId }) === false;
}

/**
 * Whether the person approved this call in the SDK (`state.approve(item)`) and it has not run
 * yet, or approved the tool for the whole run (`alwaysApprove`).
 */
export function approvedInFramework(
  runContext: RunContext<unknown>,
  tool: string,
  callId: string,
): "call" | "tool" | false {
  if (runContext.isToolApproved({ toolName: tool, callId }) !== true) return false;
  if (runContext.isToolApproved({ toolName: tool, callId: ANY_CALL }) === true) return "tool";
  return hasCall(runContext, "ran", tool, callId) ? false : "call";
}
