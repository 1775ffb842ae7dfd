import type { Hints } from "@toolgate/tool-core";

/**
 * What a call that needs a person's approval interrupts the graph with: plain data a UI can show
 * (it reaches `result.__interrupt__[i].value` of the paused run). The call was already looked
 * up, parsed, permitted and validated: an invalid or denied call never gets here.
 */
export interface ToolApprovalRequest {
  /** Marks toolgate's approval requests among a graph's other interrupts. */
  readonly type: "toolgate/approval";
  /** The tool the model called. */
  readonly tool: string;
  /** The tool's origin (trust root), e.g. `builtin` or `mcp:github`. */
  readonly origin: string;
  /** The model's id for this call, when LangChain gave one. */
  readonly callId?: string;
  /** The validated arguments, as the tool would get them. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The tool's hints for this call. */
  readonly hints: Hints;
  /** Who asks: the tool itself, the registry's confirmation policy, or a tainted turn. */
  readonly by: "tool" | "policy" | "turn";
  /** Why, in a sentence a person can read. */
  readonly reason: string;
}

/**
 * A person's answer to a {@link ToolApprovalRequest}, given back with
 * `new Command({ resume: decision })`. LangGraph hands a bare resume value to every call paused
 * in the run: with several pending calls, resume with LangGraph's map from interrupt id to
 * decision, or name the call in `callId`. Only `approved: true` runs a call; any other value
 * declines it, so a malformed answer never approves anything.
 */
export interface ToolApprovalDecision {
  /** `true` runs the call; `false` declines it and the model is told so. */
  readonly approved: boolean;
  /**
   * The request's `callId`. When given, the decision approves only that call: any other call
   * that receives it is declined.
   */
  readonly callId?: string;
}
