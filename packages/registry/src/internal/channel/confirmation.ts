import { type Hints, hints as makeHints, type Tool, ToolResponse } from "@toolgate/tool-core";
import type { ConfirmationRequest, ConfirmCallback } from "../../confirmation.js";
import type { ExecuteOptions } from "../../tool-registry.js";
import type { TaintSource } from "../../tool-turn.js";
import type { Args, Channel, ToolEntry } from "./channel.js";
import { emit } from "./events.js";
import type { Settle } from "./outcome.js";
import { redacted } from "./redaction.js";
import { run } from "./run.js";
import { describeTaint } from "./tainted-turn.js";

const WORST_CASE_HINTS = makeHints();

/** Why a valid call needs a person's confirmation before it runs. */
export interface ConfirmationNeed {
  /** The tool's hints for this call (the worst case when `hintsFor` throws). */
  readonly hints: Hints;
  /**
   * Who asks: the tool itself (`needsConfirmation`), the registry's `confirmationPolicy`, or the
   * turn (outside content was returned earlier in it, see `taintedBy`).
   */
  readonly by: "tool" | "policy" | "turn";
  /** The asking check threw: a broken check must not wave a call through, so it counts as asking. */
  readonly checkFailed: boolean;
  /** For `by: "turn"`: the earlier result that tainted the turn. */
  readonly taintedBy?: TaintSource;
}

/**
 * Stage 5a: whether a valid call needs confirmation, and why; `undefined` when it does not. The
 * tool's own `needsConfirmation` is asked first, then the registry's policy. Allocates nothing
 * for a call that needs no confirmation.
 */
export function confirmationNeed(
  channel: Channel,
  tool: Tool<object>,
  args: Args,
  context: unknown,
): ConfirmationNeed | undefined {
  let needed: boolean;
  let checkFailed = false;
  try {
    needed = tool.needsConfirmation(args) !== false;
  } catch {
    needed = true; // a broken check must not wave a call through
    checkFailed = true;
  }
  const policy = channel.policy;
  if (!needed && policy === undefined) return undefined;
  const hints = hintsOf(tool, args);
  if (needed) return { hints, by: "tool", checkFailed };
  try {
    needed = policy!(tool, args, hints, context) !== false;
  } catch {
    needed = true;
    checkFailed = true;
  }
  return needed ? { hints, by: "policy", checkFailed } : undefined;
}

/** The confirmation callback for a call: the call's own, else the registry's, else none. */
export function confirmCallbackOf(
  channel: Channel,
  options: ExecuteOptions | undefined,
): ConfirmCallback | undefined {
  return options?.confirm ?? channel.confirm;
}

/**
 * The refusal text of a call that needs confirmation when no callback can be asked; for a
 * tainted turn's call it names the result that tainted the turn.
 */
export function cannotConfirm(tool: Tool<object>, need?: ConfirmationNeed): string {
  const text = `Tool '${tool.name}' needs a human's confirmation and none can be asked: the call was not run.`;
  return need?.taintedBy === undefined
    ? text
    : `${text} It needs one because outside content entered this turn in ${describeTaint(need.taintedBy)}.`;
}

/**
 * Stage 5b: asks `confirm` about the call and runs it only when the answer is exactly `true`;
 * anything else (another value, a throw, a rejection) declines it, reported as `rejected`.
 */
export async function confirmThenRun<T>(
  channel: Channel,
  entry: ToolEntry,
  args: Args,
  options: ExecuteOptions | undefined,
  callId: string | undefined,
  confirm: ConfirmCallback,
  need: ConfirmationNeed,
  settle: Settle<T>,
): Promise<T> {
  const tool = entry.tool;
  const context = options?.context;
  const hints = need.hints;
  const request: ConfirmationRequest = Object.freeze({
    tool,
    args,
    hints,
    callId,
    ...(context !== undefined && { context }),
    ...(need.taintedBy !== undefined && { taintedBy: need.taintedBy }),
  });
  let approved = false;
  let thrown: { error: unknown } | undefined;
  try {
    approved = (await confirm(request)) === true;
  } catch (error) {
    thrown = { error };
  }
  if (!approved) {
    const response = redacted(
      channel,
      tool,
      ToolResponse.error(`Tool '${tool.name}' was not run: the confirmation was declined.`),
    );
    emit(channel, {
      type: "rejected",
      tool: tool.name,
      origin: tool.origin,
      callId,
      args,
      ...(thrown && { error: thrown.error }),
      ...(need.taintedBy !== undefined && { taintedBy: need.taintedBy }),
      response,
    });
    return settle({ response, executed: false, callId });
  }
  const outcome = run(channel, entry, args, options, callId, settle);
  return outcome instanceof Promise ? outcome : settle(outcome);
}

/** The tool's hints for a call; the worst case when `hintsFor` throws or answers nonsense. */
export function hintsOf(tool: Tool<object>, args: Args): Hints {
  try {
    const hints = tool.hintsFor(args);
    return typeof hints === "object" && hints !== null ? hints : WORST_CASE_HINTS;
  } catch {
    return WORST_CASE_HINTS;
  }
}

/** Why a call needs approval, for a person: names the tool, never an argument's value. */
export function approvalReason(toolName: string, need: ConfirmationNeed): string {
  if (need.taintedBy !== undefined) {
    return `Outside content entered this turn in ${describeTaint(need.taintedBy)}, so this call to '${toolName}', which is not read-only, needs a person's approval.`;
  }
  if (need.by === "tool") {
    return need.checkFailed
      ? `Tool '${toolName}' could not tell whether this call needs approval (its check failed), so it does.`
      : `Tool '${toolName}' asks for a person's approval of this call.`;
  }
  return need.checkFailed
    ? `The confirmation policy failed on this call to '${toolName}', so it needs approval.`
    : `The confirmation policy asks for a person's approval of this call to '${toolName}'.`;
}
