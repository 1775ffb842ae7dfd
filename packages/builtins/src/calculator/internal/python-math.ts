import { CalculatorError } from "../calculator-error.js";

// Python's float arithmetic on IEEE doubles, ported from CPython's Objects/floatobject.c so that
// results agree bit for bit where the C library agrees. Inputs are finite; callers check results.

const TWO_53 = 2 ** 53;

function domain(message: string): CalculatorError {
  return new CalculatorError("domain", message);
}

function divisionByZero(message: string): CalculatorError {
  return new CalculatorError("division_by_zero", message);
}

/** Python `a // b` (CPython `_float_div_mod`): floor of the quotient, computed exactly. */
export function pyFloorDivide(a: number, b: number): number {
  if (b === 0) throw divisionByZero("integer division or modulo by zero");
  const mod = a % b; // JS % is C fmod: exact, sign of the dividend
  let div = (a - mod) / b;
  if (mod !== 0 && b < 0 !== mod < 0) div -= 1;
  if (div === 0) {
    const quotient = a / b;
    return quotient < 0 || Object.is(quotient, -0) ? -0 : 0;
  }
  let floor = Math.floor(div);
  if (div - floor > 0.5) floor += 1;
  return floor;
}

/** Python `a % b` (CPython `float_rem`): the remainder takes the sign of the divisor. */
export function pyModulo(a: number, b: number): number {
  if (b === 0) throw divisionByZero("integer division or modulo by zero");
  let mod = a % b;
  if (mod !== 0) {
    if (b < 0 !== mod < 0) mod += b;
  } else {
    mod = b < 0 ? -0 : 0;
  }
  return mod;
}

/**
 * Python `a ** b` (CPython `float_pow`). A negative base with a fractional exponent would be a
 * complex number in Python: here it is a domain error. Whole powers of whole numbers are
 * multiplied out exactly while they fit in 2**53, as Python's integers would be.
 */
export function pyPower(a: number, b: number): number {
  if (b === 0) return 1;
  if (a === 0) {
    if (b < 0) throw divisionByZero("0 cannot be raised to a negative power");
    return a;
  }
  if (a < 0 && !Number.isInteger(b)) {
    throw domain(
      "a negative number cannot be raised to a fractional power (the result is complex)",
    );
  }
  if (b > 0 && b <= 1024 && Number.isInteger(a) && Number.isInteger(b)) {
    const exact = exactIntegerPower(a, b);
    if (exact !== undefined) return exact;
  }
  return a ** b;
}

function exactIntegerPower(base: number, exponent: number): number | undefined {
  let result = 1;
  let square = base;
  let n = exponent;
  for (;;) {
    if (n % 2 === 1) {
      result *= square;
      if (Math.abs(result) > TWO_53) return undefined;
    }
    n = Math.floor(n / 2);
    if (n === 0) return result;
    square *= square;
    if (square > TWO_53) return undefined;
  }
}

/** Python `round(x)`: nearest whole number, ties to even. */
export function pyRound(x: number): number {
  const rounded = Math.round(x); // ties toward +Infinity
  if (Math.abs(x - rounded) === 0.5) return 2 * Math.round(x / 2);
  return rounded;
}

const scratch = new Float64Array(1);
const scratchBits = new BigUint64Array(scratch.buffer);

/**
 * Python `round(x, ndigits)`: the exact binary value of `x` rounded to `ndigits` decimal places,
 * ties to even, like CPython's correctly rounded `double_round`. So `round(0.125, 2) == 0.12`
 * (0.125 is exact: a true tie) and `round(2.675, 2) == 2.67` (2.675 is stored slightly below).
 */
export function pyRoundDigits(x: number, ndigits: number): number {
  if (!Number.isInteger(ndigits)) {
    throw new CalculatorError("argument", "round(x, ndigits) needs a whole number of digits");
  }
  if (x === 0 || !Number.isFinite(x)) return x;
  if (ndigits > 323) return x; // CPython's NDIGITS_MAX: x already has fewer digits
  if (ndigits < -308) return 0 * x; // NDIGITS_MIN: rounds to a signed zero
  scratch[0] = Math.abs(x);
  const bits = scratchBits[0]!;
  const biased = Number(bits >> 52n);
  const fraction = bits & 0xf_ffff_ffff_ffffn;
  // |x| = mantissa * 2**exponent exactly
  const mantissa = biased === 0 ? fraction : fraction | 0x10_0000_0000_0000n;
  const exponent = biased === 0 ? -1074 : biased - 1075;
  let numerator = mantissa;
  let denominator = 1n;
  if (exponent >= 0) numerator <<= BigInt(exponent);
  else denominator <<= BigInt(-exponent);
  if (ndigits >= 0) numerator *= 10n ** BigInt(ndigits);
  else denominator *= 10n ** BigInt(-ndigits);
  let quotient = numerator / denominator;
  const twiceRemainder = (numerator % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) {
    quotient += 1n;
  }
  // Number() parses decimal text correctly rounded, as CPython's strtod does.
  return Number(`${x < 0 ? "-" : ""}${quotient}e${-ndigits}`);
}

/** Python `math.log(x, base?)`: `log(x) / log(base)`, as CPython computes it. */
export function pyLog(x: number, base?: number): number {
  if (x <= 0) throw domain("math domain error: log(x) needs x > 0");
  if (base === undefined) return Math.log(x);
  if (base <= 0) throw domain("math domain error: log(x, base) needs base > 0");
  const denominator = Math.log(base);
  if (denominator === 0) throw divisionByZero("division by zero: log(x, base) with base 1");
  return Math.log(x) / denominator;
}

/** Python `math.sqrt`. */
export function pySqrt(x: number): number {
  if (x < 0) throw domain("math domain error: sqrt(x) needs x >= 0");
  return Math.sqrt(x);
}

/** Python `math.log2` / `math.log10`. */
export function pyLogBase(name: string, log: (x: number) => number, x: number): number {
  if (x <= 0) throw domain(`math domain error: ${name}(x) needs x > 0`);
  return log(x);
}

/** Python `math.asin` / `math.acos`. */
export function pyArcUnit(name: string, f: (x: number) => number, x: number): number {
  if (x < -1 || x > 1) throw domain(`math domain error: ${name}(x) needs -1 <= x <= 1`);
  return f(x);
}

/** Python `min` / `max` over numbers: the first extreme value wins, as in Python. */
export function pyMinMax(values: readonly number[], wantMax: boolean): number {
  let best = values[0]!;
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!;
    if (wantMax ? value > best : value < best) best = value;
  }
  return best;
}
