import type { ToolResponse } from "@toolgate/tool-core";

/** Fields every {@link ToolEvent} has. */
export interface ToolEventBase {
  /** The tool name as the call gave it (`""` for a batch call whose fields could not be read). */
  readonly tool: string;
  /** The tool's origin (trust root); absent when the name matched no tool. */
  readonly origin?: string;
  /** The model's id for this call, when it gave one. */
  readonly callId?: string;
}

/** The tool is about to run: every check passed (`executed` becomes true). */
export interface ToolStartEvent extends ToolEventBase {
  /** Marks a start event. */
  readonly type: "start";
  /** The parsed and validated arguments. */
  readonly args: Readonly<Record<string, unknown>>;
}

/** The call was refused by the permissions, or needed confirmation and no callback was set. */
export interface ToolDeniedEvent extends ToolEventBase {
  /** Marks a denied event. */
  readonly type: "denied";
  /** What refused the call: the permissions, or a confirmation with no callback to ask. */
  readonly by: "permissions" | "confirmation";
  /** The readable reason (also the response text, before redaction). */
  readonly reason: string;
  /** The response the model gets (redacted). */
  readonly response: ToolResponse;
}

/** The confirmation callback declined the call: returned something other than `true`, or threw. */
export interface ToolRejectedEvent extends ToolEventBase {
  /** Marks a rejected event. */
  readonly type: "rejected";
  /** The parsed and validated arguments. */
  readonly args: Readonly<Record<string, unknown>>;
  /** What the callback threw or rejected with, when it did. */
  readonly error?: unknown;
  /** The response the model gets (redacted). */
  readonly response: ToolResponse;
}

/** The call never reached the tool because it was malformed. */
export interface ToolInvalidEvent extends ToolEventBase {
  /** Marks an invalid event. */
  readonly type: "invalid";
  /**
   * `unknown-tool`: no tool has that name; `invalid-json`: the argument string is not a JSON
   * object; `invalid-arguments`: the arguments do not match the schema; `invalid-schema`: the
   * tool's own schema does not compile (a bug in the tool).
   */
  readonly reason: "unknown-tool" | "invalid-json" | "invalid-arguments" | "invalid-schema";
  /** The readable problem (before redaction). */
  readonly message: string;
  /**
   * What was thrown when the arguments (or a batch call) could not be read or validated: a
   * getter or proxy trap, a validator that overflowed the stack. Absent for ordinary problems.
   */
  readonly error?: unknown;
  /** The response the model gets (redacted). */
  readonly response: ToolResponse;
}

/** The tool ran and answered (success, partial, or an error it reported itself). */
export interface ToolEndEvent extends ToolEventBase {
  /** Marks an end event. */
  readonly type: "end";
  /** The response as it left the registry (guarded and redacted). */
  readonly response: ToolResponse;
  /** Time from `start` to the answer. */
  readonly durationMs: number;
  /**
   * Present when the output budget cut the response text: its length before and the characters
   * kept (the response then ends with a marker saying so, and `data` keeps the full value).
   */
  readonly cut?: {
    /** Length of the response text before the cut. */
    readonly originalChars: number;
    /** Characters of it kept. */
    readonly keptChars: number;
  };
}

/**
 * The tool did not answer normally: it threw an unexpected exception, returned a value that
 * cannot become a response, timed out, or was cancelled by the caller. `error` is the full error,
 * which never reaches the model.
 */
export interface ToolFailedEvent extends ToolEventBase {
  /** Marks a failed event. */
  readonly type: "failed";
  /** Why the tool did not answer: it threw, it ran out of time, or the caller cancelled it. */
  readonly reason: "exception" | "timeout" | "cancelled";
  /** The full error: its message and stack can hold secrets, so it stays out of the response. */
  readonly error: unknown;
  /** The response the model gets (redacted). */
  readonly response: ToolResponse;
  /** Time from `start` to the failure (0 when a cancelled call never started). */
  readonly durationMs: number;
}

/**
 * What the registry reports to `onEvent` for audit logs and telemetry. Every call ends with
 * exactly one of `denied`, `rejected`, `invalid`, `end` or `failed`; `start` comes before `end`
 * or `failed` when the tool was run.
 */
export type ToolEvent =
  | ToolStartEvent
  | ToolDeniedEvent
  | ToolRejectedEvent
  | ToolInvalidEvent
  | ToolEndEvent
  | ToolFailedEvent;
