/**
 * Makes grants single use: remembers the id of every grant used until the grant expires.
 * `consume(id, expiresAt)` answers `true` the first time an id is used and `false` after that;
 * it must be atomic (two concurrent calls with one id: exactly one gets `true`). A throw or a
 * rejected promise refuses the call (fail closed).
 *
 * Ship `InMemoryApprovalLedger` for one process. Across processes, give every registry one shared
 * store; with Redis, `SET key 1 NX PX <ttl>` is the whole ledger (set only if absent, forgotten
 * when the grant could no longer be used anyway):
 *
 * @example
 * const ledger: ApprovalLedger = {
 *   async consume(id, expiresAt) {
 *     const ttl = Math.max(1, Math.ceil(expiresAt - Date.now()));
 *     return (await redis.set(`toolgate:grant:${id}`, "1", "PX", ttl, "NX")) === "OK";
 *   },
 * };
 */
export interface ApprovalLedger {
  /**
   * Marks a grant used. `true`: first use, run the call. `false`: already used (a replay), or
   * the ledger will not hold it (see the implementation).
   *
   * @param id the grant's pending id.
   * @param expiresAt the grant's expiry, epoch ms: after it the id need not be remembered.
   */
  consume(id: string, expiresAt: number): boolean | Promise<boolean>;
  /**
   * Whether `id` is held (used, or declined) and unexpired. Optional: with it, a registry's
   * `approve` refuses a pending already declined; without it, `approve` still signs a grant,
   * and that grant is refused when it is used (its id is consumed). With Redis: `EXISTS`.
   */
  has?(id: string): boolean | Promise<boolean>;
}
