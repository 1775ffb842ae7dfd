import type { ExecuteOptions, ExecutionResult, ToolCall } from "../../tool-registry.js";
import { checkArgumentValues } from "../check-argument-values.js";
import { readArguments } from "./arguments.js";
import type { Args, Channel } from "./channel.js";
import { confirmationNeed } from "./confirmation.js";
import { executeCall } from "./execute-call.js";
import { lookUp } from "./lookup.js";
import { unreadableCall } from "./refusals.js";
import type { TurnState } from "./tainted-turn.js";
import { validatorOf } from "./validation.js";

/** A batch call read once: its fields, whether it may run beside its neighbours, or what threw. */
interface PreparedCall {
  name: string;
  args: Args | string | undefined;
  id: string | undefined;
  concurrent: boolean;
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
 */
export async function executeBatch(
  channel: Channel,
  calls: readonly ToolCall[],
  options: ExecuteOptions,
  turn?: TurnState,
): Promise<ExecutionResult[]> {
  if (!Array.isArray(calls)) throw new TypeError("executeBatch takes an array of tool calls");
  const prepared = calls.map((call) => prepare(channel, call, options.context));
  const results = new Array<ExecutionResult>(prepared.length);
  let i = 0;
  while (i < prepared.length) {
    const call = prepared[i]!;
    if (!call.concurrent) {
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
    let end = i;
    while (end < prepared.length && prepared[end]!.concurrent) end++;
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

function prepare(channel: Channel, call: ToolCall, context: unknown): PreparedCall {
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
    const concurrent =
      typeof validate !== "string" &&
      validate(parsed) === true &&
      confirmationNeed(channel, entry.tool, parsed, context) === undefined;
    return { name, args, id: callId, concurrent, approval };
  } catch {
    return { name, args, id: callId, concurrent: false, approval };
  }
}
