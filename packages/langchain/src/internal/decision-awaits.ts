import type { ToolRunnableConfig } from "@langchain/core/tools";

/** The parts of LangGraph's per-task scratchpad that `interrupt` reads (`@langchain/langgraph` 1.x). */
interface Scratchpad {
  interruptCounter?: unknown;
  resume?: unknown;
  nullResume?: unknown;
  currentTaskInput?: { lg_tool_call?: { id?: unknown } } | null;
}

/**
 * Whether this call paused for a person's approval in an earlier run and the graph now resumes it
 * with their decision: the next `interrupt` of its task would return a value instead of pausing
 * (read the way `interrupt` reads it). Only a task of this call alone counts (`createAgent` runs
 * each call as its own task, with the call as its input): in a task of several calls (LangGraph's
 * prebuilt `ToolNode` fed messages) the decision may be another call's.
 */
export function decisionAwaits(config: ToolRunnableConfig, callId: string | undefined): boolean {
  const scratchpad = config.configurable?.__pregel_scratchpad as Scratchpad | undefined;
  if (callId === undefined || typeof scratchpad !== "object" || scratchpad === null) return false;
  if (scratchpad.currentTaskInput?.lg_tool_call?.id !== callId) return false;
  const { interruptCounter, resume, nullResume } = scratchpad;
  if (nullResume !== undefined) return true;
  return (
    typeof interruptCounter === "number" &&
    Array.isArray(resume) &&
    interruptCounter + 1 < resume.length
  );
}
