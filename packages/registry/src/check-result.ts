import type { Hints, ToolResponse } from "@toolgate/tool-core";
import type { TaintSource } from "./tool-turn.js";

/** Options of `ToolRegistry.check`. */
export interface CheckOptions<TContext = unknown> {
  /** The model's id for this call; echoed in the result so a UI can match it to the call. */
  callId?: string;
  /** The per-call context, as `execute` would get it (permission rules and policies see it). */
  context?: TContext;
}

/** Fields every {@link CheckResult} has. */
export interface CheckResultBase {
  /** The tool name (for an unknown tool, the name as the call gave it, made printable and short). */
  readonly tool: string;
  /** The tool's origin (trust root); absent when the name matched no tool. */
  readonly origin?: string;
  /** `CheckOptions.callId`, when given. */
  readonly callId?: string;
}

/** The call would run at once: every check passed and nothing asks for approval. */
export interface CheckReady extends CheckResultBase {
  /** Marks a call that would run. */
  readonly status: "ready";
  /** The tool's origin. */
  readonly origin: string;
  /** The parsed and validated arguments, as the tool would get them. */
  readonly args: Readonly<Record<string, unknown>>;
}

/**
 * The call is valid and allowed, and needs a person's approval before it runs: `execute` would
 * ask the `confirm` callback (and, without one, refuse the call), or in deferred mode answer with
 * a pending approval.
 */
export interface CheckNeedsApproval extends CheckResultBase {
  /** Marks a call that needs approval. */
  readonly status: "needs-approval";
  /** The tool's origin. */
  readonly origin: string;
  /** The parsed and validated arguments, as a person should see them. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The tool's hints for this call (`tool.hintsFor(args)`; the worst case when that throws). */
  readonly hints: Hints;
  /**
   * Who asks: the tool itself (`needsConfirmation`), the registry's `confirmationPolicy`, or a
   * tainted turn (`ToolTurn.check` only; see `taintedBy`).
   */
  readonly by: "tool" | "policy" | "turn";
  /** For `by: "turn"`: the earlier result whose outside content tainted the turn. */
  readonly taintedBy?: TaintSource;
  /** Why, in a sentence a person can read (names the tool; holds no argument value). */
  readonly reason: string;
}

/**
 * The call would be refused before the tool runs. `response` is exactly what `execute` would
 * answer the model (redacted the same way).
 */
export interface CheckRefused extends CheckResultBase {
  /** Marks a refused call. */
  readonly status: "refused";
  /**
   * What refused it: no such tool, argument text that is not a JSON object, arguments that fail
   * their checks or the schema, a tool schema that does not compile, or the permissions.
   */
  readonly refusal:
    | "unknown-tool"
    | "invalid-json"
    | "invalid-arguments"
    | "invalid-schema"
    | "permissions";
  /** The response the model would get. */
  readonly response: ToolResponse;
}

/**
 * What `ToolRegistry.check` found: plain data, one of three statuses. `check` is synchronous: for
 * a tool whose Standard Schema validates asynchronously (a promise from `~standard.validate`) it
 * does not wait, answering from the JSON Schema check alone with the arguments as that passed
 * them; `execute` still awaits that validation and refuses what it refuses.
 */
export type CheckResult = CheckReady | CheckNeedsApproval | CheckRefused;
