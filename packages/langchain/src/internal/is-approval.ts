/**
 * Whether a resume value approves the call with id `callId`: only a literal `approved: true`
 * does, and only for this call when the decision names one (a bare resume value reaches every
 * call paused in the run).
 */
export function isApproval(decision: unknown, callId: string | undefined): boolean {
  if (typeof decision !== "object" || decision === null) return false;
  const { approved, callId: named } = decision as { approved?: unknown; callId?: unknown };
  return approved === true && (named === undefined || named === callId);
}
