import {
  CALCULATOR_ERROR_KINDS,
  CalculatorError,
  type CalculatorErrorKind,
  type CalculatorFailure,
} from "../calculator-error.js";
import {
  type CalculatorLimits,
  DEFAULT_CALCULATOR_LIMITS,
  resolveCalculatorLimits,
} from "../calculator-limits.js";
import { CALCULATOR_CONSTANTS, CALCULATOR_FUNCTIONS } from "./calculator-functions.js";
import { pyFloorDivide, pyModulo, pyPower } from "./python-math.js";
import { describeToken, Scanner, TOKEN, type TokenKind } from "./scanner.js";

/** What `evaluateExpression` found: the value, or why there is none. */
export type CalculatorResult =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly error: CalculatorFailure };

/**
 * Evaluates an arithmetic expression with Python's semantics on 64-bit floats, without `eval`.
 * Never throws for any input string: limits, syntax and math errors come back as `ok: false`.
 *
 * @throws TypeError only when `limits` itself is invalid (a programming error).
 * @example
 * evaluateExpression("-2**2 + 7 // -2"); // { ok: true, value: -8 }
 */
export function evaluateExpression(
  expression: string,
  limits?: CalculatorLimits,
): CalculatorResult {
  return evaluateWithLimits(
    expression,
    limits === undefined ? DEFAULT_CALCULATOR_LIMITS : resolveCalculatorLimits(limits),
  );
}

/** Internal: `evaluateExpression` with limits already checked (the tool checks them once). */
export function evaluateWithLimits(
  expression: string,
  limits: Readonly<Required<CalculatorLimits>>,
): CalculatorResult {
  if (typeof expression !== "string") {
    return failure("input", `the expression must be a string, got ${describeType(expression)}`);
  }
  if (expression.length > limits.maxLength) {
    return failure(
      "too_long",
      `the expression is too long: ${expression.length} characters, the limit is ${limits.maxLength}`,
    );
  }
  try {
    const value = new Evaluation(expression, limits).run();
    return { ok: true, value: value === 0 ? 0 : value };
  } catch (error) {
    if (error instanceof CalculatorError) return { ok: false, error: error.toFailure() };
    // Only reachable when a caller raised maxDepth beyond what the stack holds.
    if (error instanceof RangeError) {
      return failure(
        "too_deep",
        "the expression is nested too deeply for the stack; lower maxDepth",
      );
    }
    throw error;
  }
}

function failure(kind: CalculatorErrorKind, message: string): CalculatorResult {
  return { ok: false, error: { kind, message } };
}

function describeType(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}

const PYTHON_KEYWORDS: ReadonlySet<string> = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except " +
    "finally for from global if import in is lambda nonlocal not or pass raise return try while " +
    "with yield"
  ).split(" "),
);

const FUNCTION_LIST = [...CALCULATOR_FUNCTIONS.keys()].join(", ");
const CONSTANT_LIST = [...CALCULATOR_CONSTANTS.keys()].join(", ");

function quoteName(name: string): string {
  return `'${name.length > 40 ? `${name.slice(0, 40)}...` : name}'`;
}

/**
 * One evaluation: a recursive-descent parser that computes as it parses (no tree, no `eval`).
 * Grammar and precedence are Python's:
 *   sum    := term (('+' | '-') term)*
 *   term   := factor (('*' | '/' | '//' | '%') factor)*
 *   factor := ('+' | '-') factor | power
 *   power  := primary ('**' factor)?
 *   primary:= number | constant | function '(' args ')' | '(' sum ')'
 * Syntax and limit errors are thrown at once; the first math error is kept and reported only if
 * the whole expression parses, as Python compiles before it evaluates.
 */
class Evaluation {
  readonly #scanner: Scanner;
  readonly #maxDepth: number;
  readonly #maxNodes: number;
  #depth = 0;
  #nodes = 0;
  #mathError: CalculatorError | undefined;

  constructor(expression: string, limits: Readonly<Required<CalculatorLimits>>) {
    this.#scanner = new Scanner(expression, limits.maxNumberLength);
    this.#maxDepth = limits.maxDepth;
    this.#maxNodes = limits.maxNodes;
  }

