/** Limits on one expression; each bounds the work one call can cause. */
export interface CalculatorLimits {
  /** Longest expression accepted, in characters (UTF-16 code units). @default 4000 */
  maxLength?: number;
  /**
   * Deepest nesting of parentheses, calls, unary signs and powers (`((1))` is 2 levels,
   * `--1` is 2, `2**3**4` is 2). Keeps the parser's recursion far from the stack limit.
   * @default 100
   */
  maxDepth?: number;
  /** Most numbers, names and operators in one expression. @default 1000 */
  maxNodes?: number;
  /** Longest number literal, in characters. @default 100 */
  maxNumberLength?: number;
}

/** The limits used when none are given. */
export const DEFAULT_CALCULATOR_LIMITS: Readonly<Required<CalculatorLimits>> = Object.freeze({
  maxLength: 4000,
  maxDepth: 100,
  maxNodes: 1000,
  maxNumberLength: 100,
});

const LIMIT_KEYS = Object.keys(DEFAULT_CALCULATOR_LIMITS) as (keyof CalculatorLimits)[];

/**
 * Internal: fills in defaults and checks that each limit is a positive whole number.
 *
 * @throws TypeError naming the bad limit.
 */
export function resolveCalculatorLimits(limits: CalculatorLimits = {}): Required<CalculatorLimits> {
  if (typeof limits !== "object" || limits === null) {
    throw new TypeError("calculator limits must be an object");
  }
  const resolved = { ...DEFAULT_CALCULATOR_LIMITS };
  for (const key of LIMIT_KEYS) {
    const value = limits[key];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
      throw new TypeError(
        `calculator ${key} must be a positive whole number, got ${String(value)}`,
      );
    }
    resolved[key] = value;
  }
  return resolved;
}
