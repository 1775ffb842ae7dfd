import {
  pyArcUnit,
  pyLog,
  pyLogBase,
  pyMinMax,
  pyRound,
  pyRoundDigits,
  pySqrt,
} from "./python-math.js";

/** A function the calculator can call; `apply` gets exactly `minArgs`..`maxArgs` numbers. */
export interface CalculatorFunction {
  readonly minArgs: number;
  readonly maxArgs: number;
  /** How to call it, for error messages: `round(x, ndigits?)`. */
  readonly signature: string;
  readonly apply: (args: readonly number[]) => number;
}

function one(name: string, f: (x: number) => number): [string, CalculatorFunction] {
  return [name, { minArgs: 1, maxArgs: 1, signature: `${name}(x)`, apply: (a) => f(a[0]!) }];
}

// Maps, not object literals: a lookup of `__proto__`, `constructor` or `toString` must find
// nothing rather than walk Object.prototype.
/** The functions, with Python's `math` meaning. */
export const CALCULATOR_FUNCTIONS: ReadonlyMap<string, CalculatorFunction> = new Map([
  one("abs", Math.abs),
  one("sqrt", pySqrt),
  [
    "round",
    {
      minArgs: 1,
      maxArgs: 2,
      signature: "round(x, ndigits?)",
      apply: (a) => (a.length === 1 ? pyRound(a[0]!) : pyRoundDigits(a[0]!, a[1]!)),
    },
  ],
  [
    "log",
    {
      minArgs: 1,
      maxArgs: 2,
      signature: "log(x, base?)",
      apply: (a) => pyLog(a[0]!, a[1]),
    },
  ],
  one("log2", (x) => pyLogBase("log2", Math.log2, x)),
  one("log10", (x) => pyLogBase("log10", Math.log10, x)),
  one("exp", Math.exp),
  one("sin", Math.sin),
  one("cos", Math.cos),
  one("tan", Math.tan),
  one("asin", (x) => pyArcUnit("asin", Math.asin, x)),
  one("acos", (x) => pyArcUnit("acos", Math.acos, x)),
  one("atan", Math.atan),
  one("floor", Math.floor),
  one("ceil", Math.ceil),
  one("trunc", Math.trunc),
  // CPython multiplies by the same constants
  one("degrees", (x) => x * (180 / Math.PI)),
  one("radians", (x) => x * (Math.PI / 180)),
  [
    "min",
    {
      minArgs: 2,
      maxArgs: Infinity,
      signature: "min(a, b, ...)",
      apply: (a) => pyMinMax(a, false),
    },
  ],
  [
    "max",
    { minArgs: 2, maxArgs: Infinity, signature: "max(a, b, ...)", apply: (a) => pyMinMax(a, true) },
  ],
]);

/** The constants. */
export const CALCULATOR_CONSTANTS: ReadonlyMap<string, number> = new Map([
  ["pi", Math.PI],
  ["e", Math.E],
  ["tau", 2 * Math.PI],
]);
