import type { MCPRestartOptions } from "../mcp-restart-options.js";

/** Restart settings with every default filled in. */
export interface RestartPolicy {
  readonly maxAttempts: number;
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
}

const DEFAULTS: RestartPolicy = Object.freeze({
  maxAttempts: 5,
  initialDelayMs: 500,
  maxDelayMs: 10_000,
});

/**
 * The client's `restart` option, checked: `false` turns restarts off (`undefined`), absent or
 * `true` means the defaults.
 *
 * @throws TypeError naming the field that is not a whole number in range.
 */
export function restartPolicy(
  option: MCPRestartOptions | boolean | undefined,
): RestartPolicy | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true) return DEFAULTS;
  if (typeof option !== "object" || option === null) {
    throw new TypeError("MCPClient restart must be an object of restart settings, true or false");
  }
  const policy = {
    maxAttempts: whole(option.maxAttempts, "maxAttempts", DEFAULTS.maxAttempts, 1),
    initialDelayMs: whole(option.initialDelayMs, "initialDelayMs", DEFAULTS.initialDelayMs, 0),
    maxDelayMs: whole(option.maxDelayMs, "maxDelayMs", DEFAULTS.maxDelayMs, 0),
  };
  return Object.freeze(policy);
}

/** The wait before attempt `attempt` (1-based) in a row: none for the first, then doubling, capped. */
export function restartDelay(attempt: number, policy: RestartPolicy): number {
  if (attempt <= 1) return 0;
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 2));
}

function whole(value: unknown, field: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  // Timers hold at most 2^31-1 ms; more attempts than that would never be reached.
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > 2 ** 31 - 1) {
    throw new TypeError(
      `MCPClient restart.${field} must be a whole number from ${min} to ${2 ** 31 - 1}, got ${String(value)}`,
    );
  }
  return value;
}
