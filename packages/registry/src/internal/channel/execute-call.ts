import type { ExecuteOptions, ExecutionResult } from "../../tool-registry.js";
import { startCallSpan } from "../tracing/call-span.js";
import { type AdmittedCall, admitCall } from "./admit-call.js";
import { newCallId } from "./call-id.js";
import type { Channel } from "./channel.js";
import { cannotConfirm, confirmCallbackOf, confirmThenRun } from "./confirmation.js";
import { deferCall } from "./defer-call.js";
import type { Outcome, Settle } from "./outcome.js";
import { deniedCall } from "./refusals.js";
import { run } from "./run.js";
import { runWithGrant } from "./run-with-grant.js";
import { markingTaint, type TurnState } from "./tainted-turn.js";

/**
 * One call through the whole channel: admitted (stages 1-5a), confirmed when it must be (5b),
 * run (6), its outcome made a response (7-9). Synchronous when nothing needs waiting for; a
 * promise appears only for confirmation, a deadline, or a tool that returns one.
 *
 * A call that needs approval runs with a grant token (`grant`, when given) instead of asking;
 * without one, a per-call `confirm` is asked; else, in deferred mode, it answers at once with a
 * pending approval, and otherwise the registry's `confirm` is asked. A call that needs
 * no approval runs as usual and leaves a token given with it unused. In a turn (`turn`), a call
 * that a tainted turn makes need approval is treated like any other that needs it, and a call to
 * an `externalContent` tool that runs taints the turn.
 *
 * A call without an id gets one (`newCallId`) when something will see it: an event listener, a
 * pending approval, a span that records. It is then the call's id everywhere, the result and the
 * tool's context too. The call is a span (`tracing`), and the stages run in its context.
 *
 * @throws TypeError for an invalid `options.timeoutMs` (never for the call itself).
 */
export function executeCall<T>(
  channel: Channel,
  name: unknown,
  rawArgs: unknown,
  options: ExecuteOptions | undefined,
  callId: string | undefined,
  settle: Settle<T>,
  grant?: unknown,
  turn?: TurnState,
): Outcome<T> {
  // Made only where it is seen (events, progress, a pending approval): a call nobody watches
  // pays nothing.
  if (
    callId === undefined &&
    (channel.onEvent !== undefined ||
      channel.approval !== undefined ||
      options?.onProgress !== undefined)
  ) {
    callId = newCallId();
  }
  const tracing = channel.tracing;
  const span = tracing === undefined ? undefined : startCallSpan(channel, tracing, name, callId);
  if (span === undefined) {
    return stages(channel, name, rawArgs, options, callId, settle, grant, turn);
  }
  return span.run((traced, id) => stages(traced, name, rawArgs, options, id, settle, grant, turn));
}

function stages<T>(
  channel: Channel,
  name: unknown,
  rawArgs: unknown,
  options: ExecuteOptions | undefined,
  callId: string | undefined,
  settle: Settle<T>,
  grant: unknown,
  turn: TurnState | undefined,
): Outcome<T> {
  const admitted = admitCall(channel, name, rawArgs, callId, options?.context, turn);
  if (!(admitted instanceof Promise)) {
    return admittedOutcome(channel, admitted, options, callId, settle, grant, turn);
  }
  // A Standard Schema that validates asynchronously: the rest of the call waits for it.
  return admitted.then((ready) => {
    const outcome = admittedOutcome(channel, ready, options, callId, settle, grant, turn);
    return outcome instanceof Promise ? outcome : settle(outcome);
  });
}

function admittedOutcome<T>(
  channel: Channel,
  admitted: AdmittedCall | ExecutionResult,
  options: ExecuteOptions | undefined,
  callId: string | undefined,
  settle: Settle<T>,
  grant: unknown,
  turn: TurnState | undefined,
): Outcome<T> {
  if (!("entry" in admitted)) return admitted;
  if (turn === undefined) return proceed(channel, admitted, options, callId, settle, grant);
  return markingTaint(turn, admitted.entry, callId, settle, (marked) =>
    proceed(channel, admitted, options, callId, marked, grant),
  );
}

function proceed<T>(
  channel: Channel,
  admitted: AdmittedCall,
  options: ExecuteOptions | undefined,
  callId: string | undefined,
  settle: Settle<T>,
  grant: unknown,
): Outcome<T> {
  const { entry, args, need } = admitted;
  if (need !== undefined) {
    if (grant !== undefined) {
      return runWithGrant(channel, entry, args, options, callId, grant, settle);
    }
    // A per-call confirm is the caller saying how this call is confirmed (an adapter whose
    // framework already put it to a person), so it is asked even in deferred mode; the
    // registry-wide one loses to deferred mode.
    const settings = channel.approval;
    if (settings?.deferred && options?.confirm === undefined) {
      return deferCall(channel, settings, entry, args, need, callId);
    }
    const confirm = confirmCallbackOf(channel, options);
    if (confirm === undefined) {
      const text = cannotConfirm(entry.tool, need);
      return deniedCall(channel, entry.tool, callId, "confirmation", text);
    }
    return confirmThenRun(channel, entry, args, options, callId, confirm, need, settle);
  }
  return run(channel, entry, args, options, callId, settle);
}
