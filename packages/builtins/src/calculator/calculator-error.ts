/**
 * Why an expression was refused or could not be computed. Limits and syntax are found before
 * anything is computed; the math kinds (`division_by_zero`, `domain`, `overflow`, `argument`)
 * come from evaluation.
 */
export const CALCULATOR_ERROR_KINDS = {
  /** The expression is not a string. */
  input: "input",
  /** The expression is empty. */
  empty: "empty",
  /** The expression has more characters than allowed. */
  tooLong: "too_long",
  /** Parentheses, calls, signs or powers nest too deeply. */
  tooDeep: "too_deep",
  /** The expression has too many numbers, names and operators. */
  tooManyNodes: "too_many_nodes",
  /** A number literal has too many characters. */
  numberTooLong: "number_too_long",
  /** The expression is not well formed. */
  syntax: "syntax",
  /** Something outside the calculator's language: non-ASCII characters, tuples, complex numbers, refused operators. */
  unsupported: "unsupported",
  /** An unknown name, a function used as a value, or a constant called as a function. */
  name: "name",
  /** A function called with the wrong number of arguments. */
  arity: "arity",
  /** A function argument of the wrong kind, such as a fractional digit count for `round`. */
  argument: "argument",
  /** Division (or modulo) by zero. */
  divisionByZero: "division_by_zero",
  /** A math function called outside its domain, such as `sqrt(-1)`. */
  domain: "domain",
  /** A number or result too large for a 64-bit float. */
  overflow: "overflow",
} as const;

/** One of the values of `CALCULATOR_ERROR_KINDS`. */
export type CalculatorErrorKind =
  (typeof CALCULATOR_ERROR_KINDS)[keyof typeof CALCULATOR_ERROR_KINDS];

/** A refused or failed calculation, as readable text plus the facts a program needs. */
export interface CalculatorFailure {
  readonly kind: CalculatorErrorKind;
  /** Readable message for the model, e.g. `syntax error at position 4: expected ')'`. */
  readonly message: string;
  /** 1-based character position in the expression, when the error has one. */
  readonly position?: number;
}

/** Internal: thrown inside the parser, always caught by `evaluateExpression`. */
export class CalculatorError extends Error {
  readonly kind: CalculatorErrorKind;
  readonly position: number | undefined;

  constructor(kind: CalculatorErrorKind, message: string, position?: number) {
    super(message);
    this.name = "CalculatorError";
    this.kind = kind;
    this.position = position;
  }

  toFailure(): CalculatorFailure {
    return this.position === undefined
      ? { kind: this.kind, message: this.message }
      : { kind: this.kind, message: this.message, position: this.position };
  }
}
