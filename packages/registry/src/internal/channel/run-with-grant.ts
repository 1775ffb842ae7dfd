import { type Tool, ToolResponse } from "@toolgate/tool-core";
import { argumentsDigest } from "../../approval/arguments-digest.js";
import type { GrantClaims } from "../../approval/grant-token.js";
import { type GrantCheck, verifyGrant } from "../../approval/verify-grant.js";
import type { ApprovalRefusedReason } from "../../tool-event.js";
import type { ExecuteOptions, ExecutionResult } from "../../tool-registry.js";
import type { Args, Channel, ToolEntry } from "./channel.js";
import { emit } from "./events.js";
import type { Outcome, Settle } from "./outcome.js";
import { redacted } from "./redaction.js";
import { run } from "./run.js";
import { toolFingerprint } from "./tool-fingerprint.js";

/**
 * Stage 5b with a grant token: runs an admitted call that needs approval without asking
 * `confirm`, only if the token verifies against the call as it is NOW (tool, digest of the
 * validated arguments, fingerprint of the tool as registered, expiry) and the ledger takes its
 * id for the first time, announced by a `grant-used` event. Anything else is a refusal response
 * and an `approval-refused` event (`stage: "execute"`), never a throw: a ledger that throws or
 * rejects refuses too (fail closed).
 */
export function runWithGrant<T>(
  channel: Channel,
  entry: ToolEntry,
  args: Args,
  options: ExecuteOptions | undefined,
  callId: string | undefined,
  token: unknown,
  settle: Settle<T>,
): Outcome<T> {
  const tool = entry.tool;
  const settings = channel.approval;
  if (settings === undefined) {
    const message = "this registry accepts no grant tokens (it has no approval option)";
    return refused(channel, tool, callId, "no-key", message);
  }
  let check: GrantCheck;
  try {
    const expected = {
      tool: tool.name,
      argumentsDigest: argumentsDigest(args),
      definitionFingerprint: toolFingerprint(entry),
    };
    check = verifyGrant(token, settings.key, expected, settings.now());
  } catch (error) {
    const message = "the grant could not be checked against this call";
    return refused(channel, tool, callId, "malformed-token", message, error);
  }
  if (!check.ok) return refused(channel, tool, callId, check.reason, check.message);
  const grant = check.grant;
  let used: unknown;
  try {
    used = settings.ledger.consume(grant.id, grant.expiresAt);
  } catch (error) {
    return ledgerFailed(channel, tool, callId, error);
  }
  if (!(used instanceof Promise)) {
    return consumed(channel, entry, args, options, callId, grant, used, settle);
  }
  return used.then(
    (answer: unknown) => {
      const outcome = consumed(channel, entry, args, options, callId, grant, answer, settle);
      return outcome instanceof Promise ? outcome : settle(outcome);
    },
    (error: unknown) => settle(ledgerFailed(channel, tool, callId, error)),
  );
}

function consumed<T>(
  channel: Channel,
  entry: ToolEntry,
  args: Args,
  options: ExecuteOptions | undefined,
  callId: string | undefined,
  grant: GrantClaims,
  used: unknown,
  settle: Settle<T>,
): Outcome<T> {
  const tool = entry.tool;
  if (used === false) {
    const message = "the grant was already used, or its call was declined: a grant runs once";
    return refused(channel, tool, callId, "replayed", message);
  }
  if (used !== true) {
    const message = `the approval ledger answered ${typeof used}, not true or false`;
    return refused(channel, tool, callId, "ledger-failed", message);
  }
  emit(channel, {
    type: "grant-used",
    tool: tool.name,
    origin: tool.origin,
    callId,
    pendingId: grant.id,
    ...(grant.approvedBy !== undefined && { approvedBy: grant.approvedBy }),
    argumentsDigest: grant.argumentsDigest,
    args,
  });
  return run(channel, entry, args, options, callId, settle);
}

function ledgerFailed(
  channel: Channel,
  tool: Tool<object>,
  callId: string | undefined,
  error: unknown,
): ExecutionResult {
  const message = "the approval ledger could not record the grant's use";
  return refused(channel, tool, callId, "ledger-failed", message, error);
}

function refused(
  channel: Channel,
  tool: Tool<object>,
  callId: string | undefined,
  reason: ApprovalRefusedReason,
  message: string,
  error?: unknown,
): ExecutionResult {
  const text = `Tool '${tool.name}' was not run: its approval was refused (${reason}: ${message}).`;
  const response = redacted(channel, tool, ToolResponse.error(text));
  emit(channel, {
    type: "approval-refused",
    stage: "execute",
    tool: tool.name,
    origin: tool.origin,
    callId,
    reason,
    message,
    ...(error !== undefined && { error }),
    response,
  });
  return { response, executed: false, callId };
}
