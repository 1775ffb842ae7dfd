import type { ExecuteOptions, ExecutionResult, ToolCall } from "../../tool-registry.js";
import { checkArgumentValues } from "../check-argument-values.js";
import { readArguments } from "./arguments.js";
import type { Args, Channel } from "./channel.js";
import { confirmationNeed } from "./confirmation.js";
import { executeCall } from "./execute-call.js";
import { lookUp } from "./lookup.js";
import { unreadableCall } from "./refusals.js";
import { askedWhenTainted, type TurnState } from "./tainted-turn.js";
import { settledArguments, validatorOf } from "./validation.js";

/** A batch call read once: its fields, whether it may run beside its neighbours, or what threw. */
interface PreparedCall {
  name: string;
  args: Args | string | undefined;
  id: string | undefined;
  concurrent: boolean;
  /** In a turn: its tool brings outside content, so its result taints the turn. */
  external?: boolean;
  /** In a turn: a tainted turn would ask about it (it is not read-only). */
  askedWhenTainted?: boolean;
  /** The call's grant token (`ToolCall.approval`), read once. */
  approval?: unknown;
  /** What reading the call's fields threw. */
  unreadable?: unknown;
}

function asResult(result: ExecutionResult): ExecutionResult {
  return result;
}

/**
 * A model's calls, one result per call in input order, each with the call's `id`. A run of
 * adjacent calls whose tools are `parallel` and need no confirmation runs concurrently; every
 * other call runs alone, after the ones before it. Rejects only when `calls` is not an array or
 * `options` are invalid.
 *
 * In a turn, a call a tainted turn would ask about never runs beside an `externalContent` call
 * before it: the group ends before it, so it is judged once that call's outside content is in
 * (and needs approval like any later call). In a turn already tainted it runs alone, asked alone.
 */
export async function executeBatch(
  channel: Channel,
  calls: readonly ToolCall[],
  options: ExecuteOptions,
  turn?: TurnState,
): Promise<ExecutionResult[]> {
  if (!Array.isArray(calls)) throw new TypeError("executeBatch takes an array of tool calls");
  const prepared = calls.map((call) => prepare(channel, call, options.context, turn));
  const results = new Array<ExecutionResult>(prepared.length);
  let i = 0;
  while (i < prepared.length) {
    const call = prepared[i]!;
    const end = groupEnd(prepared, i, turn);
    if (end === i) {
      results[i] =
        "unreadable" in call
          ? unreadableCall(channel, call.unreadable)
          : await executeCall(
              channel,
              call.name,
              call.args,
              options,
              call.id,
              asResult,
              call.approval,
              turn,
            );
      i++;
      continue;
    }
    const group = prepared
      .slice(i, end)
      .map((member) =>
        executeCall(
          channel,
          member.name,
          member.args,
          options,
          member.id,
          asResult,
          member.approval,
          turn,
        ),
      );
    const settled = await Promise.all(group);
    for (let k = 0; k < settled.length; k++) results[i + k] = settled[k]!;
    i = end;
  }
  return results;
}

/**
 * Where the parallel group starting at `start` ends (exclusive); `start` itself when its call
 * runs alone. In a turn, outside content already in the turn or brought by an earlier member
 * ends the group before a call a tainted turn would ask about.
 */
function groupEnd(prepared: readonly PreparedCall[], start: number, turn?: TurnState): number {
  let outside = turn?.taintedBy !== undefined;
  let end = start;
  while (end < prepared.length) {
    const member = prepared[end]!;
    if (!member.concurrent || (outside && member.askedWhenTainted === true)) break;
    if (member.external === true) outside = true;
    end++;
  }
  return end;
}

function prepare(
  channel: Channel,
  call: ToolCall,
  context: unknown,
  turn: TurnState | undefined,
): PreparedCall {
  let name: string;
  let id: unknown;
  let args: Args | string | undefined;
  let approval: unknown;
  try {
    if (typeof call !== "object" || call === null) {
      return { name: String(call), args: undefined, id: undefined, concurrent: false };
    }
    // Each field is read once: a getter cannot show the checks one value and the tool another.
    ({ name, id, args, approval } = call);
  } catch (error) {
    return { name: "", args: undefined, id: undefined, concurrent: false, unreadable: error };
  }
  const callId = typeof id === "string" ? id : undefined;
  const entry = lookUp(channel, name);
  if (entry === undefined || !entry.tool.parallel) {
    return { name, args, id: callId, concurrent: false, approval };
  }
  // Parse once here so the parallel check sees real arguments. Only valid calls reach
  // needsConfirmation and the policy; anything wrong (bad JSON, values, a validator that
  // throws) makes the call run alone, and executeCall reports it.
  try {
    const parsed = readArguments(args);
    if (typeof parsed === "string") return { name, args, id: callId, concurrent: false, approval };
    args = parsed;
    if (checkArgumentValues(parsed, true) !== undefined) {
      return { name, args, id: callId, concurrent: false, approval };
    }
    const validate = validatorOf(entry);
    const valid =
      typeof validate !== "string" && validate(parsed) === true
        ? settledArguments(entry, parsed)
        : undefined;
    const concurrent =
      valid !== undefined && confirmationNeed(channel, entry.tool, valid, context) === undefined;
    if (!concurrent || turn === undefined) return { name, args, id: callId, concurrent, approval };
    return {
      name,
      args,
      id: callId,
      concurrent,
      approval,
      external: entry.tool.externalContent,
      // What the tool would get: a Standard Schema's output, not the raw arguments.
      askedWhenTainted: askedWhenTainted(entry.tool, valid ?? parsed),
    };
  } catch {
    return { name, args, id: callId, concurrent: false, approval };
  }
}
