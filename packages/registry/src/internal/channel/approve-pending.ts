import type {
  ApproveOptions,
  ApproveRefusalReason,
  ApproveResult,
} from "../../approval/approve-result.js";
import { grantToken, MAX_APPROVED_BY_CHARS } from "../../approval/grant-token.js";
import type { PendingApproval } from "../../approval/pending-approval.js";
import { type PendingCheck, verifyPending } from "../../approval/verify-pending.js";
import type { Channel } from "./channel.js";
import { emit } from "./events.js";

/**
 * `ToolRegistry.approve`: checks that `value` is a pending this key issued, unedited, unexpired
 * and not declined (when the ledger can say), and signs a grant for it. Every problem is a
 * `refused` answer; it never rejects. Approving twice gives two tokens for one id: the ledger
 * lets only one of them run.
 *
 * Every answer is an event for the audit trail: `approved` (who approved which call, with its
 * arguments digest), or `approval-refused` with `stage: "approve"`. A refusal names the call only
 * when the pending's MAC verified: an unverified value's fields are whatever its sender wrote.
 */
export async function approvePending(
  channel: Channel,
  value: unknown,
  options: ApproveOptions | undefined,
): Promise<ApproveResult> {
  const settings = channel.approval;
  if (settings === undefined) {
    const message = "this registry has no approval option, so it cannot sign grants";
    return refused(channel, "no-key", message, undefined, undefined);
  }
  let by: unknown;
  let check: PendingCheck;
  try {
    by = options?.by;
    check = verifyPending(value, settings.key, settings.now());
  } catch {
    // A getter or proxy trap on the value: not plain JSON, so not a pending.
    const message = "not a pending approval: it could not be read";
    return refused(channel, "malformed", message, undefined, undefined);
  }
  const pending = check.ok ? check.pending : undefined;
  if (
    by !== undefined &&
    (typeof by !== "string" || by.length === 0 || by.length > MAX_APPROVED_BY_CHARS)
  ) {
    const message = `by must be a string of 1 to ${MAX_APPROVED_BY_CHARS} characters`;
    return refused(channel, "invalid-by", message, pending, undefined);
  }
  const approver = by as string | undefined;
  if (!check.ok) return refused(channel, check.reason, check.message, undefined, approver);
  const ledger = settings.ledger;
  if (typeof ledger.has === "function") {
    let held: unknown;
    try {
      held = await ledger.has(check.pending.id);
    } catch {
      const message = "the approval ledger could not say whether it was declined";
      return refused(channel, "ledger-failed", message, pending, approver);
    }
    if (held !== false) {
      return held === true
        ? refused(
            channel,
            "declined",
            "this pending approval was declined (or its grant used): it can never run",
            pending,
            approver,
          )
        : refused(
            channel,
            "ledger-failed",
            `the approval ledger answered ${typeof held}, not true or false`,
            pending,
            approver,
          );
    }
  }
  const approved = check.pending;
  const token = grantToken(approved, settings.key, approver === undefined ? {} : { by: approver });
  emit(channel, {
    type: "approved",
    ...identity(approved),
    ...(approver !== undefined && { by: approver }),
    argumentsDigest: approved.argumentsDigest,
    definitionFingerprint: approved.definitionFingerprint,
    args: approved.arguments,
  });
  return { status: "approved", token, pending: approved };
}

/** The call a verified pending is for, as event fields. */
function identity(pending: PendingApproval) {
  return {
    tool: pending.tool,
    origin: pending.origin,
    ...(pending.callId !== "" && { callId: pending.callId }),
    pendingId: pending.id,
  };
}

function refused(
  channel: Channel,
  reason: ApproveRefusalReason,
  message: string,
  pending: PendingApproval | undefined,
  by: string | undefined,
): ApproveResult {
  emit(channel, {
    type: "approval-refused",
    stage: "approve",
    ...(pending === undefined ? { tool: "" } : identity(pending)),
    ...(by !== undefined && { by }),
    reason,
    message,
  });
  return { status: "refused", reason, message };
}
