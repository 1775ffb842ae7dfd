/**
 * Why an expression was refused or could not be computed. Limits and syntax are found before
 * anything is computed; the math kinds (`division_by_zero`, `domain`, `overflow`, `argument`)
 * come from evaluation.
 */
export const CALCULATOR_ERROR_KINDS = {
  input: "input",
  empty: "empty",
  tooLong: "too_long",
  tooDeep: "too_deep",
  tooManyNodes: "too_many_nodes",
  numberTooLong: "number_too_long",
  syntax: "syntax",
  unsupported: "unsupported",
  name: "name",
  arity: "arity",
  argument: "argument",
  divisionByZero: "division_by_zero",
  domain: "domain",
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
