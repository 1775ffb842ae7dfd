import type { ApproveOptions, ApproveResult } from "../../approval/approve-result.js";
import { grantToken, MAX_APPROVED_BY_CHARS } from "../../approval/grant-token.js";
import { type PendingCheck, verifyPending } from "../../approval/verify-pending.js";
import type { Channel } from "./channel.js";

/**
 * `ToolRegistry.approve`: checks that `value` is a pending this key issued, unedited, unexpired
 * and not declined (when the ledger can say), and signs a grant for it. Every problem is a
 * `refused` answer; it never rejects. Approving twice gives two tokens for one id: the ledger
 * lets only one of them run.
 */
export async function approvePending(
  channel: Channel,
  value: unknown,
  options: ApproveOptions | undefined,
): Promise<ApproveResult> {
  const settings = channel.approval;
  if (settings === undefined) {
    return refused("no-key", "this registry has no approval option, so it cannot sign grants");
  }
  let by: unknown;
  let check: PendingCheck;
  try {
    by = options?.by;
    check = verifyPending(value, settings.key, settings.now());
  } catch {
    // A getter or proxy trap on the value: not plain JSON, so not a pending.
    return refused("malformed", "not a pending approval: it could not be read");
  }
  if (
    by !== undefined &&
    (typeof by !== "string" || by.length === 0 || by.length > MAX_APPROVED_BY_CHARS)
  ) {
    return refused("invalid-by", `by must be a string of 1 to ${MAX_APPROVED_BY_CHARS} characters`);
  }
  if (!check.ok) return refused(check.reason, check.message);
  const pending = check.pending;
  const ledger = settings.ledger;
  if (typeof ledger.has === "function") {
    let held: unknown;
    try {
      held = await ledger.has(pending.id);
    } catch {
      return refused("ledger-failed", "the approval ledger could not say whether it was declined");
    }
    if (held !== false) {
      return held === true
        ? refused(
            "declined",
            "this pending approval was declined (or its grant used): it can never run",
          )
        : refused(
            "ledger-failed",
            `the approval ledger answered ${typeof held}, not true or false`,
          );
    }
  }
  const token = grantToken(pending, settings.key, by === undefined ? {} : { by: by as string });
  return { status: "approved", token, pending };
}

function refused(
  reason: Extract<ApproveResult, { status: "refused" }>["reason"],
  message: string,
): ApproveResult {
  return { status: "refused", reason, message };
}
