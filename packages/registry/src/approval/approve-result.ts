import type { PendingRefusalReason } from "./approval-refusal.js";
import type { PendingApproval } from "./pending-approval.js";

/** Options of `ToolRegistry.approve`. */
export interface ApproveOptions {
  /** Who approved (a user id, an email; 1 to 200 characters): kept in the grant for the audit trail. */
  readonly by?: string;
}

/** Options of `ToolRegistry.decline`. */
export interface DeclineOptions {
  /** Who declined (a user id, an email), for the `declined` event. */
  readonly by?: string;
  /** Why, in words: added to the response the model gets (redacted like every text). */
  readonly reason?: string;
}

/**
 * Why `ToolRegistry.approve` refused a pending:
 *
 * - `malformed`, `forged`, `expired`: see `PendingRefusalReason`;
 * - `declined`: the pending was declined (or its grant already used): it can never run;
 * - `invalid-by`: `by` is not a string of 1 to 200 characters;
 * - `no-key`: this registry has no `approval` option, so it cannot sign grants;
 * - `ledger-failed`: the ledger could not say whether the pending was declined (fail closed).
 */
export type ApproveRefusalReason =
  | PendingRefusalReason
  | "declined"
  | "invalid-by"
  | "no-key"
  | "ledger-failed";

/** What `ToolRegistry.approve` answers: plain data, never a throw. */
export type ApproveResult =
  | {
      /** Marks an approval. */
      readonly status: "approved";
      /** The grant: pass it as `execute(name, args, { approval: token })`. Single use. */
      readonly token: string;
      /** The pending as verified (a fresh copy of what its MAC covers). */
      readonly pending: PendingApproval;
    }
  | {
      /** Marks a refusal: no token was made. */
      readonly status: "refused";
      /** Stable code of the refusal. */
      readonly reason: ApproveRefusalReason;
      /** One readable sentence saying what was wrong. */
      readonly message: string;
    };
