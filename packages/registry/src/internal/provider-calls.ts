import type { PendingToolCall } from "../provider-messages.js";
import type { ExecutionResult } from "../tool-registry.js";

/** Adds the result's pending approval, if it has one, with where its answer is. */
export function notePending(
  pendings: PendingToolCall[],
  result: ExecutionResult,
  index: number,
  callId: string,
): void {
  if (result.pending !== undefined) pendings.push({ index, callId, pending: result.pending });
}

/** A provider's id or kind as text, whatever the value (a throwing `toString` included). */
export function asText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return String(value);
  } catch {
    return typeof value;
  }
}
