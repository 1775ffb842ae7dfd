import type { CheckOptions, CheckResult } from "../../check-result.js";
import type { ToolEvent } from "../../tool-event.js";
import { admitCall } from "./admit-call.js";
import type { Channel } from "./channel.js";
import { approvalReason } from "./confirmation.js";
import type { TurnState } from "./tainted-turn.js";

// The refusal a check meets is made by the very code `execute` runs, so its text cannot differ;
// its event is caught here instead of reaching the registry's listener (a check is a question,
// not a call). admitCall is synchronous and emits last, so one slot is enough.
let caught: ToolEvent | undefined;
const catchEvent = (event: ToolEvent): void => {
  caught = event;
};
const quietViews = new WeakMap<Channel, Channel>();

function quietView(channel: Channel): Channel {
  let view = quietViews.get(channel);
  if (view === undefined) {
    // Shares the tool map and each tool's cached validator and permission decision.
    view = { ...channel, onEvent: catchEvent };
    quietViews.set(channel, view);
  }
  return view;
}

/**
 * Stages 1-5a of a call without running it or asking anyone: what `execute` would do with it.
 * Emits no event.
 */
export function checkCall(
  channel: Channel,
  name: unknown,
  rawArgs: unknown,
  options: CheckOptions | undefined,
  turn?: TurnState,
): CheckResult {
  const callId = typeof options?.callId === "string" ? options.callId : undefined;
  caught = undefined;
  const view = quietView(channel);
  const admitted = admitCall(view, name, rawArgs, callId, options?.context, turn, "skip");
  if (admitted instanceof Promise) throw new Error("internal: check() waited for a validator");
  if (!("entry" in admitted)) {
    const event = caught as ToolEvent | undefined;
    caught = undefined;
    const refusal =
      event?.type === "invalid"
        ? event.reason
        : event?.type === "denied"
          ? "permissions"
          : undefined;
    if (event === undefined || refusal === undefined) {
      throw new Error("internal: a refused check made no refusal event");
    }
    return withCallId(
      {
        status: "refused",
        tool: event.tool,
        ...(event.origin !== undefined && { origin: event.origin }),
        refusal,
        response: admitted.response,
      },
      callId,
    );
  }
  const tool = admitted.entry.tool;
  const need = admitted.need;
  if (need === undefined) {
    return withCallId(
      { status: "ready", tool: tool.name, origin: tool.origin, args: admitted.args },
      callId,
    );
  }
  return withCallId(
    {
      status: "needs-approval",
      tool: tool.name,
      origin: tool.origin,
      args: admitted.args,
      hints: need.hints,
      by: need.by,
      ...(need.taintedBy !== undefined && { taintedBy: need.taintedBy }),
      reason: approvalReason(tool.name, need),
    },
    callId,
  );
}

// Sets the id on the fresh result: spreading the result into a new object cost about 3 µs a
// check on Node 20 (the adapters ask check() for every call), setting it costs nanoseconds.
function withCallId<T extends CheckResult>(result: T, callId: string | undefined): T {
  if (callId !== undefined) (result as { callId?: string }).callId = callId;
  return result;
}
