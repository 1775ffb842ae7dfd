import type { ExecuteOptions } from "../../tool-registry.js";
import { admitCall } from "./admit-call.js";
import type { Channel } from "./channel.js";
import { cannotConfirm, confirmCallbackOf, confirmThenRun } from "./confirmation.js";
import { deferCall } from "./defer-call.js";
import type { Outcome, Settle } from "./outcome.js";
import { deniedCall } from "./refusals.js";
import { run } from "./run.js";
import { runWithGrant } from "./run-with-grant.js";

/**
 * One call through the whole channel: admitted (stages 1-5a), confirmed when it must be (5b),
 * run (6), its outcome made a response (7-9). Synchronous when nothing needs waiting for; a
 * promise appears only for confirmation, a deadline, or a tool that returns one.
 *
 * A call that needs approval runs with a grant token (`grant`, when given) instead of asking;
 * in deferred mode, without one it answers at once with a pending approval. A call that needs
 * no approval runs as usual and leaves a token given with it unused.
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
): Outcome<T> {
  const admitted = admitCall(channel, name, rawArgs, callId);
  if (!("entry" in admitted)) return admitted;
  const { entry, args, need } = admitted;
  if (need !== undefined) {
    if (grant !== undefined) {
      return runWithGrant(channel, entry, args, options, callId, grant, settle);
    }
    const settings = channel.approval;
    if (settings?.deferred) return deferCall(channel, settings, entry, args, need, callId);
    const confirm = confirmCallbackOf(channel, options);
    if (confirm === undefined) {
      return deniedCall(channel, entry.tool, callId, "confirmation", cannotConfirm(entry.tool));
    }
    return confirmThenRun(channel, entry, args, options, callId, confirm, need.hints, settle);
  }
  return run(channel, entry, args, options, callId, settle);
}
