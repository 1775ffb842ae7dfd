import { ToolResponse } from "@toolgate/tool-core";
import type { DeclineOptions } from "../../approval/approve-result.js";
import { type PendingCheck, verifyPending } from "../../approval/verify-pending.js";
import type { Channel } from "./channel.js";
import { emit } from "./events.js";
import { redacted } from "./redaction.js";

const MAX_REASON_CHARS = 500;

/**
 * `ToolRegistry.decline`: the response to hand to the model for a call a person declined. For a
 * pending this key issued, its id is consumed in the ledger so no grant for it can ever run (and
 * `approve` refuses it when the ledger has `has`), and a `declined` event is emitted. A value
 * that is not a valid pending still gets a "not run" response (it is true: nothing ran), but no
 * event and no ledger entry. Never rejects.
 */
export async function declinePending(
  channel: Channel,
  value: unknown,
  options: DeclineOptions | undefined,
): Promise<ToolResponse> {
  let by: unknown;
  let reason: unknown;
  let check: PendingCheck | undefined;
  try {
    ({ by, reason } = options ?? {});
    const settings = channel.approval;
    if (settings !== undefined) check = verifyPending(value, settings.key, settings.now());
  } catch {
    check = undefined;
  }
  const why =
    typeof reason === "string" && reason.length > 0
      ? ` Reason given: ${reason.slice(0, MAX_REASON_CHARS)}`
      : "";
  if (check === undefined || !check.ok) {
    return redacted(
      channel,
      undefined,
      ToolResponse.error(`The call was not run: its approval was declined.${why}`),
    );
  }
  const pending = check.pending;
  const text = `Tool '${pending.tool}' was not run: a person declined the call.${why}`;
  const tool = channel.tools.get(pending.tool)?.tool;
  const response = redacted(channel, tool, ToolResponse.error(text));
  let recorded = false;
  try {
    // Consumed like a grant's use: a grant for this id is then refused as replayed.
    recorded = (await channel.approval!.ledger.consume(pending.id, pending.expiresAt)) === true;
  } catch {
    recorded = false;
  }
  emit(channel, {
    type: "declined",
    tool: pending.tool,
    origin: pending.origin,
    ...(pending.callId !== "" && { callId: pending.callId }),
    pendingId: pending.id,
    ...(typeof by === "string" && { by }),
    ...(typeof reason === "string" && { reason }),
    recorded,
    response,
  });
  return response;
}
