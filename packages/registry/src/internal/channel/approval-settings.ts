import type { KeyObject } from "node:crypto";
import { ToolDefinitionError } from "@toolgate/tool-core";
import { timeoutOption } from "@toolgate/tool-core/internal";
import { approvalKey } from "../../approval/approval-key.js";
import type { ApprovalLedger } from "../../approval/approval-ledger.js";
import type { ApprovalOptions } from "../../approval/approval-options.js";
import { InMemoryApprovalLedger } from "../../approval/in-memory-approval-ledger.js";
import { DEFAULT_APPROVAL_TTL_MS } from "../../approval/issue-pending.js";

/** A registry's `approval` option, checked once when the registry is made. */
export interface ApprovalSettings {
  readonly key: KeyObject;
  readonly ttlMs: number;
  readonly ledger: ApprovalLedger;
  /** True: a call that needs approval answers with a pending instead of asking `confirm`. */
  readonly deferred: boolean;
  readonly now: () => number;
}

const OPTION = "ToolRegistry: approval";

/**
 * Checks the `approval` option; `undefined` when it is absent.
 *
 * @throws ToolDefinitionError for a missing or short key, a bad `ttlMs`, `ledger`, `mode` or `now`.
 */
export function approvalSettings(
  option: ApprovalOptions | undefined,
): ApprovalSettings | undefined {
  if (option === undefined) return undefined;
  if (typeof option !== "object" || option === null) {
    throw new ToolDefinitionError(`${OPTION} must be an object with a key`);
  }
  const key = approvalKey(option.key, `${OPTION}.key`);
  const ttlMs = timeoutOption(option.ttlMs, `${OPTION}.ttlMs`, DEFAULT_APPROVAL_TTL_MS);
  if (ttlMs === null)
    throw new ToolDefinitionError(`${OPTION}.ttlMs cannot be null: a pending must expire`);
  const mode = option.mode ?? "deferred";
  if (mode !== "deferred" && mode !== "confirm") {
    throw new ToolDefinitionError(
      `${OPTION}.mode must be "deferred" or "confirm", got ${String(mode)}`,
    );
  }
  const now = option.now ?? Date.now;
  if (typeof now !== "function") throw new ToolDefinitionError(`${OPTION}.now must be a function`);
  const ledger = option.ledger ?? new InMemoryApprovalLedger({ now });
  if (typeof ledger !== "object" || ledger === null || typeof ledger.consume !== "function") {
    throw new ToolDefinitionError(`${OPTION}.ledger must have a consume(id, expiresAt) method`);
  }
  return { key, ttlMs, ledger, deferred: mode === "deferred", now };
}
