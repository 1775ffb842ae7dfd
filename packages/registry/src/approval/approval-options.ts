import type { ApprovalKeyInput } from "./approval-key.js";
import type { ApprovalLedger } from "./approval-ledger.js";

/**
 * The registry's `approval` option: deferred approval and grant tokens (see the README,
 * "Deferred approval"). Giving it turns deferred mode on unless `mode` says `"confirm"`.
 */
export interface ApprovalOptions {
  /**
   * The secret that signs pendings and grants: at least 32 bytes (a string's UTF-8 bytes, a
   * `Uint8Array`, or a secret `KeyObject`). There is no default: a guessable key would let anyone
   * forge grants. Every registry holding the same key accepts the others' pendings and grants.
   */
  readonly key: ApprovalKeyInput;
  /**
   * How long a pending approval, and the grant made from it, stays valid, in ms (1 to 2^31-1).
   * @default 900_000 (15 minutes)
   */
  readonly ttlMs?: number;
  /**
   * Makes grants single use. Share one store between every registry that holds the key (see
   * `ApprovalLedger` for a Redis sketch). @default a new `InMemoryApprovalLedger` (this process only)
   */
  readonly ledger?: ApprovalLedger;
  /**
   * `"deferred"`: a call that needs approval answers at once with a `PendingApproval` instead of
   * awaiting `confirm`. `"confirm"`: such calls still await `confirm` as without this option, and
   * only grant tokens are accepted (`execute(..., { approval: token })`). @default "deferred"
   */
  readonly mode?: "deferred" | "confirm";
  /** The clock for issuing and expiring pendings and grants, epoch ms. @default Date.now */
  readonly now?: () => number;
}
