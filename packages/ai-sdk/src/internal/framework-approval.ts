import type { ModelMessage } from "ai";

/**
 * The id of the approval a person gave in the AI SDK for this call, when `messages` are the ones
 * the AI SDK resumes with: their last message is a tool message holding the first
 * `tool-approval-response` for this call, approved, and no result for it yet. This mirrors
 * `collectToolApprovals` in ai@6, which executes exactly such calls and no others; in every later
 * step of the loop the last message holds results instead, so a model that repeats an approved
 * call's id is not taken for approved.
 */
export function frameworkApproval(
  messages: readonly ModelMessage[] | undefined,
  toolCallId: string,
  toolName: string,
): string | undefined {
  const last = messages?.at(-1);
  if (last?.role !== "tool" || !Array.isArray(last.content)) return undefined;
  const responses = last.content.filter((part) => part.type === "tool-approval-response");
  if (responses.length === 0) return undefined;
  if (last.content.some((part) => part.type === "tool-result" && part.toolCallId === toolCallId)) {
    return undefined;
  }
  const { requestedFor, calledTool } = approvalRequests(messages ?? []);
  // Only the first response for a call counts, as in the AI SDK: a later one never turns a
  // denial into an approval.
  const response = responses.find((part) => requestedFor.get(part.approvalId) === toolCallId);
  if (response?.approved !== true || calledTool.get(toolCallId) !== toolName) return undefined;
  return response.approvalId;
}

/** Which call each approval request was for, and which tool each call named. */
function approvalRequests(messages: readonly ModelMessage[]): {
  requestedFor: Map<string, string>;
  calledTool: Map<string, string>;
} {
  const requestedFor = new Map<string, string>();
  const calledTool = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== "assistant" || !Array.isArray(message.content)) continue;
    for (const part of message.content) {
      if (part.type === "tool-approval-request") requestedFor.set(part.approvalId, part.toolCallId);
      // A later call with the same id wins, as in the AI SDK's own lookup.
      else if (part.type === "tool-call") calledTool.set(part.toolCallId, part.toolName);
    }
  }
  return { requestedFor, calledTool };
}
