import type { ToolResponse } from "@toolgate/tool-core";
import type { GrantRefusalReason } from "./approval/approval-refusal.js";
import type { ApproveRefusalReason } from "./approval/approve-result.js";
import type { PendingApproval } from "./approval/pending-approval.js";
import type { TaintSource } from "./tool-turn.js";

/** Fields every {@link ToolEvent} has. */
export interface ToolEventBase {
  /** The tool name as the call gave it (`""` for a batch call whose fields could not be read). */
  readonly tool: string;
  /** The tool's origin (trust root); absent when the name matched no tool. */
  readonly origin?: string;
  /**
   * The call's id: the caller's (`ExecuteOptions.callId`, a batch call's `id`), or one the
   * registry made for a call without one (`tg-…`, unique in the process), so that the events of
   * concurrent calls pair up. Every event of one call has the same id.
   */
  readonly callId: string;
  /** When the event happened, in milliseconds since the epoch (`Date.now()`). */
  readonly timestamp: number;
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
  /** When the call was asked about only because its turn is tainted: the result that tainted it. */
  readonly taintedBy?: TaintSource;
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
 * A running tool reported how far it is (`context.progress`, or a yield of a generator
 * `execute`), checked and cleaned: `progress` finite, at least 0 and above the call's last one;
 * `total` finite and above 0; `message` one printable line of at most 1000 characters, redacted.
 * Updates made in one turn of the event loop come as one, the last (see the README's Events).
 * Comes between `start` and the call's `end` or `failed`, never after them.
 */
export interface ToolProgressEvent extends ToolEventBase {
  /** Marks a progress event. */
  readonly type: "progress";
  /** Work done so far. */
  readonly progress: number;
  /** The whole work, when the tool said. */
  readonly total?: number;
  /** What the tool is doing, when it said. */
  readonly message?: string;
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
 * Deferred mode: the call needs a person's approval, so it answered at once with a pending
 * approval instead of asking `confirm`. The tool did not run.
 */
export interface ToolApprovalRequestedEvent extends ToolEventBase {
  /** Marks an approval-requested event. */
  readonly type: "approval-requested";
  /** The pending approval to show a person (plain JSON, no secret). */
  readonly pending: PendingApproval;
  /** The response the model gets (redacted): the call awaits a person. */
  readonly response: ToolResponse;
}

/**
 * `ToolRegistry.approve` signed a grant for a pending approval: who approved exactly which call.
 * Nothing ran yet; `grant-used` follows when the grant runs its call.
 */
export interface ToolApprovedEvent extends ToolEventBase {
  /** Marks an approved event. */
  readonly type: "approved";
  /** The id of the pending approval approved (the grant's id). */
  readonly pendingId: string;
  /** Who approved, as `approve` was told; absent when it was given no `by`. */
  readonly by?: string;
  /** sha256 hex of the canonical JSON of the approved arguments (what the grant is bound to). */
  readonly argumentsDigest: string;
  /** sha256 hex of the tool's definition the person approved. */
  readonly definitionFingerprint: string;
  /** The approved arguments, as the pending holds them. */
  readonly args: Readonly<Record<string, unknown>>;
}

/** A grant token passed to `execute` matched the call and was used up: the tool runs next. */
export interface ToolGrantUsedEvent extends ToolEventBase {
  /** Marks a grant-used event. */
  readonly type: "grant-used";
  /** The id of the pending approval the grant was made from (now used up). */
  readonly pendingId: string;
  /** Who approved, as the grant says; absent when `approve` was given no `by`. */
  readonly approvedBy?: string;
  /** sha256 hex of the canonical JSON of the arguments that run (equal to the approved ones). */
  readonly argumentsDigest: string;
  /** The parsed and validated arguments that run. */
  readonly args: Readonly<Record<string, unknown>>;
}

/**
 * Why a grant token was refused: a `GrantRefusalReason`, `replayed` (the ledger had its id:
 * used, or declined), `ledger-failed` (the ledger threw or rejected), or `no-key` (this registry
 * has no `approval` option).
 */
export type ApprovalRefusedReason = GrantRefusalReason | "replayed" | "ledger-failed" | "no-key";

/** A grant token passed to `execute` was refused: the tool did not run. */
export interface ToolApprovalRefusedEvent extends ToolEventBase {
  /** Marks an approval-refused event. */
  readonly type: "approval-refused";
  /** Refused at `execute`, where the grant was checked against the call. */
  readonly stage: "execute";
  /** Stable code of the refusal. */
  readonly reason: ApprovalRefusedReason;
  /** The readable reason (before redaction). */
  readonly message: string;
  /** What the ledger threw, for `ledger-failed`. */
  readonly error?: unknown;
  /** The response the model gets (redacted). */
  readonly response: ToolResponse;
}

/**
 * `ToolRegistry.approve` refused a pending approval: no grant was made. The call's fields
 * (`origin`, `callId`, `pendingId`) are present only when the pending's MAC verified; otherwise
 * `tool` is `""`, since an unverified value says whatever its sender wrote.
 */
export interface ToolApproveRefusedEvent extends ToolEventBase {
  /** Marks an approval-refused event. */
  readonly type: "approval-refused";
  /** Refused at `approve`, before any grant existed. */
  readonly stage: "approve";
  /** Stable code of the refusal (as in the `ApproveResult`). */
  readonly reason: ApproveRefusalReason;
  /** The readable reason. */
  readonly message: string;
  /** The id of the pending approval, when it verified. */
  readonly pendingId?: string;
  /** Who tried to approve, when `approve` was given a valid `by`. */
  readonly by?: string;
}

/** `ToolRegistry.decline` refused a pending approval: its call can never run. */
export interface ToolDeclinedEvent extends ToolEventBase {
  /** Marks a declined event. */
  readonly type: "declined";
  /** The id of the pending approval declined. */
  readonly pendingId: string;
  /** Who declined, as `decline` was told. */
  readonly by?: string;
  /** Why, as `decline` was told. */
  readonly reason?: string;
  /** Whether the ledger recorded the decline (false: it threw; a grant could then still run). */
  readonly recorded: boolean;
  /** The response to hand to the model (redacted). */
  readonly response: ToolResponse;
}

/**
 * What the registry reports to `onEvent` for audit logs and telemetry. Every call ends with
 * exactly one of `denied`, `rejected`, `invalid`, `approval-requested`, `approval-refused`, `end`
 * or `failed`; `start` comes before `end` or `failed` when the tool was run (with any `progress`
 * between them), and `grant-used`
 * before `start` when a grant let it run. `approved` and `approval-refused` with
 * `stage: "approve"` come from `ToolRegistry.approve`, `declined` from `ToolRegistry.decline`.
 */
export type ToolEvent =
  | ToolStartEvent
  | ToolProgressEvent
  | ToolDeniedEvent
  | ToolRejectedEvent
  | ToolInvalidEvent
  | ToolEndEvent
  | ToolFailedEvent
  | ToolApprovalRequestedEvent
  | ToolApprovedEvent
  | ToolGrantUsedEvent
  | ToolApprovalRefusedEvent
  | ToolApproveRefusedEvent
  | ToolDeclinedEvent;
