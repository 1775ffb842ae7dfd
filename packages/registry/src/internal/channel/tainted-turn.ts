import { type Hints, isValidToolName, type Tool } from "@toolgate/tool-core";
import type { ExecutionResult } from "../../tool-registry.js";
import type { TaintSource } from "../../tool-turn.js";
import type { Args, ToolEntry } from "./channel.js";
import { type ConfirmationNeed, hintsOf } from "./confirmation.js";
import type { Outcome, Settle } from "./outcome.js";

/** A turn's memory: the first result with outside content returned in it. */
export interface TurnState {
  taintedBy: TaintSource | undefined;
}

/**
 * The `taintedBy` option of `registry.turn()`, checked and copied (so a later change to the
 * caller's object, or a getter, cannot move it): `undefined` for a clean turn.
 */
export function checkTaintSource(value: unknown): TaintSource | undefined {
  if (value === undefined) return undefined;
  const problem = "turn: taintedBy must be { tool: <a tool name>, callId?: <a string> }";
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const kind = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
    throw new TypeError(`${problem}, got ${kind}`);
  }
  const { tool, callId } = value as { tool?: unknown; callId?: unknown };
  if (!isValidToolName(tool)) {
    throw new TypeError(`${problem}; its tool is not a tool name`);
  }
  if (callId === undefined) return Object.freeze({ tool });
  if (typeof callId !== "string") throw new TypeError(`${problem}; its callId is not a string`);
  return Object.freeze({ tool, callId });
}

/**
 * Stage 5a in a tainted turn: a call the policy lets through still needs approval unless it is
 * read-only. A read-only hint from an MCP server is its own claim, and outside content may be
 * steering the model, so it does not count here (as `confirmUnlessReadOnly` does by default).
 */
export function taintNeed(
  tool: Tool<object>,
  args: Args,
  taintedBy: TaintSource,
): ConfirmationNeed | undefined {
  const hints = hintsOf(tool, args);
  if (countsAsReadOnly(tool, hints)) return undefined;
  return { hints, by: "turn", checkFailed: false, taintedBy };
}

/** Whether a tainted turn would ask about this call: it is not read-only by a claim that counts. */
export function askedWhenTainted(tool: Tool<object>, args: Args): boolean {
  return !countsAsReadOnly(tool, hintsOf(tool, args));
}

function countsAsReadOnly(tool: Tool<object>, hints: Hints): boolean {
  return hints.readOnly === true && !tool.origin.startsWith("mcp:");
}

/**
 * Runs `proceed` and, when the tool brings outside content (`externalContent`) and ran, marks the
 * turn tainted by this call (the first such call is kept). A call that did not run brought
 * nothing in.
 */
export function markingTaint<T>(
  turn: TurnState,
  entry: ToolEntry,
  callId: string | undefined,
  settle: Settle<T>,
  proceed: (settle: Settle<T>) => Outcome<T>,
): Outcome<T> {
  if (!entry.tool.externalContent) return proceed(settle);
  const source: TaintSource =
    callId === undefined ? { tool: entry.tool.name } : { tool: entry.tool.name, callId };
  const mark = (result: ExecutionResult): ExecutionResult => {
    if (result.executed) turn.taintedBy ??= source;
    return result;
  };
  const outcome = proceed((result) => settle(mark(result)));
  return outcome instanceof Promise ? outcome : mark(outcome);
}

/** How a person reads where a turn's outside content came from. */
export function describeTaint(source: TaintSource): string {
  return source.callId === undefined
    ? `the result of '${source.tool}'`
    : `the result of '${source.tool}' (call ${source.callId})`;
}