  // A method, not a field read, so TypeScript does not narrow it across next() calls.
  #kind(): TokenKind {
    return this.#scanner.kind;
  }

  run(): number {
    const s = this.#scanner;
    s.next();
    if (this.#kind() === TOKEN.end) {
      throw new CalculatorError(
        "empty",
        "the expression is empty: give an arithmetic expression such as 2 * (3 + 4)",
      );
    }
    const value = this.#sum();
    if (this.#kind() !== TOKEN.end) {
      const position = s.start + 1;
      if (this.#kind() === TOKEN.close) {
        throw new CalculatorError(
          "syntax",
          `syntax error at position ${position}: unmatched ')'`,
          position,
        );
      }
      if (this.#kind() === TOKEN.comma) throw this.#tupleError();
      throw this.#expected("the end of the expression");
    }
    if (this.#mathError !== undefined) throw this.#mathError;
    return value;
  }

  #sum(): number {
    const s = this.#scanner;
    let value = this.#term();
    for (;;) {
      const kind = this.#kind();
      if (kind !== TOKEN.plus && kind !== TOKEN.minus) return value;
      const position = s.start + 1;
      this.#count(position);
      s.next();
      const right = this.#term();
      value = this.#check(kind === TOKEN.plus ? value + right : value - right, kind, position);
    }
  }

  #term(): number {
    const s = this.#scanner;
    let value = this.#factor();
    for (;;) {
      const kind = this.#kind();
      if (kind < TOKEN.star || kind > TOKEN.percent) return value;
      const position = s.start + 1;
      this.#count(position);
      s.next();
      value = this.#binary(kind, value, this.#factor(), position);
    }
  }

  #factor(): number {
    const s = this.#scanner;
    const kind = this.#kind();
    if (kind !== TOKEN.minus && kind !== TOKEN.plus) return this.#power();
    const position = s.start + 1;
    this.#enter(position);
    this.#count(position);
    s.next();
    const value = this.#factor();
    this.#depth--;
    return kind === TOKEN.minus ? -value : value;
  }

  #power(): number {
    const base = this.#primary();
    const s = this.#scanner;
    if (this.#kind() !== TOKEN.power) return base;
    const position = s.start + 1;
    this.#enter(position);
    this.#count(position);
    s.next();
    const exponent = this.#factor(); // right-associative, and 2**-1 is allowed
    this.#depth--;
    return this.#binary(TOKEN.power, base, exponent, position);
  }

  #primary(): number {
    const s = this.#scanner;
    const position = s.start + 1;
    switch (this.#kind()) {
      case TOKEN.number: {
        this.#count(position);
        const value = s.value;
        s.next();
        return value;
      }
      case TOKEN.name: {
        this.#count(position);
        const name = s.text();
        s.next();
        if (this.#kind() === TOKEN.open) return this.#call(name, position);
        const constant = CALCULATOR_CONSTANTS.get(name);
        if (constant !== undefined) return constant;
        const fn = CALCULATOR_FUNCTIONS.get(name);
        if (fn !== undefined) {
          throw new CalculatorError(
            "name",
            `'${name}' at position ${position} is a function: call it as ${fn.signature}`,
            position,
          );
        }
        throw this.#unknownName(name, position);
      }
      case TOKEN.open: {
        this.#enter(position);
        s.next();
        const value = this.#sum();
        if (this.#kind() !== TOKEN.close) {
          if (this.#kind() === TOKEN.comma) throw this.#tupleError();
          throw this.#expected(`')' to close the '(' at position ${position}`);
        }
        s.next();
        this.#depth--;
        return value;
      }
      default:
        throw this.#syntax(`expected a number, a name or '(', found ${this.#found()}`);
    }
  }

  #call(name: string, position: number): number {
    const fn = CALCULATOR_FUNCTIONS.get(name);
    if (fn === undefined) {
      if (CALCULATOR_CONSTANTS.has(name)) {
        throw new CalculatorError(
          "name",
          `'${name}' at position ${position} is a constant, not a function: it cannot be called`,
          position,
        );
      }
      throw this.#unknownName(name, position);
    }
    const s = this.#scanner;
    const open = s.start + 1;
    this.#enter(open);
    s.next();
    const args: number[] = [];
    if (this.#kind() !== TOKEN.close) {
      for (;;) {
        args.push(this.#sum());
        if (this.#kind() !== TOKEN.comma) break;
        s.next();
        if (this.#kind() === TOKEN.close) break; // Python allows a trailing comma
      }
    }
    if (this.#kind() !== TOKEN.close)
      throw this.#expected(`',' or ')' to close ${name}( at position ${open}`);
    s.next();
    this.#depth--;
    if (args.length < fn.minArgs || args.length > fn.maxArgs) {
      const wanted =
        fn.maxArgs === Infinity
          ? `at least ${fn.minArgs} arguments`
          : fn.minArgs === fn.maxArgs
            ? `${fn.minArgs} argument${fn.minArgs === 1 ? "" : "s"}`
            : `${fn.minArgs} to ${fn.maxArgs} arguments`;
      throw new CalculatorError(
        "arity",
        `${name} at position ${position} takes ${wanted}, got ${args.length}: call it as ${fn.signature}`,
        position,
      );
    }
    let value: number;
    try {
      value = fn.apply(args);
    } catch (error) {
      if (!(error instanceof CalculatorError)) throw error;
      return this.#fail(error.kind, error.message, position);
    }
    return this.#check(value, -1, position, name);
  }

  #binary(kind: TokenKind, a: number, b: number, position: number): number {
    let value: number;
    switch (kind) {
      case TOKEN.star:
        value = a * b;
        break;
      case TOKEN.slash:
        if (b === 0) return this.#fail("division_by_zero", "division by zero", position);
        value = a / b;
        break;
      default:
        try {
          value =
            kind === TOKEN.doubleSlash
              ? pyFloorDivide(a, b)
              : kind === TOKEN.percent
                ? pyModulo(a, b)
                : pyPower(a, b);
        } catch (error) {
          if (!(error instanceof CalculatorError)) throw error;
          return this.#fail(error.kind, error.message, position);
        }
    }
    return this.#check(value, kind, position);
  }

  /** A non-finite result is an overflow error (our inputs are always finite). */
  #check(value: number, kind: TokenKind | -1, position: number, name?: string): number {
    if (value - value === 0) return value;
    const what = name === undefined ? describeToken(kind as TokenKind) : name;
    return this.#fail(
      "overflow",
      `overflow: the result of ${what} is too large for a 64-bit float (above 1.8e308)`,
      position,
    );
  }

  /** Keeps the first math error and carries on with NaN, so later syntax errors still win. */
  #fail(kind: CalculatorErrorKind, message: string, position: number): number {
    this.#mathError ??= new CalculatorError(kind, `${message} (at position ${position})`, position);
    return Number.NaN;
  }

  #enter(position: number): void {
    if (++this.#depth > this.#maxDepth) {
      throw new CalculatorError(
        CALCULATOR_ERROR_KINDS.tooDeep,
        `the expression is nested too deeply at position ${position}: more than ${this.#maxDepth} levels of parentheses, calls, signs or powers`,
        position,
      );
    }
  }

  #count(position: number): void {
    if (++this.#nodes > this.#maxNodes) {
      throw new CalculatorError(
        CALCULATOR_ERROR_KINDS.tooManyNodes,
        `the expression is too large at position ${position}: more than ${this.#maxNodes} numbers, names and operators`,
        position,
      );
    }
  }

  #unknownName(name: string, position: number): CalculatorError {
    const why = PYTHON_KEYWORDS.has(name)
      ? `'${name}' is a Python keyword; only arithmetic expressions are supported`
      : `unknown name ${quoteName(name)}; functions: ${FUNCTION_LIST}; constants: ${CONSTANT_LIST}`;
    return new CalculatorError("name", `${why} (position ${position})`, position);
  }

  #tupleError(): CalculatorError {
    const position = this.#scanner.start + 1;
    return new CalculatorError(
      "unsupported",
      `',' at position ${position} is only allowed between function arguments (no tuples)`,
      position,
    );
  }

  #found(): string {
    const s = this.#scanner;
    if (this.#kind() === TOKEN.number || this.#kind() === TOKEN.name) {
      const text = s.text();
      return `'${text.length > 40 ? `${text.slice(0, 40)}...` : text}'`;
    }
    return describeToken(this.#kind());
  }

  #expected(what: string): CalculatorError {
    return this.#kind() === TOKEN.end
      ? this.#syntax(`expected ${what}, found end of input`)
      : this.#syntax(`expected an operator or ${what}, found ${this.#found()}`);
  }

  #syntax(message: string): CalculatorError {
    const position = this.#scanner.start + 1;
    return new CalculatorError(
      "syntax",
      `syntax error at position ${position}: ${message}`,
      position,
    );
  }
}
