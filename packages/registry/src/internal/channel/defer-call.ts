import { ToolResponse } from "@toolgate/tool-core";
import { issuePending } from "../../approval/issue-pending.js";
import type { ExecutionResult } from "../../tool-registry.js";
import type { ApprovalSettings } from "./approval-settings.js";
import type { Args, Channel, ToolEntry } from "./channel.js";
import { approvalReason, type ConfirmationNeed } from "./confirmation.js";
import { emit } from "./events.js";
import { redacted } from "./redaction.js";
import { deniedCall } from "./refusals.js";
import { toolFingerprint } from "./tool-fingerprint.js";

/**
 * Stage 5b in deferred mode: a call that needs approval answers at once with a signed
 * `PendingApproval` (in the result and an `approval-requested` event) instead of asking
 * `confirm`. The response is an error response: a model must not read a call that did not run
 * as done, and an error makes it stop and say so instead of building on a result it lacks.
 */
export function deferCall(
  channel: Channel,
  settings: ApprovalSettings,
  entry: ToolEntry,
  args: Args,
  need: ConfirmationNeed,
  callId: string | undefined,
): ExecutionResult {
  const tool = entry.tool;
  let pending: ReturnType<typeof issuePending>;
  try {
    pending = issuePending(
      {
        callId: callId ?? "",
        definition: tool,
        arguments: args,
        reason: approvalReason(tool.name, need),
        ttlMs: settings.ttlMs,
        definitionFingerprint: toolFingerprint(entry),
      },
      settings.key,
      settings.now(),
    );
  } catch {
    // A clock or a definition that cannot be signed: refuse rather than run unapproved.
    const text = `Tool '${tool.name}' needs a person's approval and the call could not be put to one: the call was not run.`;
    return deniedCall(channel, tool, callId, "confirmation", text);
  }
  const text = `Tool '${tool.name}' was not run yet: the call awaits a person's approval. Do not call it again; its result will follow once a person approves or declines it.`;
  const response = redacted(channel, tool, ToolResponse.error(text));
  emit(channel, {
    type: "approval-requested",
    tool: tool.name,
    origin: tool.origin,
    callId,
    pending,
    response,
  });
  return { response, executed: false, callId, pending };
}
