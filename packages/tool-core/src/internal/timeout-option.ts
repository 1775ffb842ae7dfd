import { ToolDefinitionError } from "../tool-definition-error.js";
import { clip } from "./clip.js";

/**
 * The longest delay Node's timers (`setTimeout`, `AbortSignal.timeout`) honour: 2^31-1 ms, about
 * 24.8 days. A longer one fires at once, so a timeout option above it is refused.
 */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Reads a timeout option by the one rule every toolgate package follows:
 *
 * - a whole number of milliseconds from 1 to {@link MAX_TIMER_MS} is the limit;
 * - `null` means no limit;
 * - `undefined` means `fallback` (the option's documented default, or the value it overrides);
 * - anything else (`Infinity`, 0, negatives, fractions, `NaN`, larger numbers, non-numbers)
 *   throws a `ToolDefinitionError` naming `option`.
 *
 * @param option how the error names the option, e.g. `"ToolRegistry: timeoutMs"`.
 * @example
 * timeoutOption(options.timeoutMs, "CLITool: timeoutMs", 10_000) // 10000, the number, or null
 */
export function timeoutOption(
  value: unknown,
  option: string,
  fallback: number | null,
): number | null {
  if (value === undefined) return fallback;
  if (value === null) return null;
  if (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_TIMER_MS) {
    return value;
  }
  const hint = value === Number.POSITIVE_INFINITY ? " (use null for no limit)" : "";
  throw new ToolDefinitionError(
    `${option} must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, or null for no limit; got ${shown(value)}${hint}`,
  );
}

function shown(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return JSON.stringify(clip(value, 20));
  return typeof value;
}
