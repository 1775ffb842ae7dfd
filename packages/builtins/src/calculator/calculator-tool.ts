import { Tool, ToolDefinitionError, ToolResponse } from "@toolgate/tool-core";
import { isRecord } from "@toolgate/tool-core/internal";
import type { CalculatorErrorKind } from "./calculator-error.js";
import { type CalculatorLimits, resolveCalculatorLimits } from "./calculator-limits.js";
import { CALCULATOR_CONSTANTS, CALCULATOR_FUNCTIONS } from "./internal/calculator-functions.js";
import { evaluateWithLimits } from "./internal/evaluate-expression.js";
import { formatNumber } from "./internal/format-number.js";

/** What `new CalculatorTool(options)` takes: the limits on each expression. */
export interface CalculatorToolOptions extends CalculatorLimits {}

/** Arguments of the `calculator` tool. */
export interface CalculatorArgs {
  /** An arithmetic expression in Python syntax, e.g. `2 * (3 + 4) ** 2`. */
  expression: string;
}

/** `data` of a successful call: the exact double (the text shows at most 15 digits; -0 is 0). */
export interface CalculatorData {
  /** The result. */
  readonly value: number;
}

/** `data` of a failed call. */
export interface CalculatorErrorData {
  /** Why the expression was refused or could not be computed. */
  readonly error: CalculatorErrorKind;
  /** 1-based character position in the expression, when the error has one. */
  readonly position?: number;
}

const DESCRIPTION =
  "Evaluates one arithmetic expression with Python semantics and returns the number. " +
  "Operators: + - * / // (floor division) % (modulo, sign of the divisor) ** (power, " +
  "right-associative, binds tighter than a unary minus on its left: -2**2 = -4) and parentheses. " +
  `Functions: ${[...CALCULATOR_FUNCTIONS.values()].map((f) => f.signature).join(", ")} ` +
  "(log is natural unless a base is given; trigonometry in radians; round halves to even). " +
  `Constants: ${[...CALCULATOR_CONSTANTS.keys()].join(", ")}. ` +
  "No variables, strings, comparisons or statements.";

/**
 * The `calculator` tool: a safe arithmetic evaluator with Python's semantics, parsed by hand
 * (never `eval` or `Function`). Read-only, closed world, safe to run in parallel.
 *
 * Where it departs from Python, on purpose:
 * - Numbers are 64-bit floats. Whole numbers are exact up to 2**53; beyond that they are rounded
 *   where Python keeps an exact big integer (`2**60 + 1`), and above 1.8e308 (`10**400`) they are
 *   an overflow error. `//` and `%` follow Python's float rules, which agree with its integer
 *   rules on exact whole numbers (`7 // 2 == 3`).
 * - Any non-finite step is an error (Python floats would carry `inf` in `1e308 * 10`), and so is
 *   a literal like `1e400`.
 * - A complex result (`(-8) ** (1/3)`) is a domain error, not a complex number.
 * - `round(x, n)` accepts a float `n` with a whole value; newlines count as spaces.
 * - pow, exp, log and trigonometry use V8's math library, which can differ from CPython's C
 *   library in the last bit.
 *
 * @example
 * const calculator = new CalculatorTool({ maxLength: 500 });
 * calculator.run({ expression: "round(0.125, 2) + 7 // -2" }); // text "-3.88", data { value: -3.88 }
 */
export class CalculatorTool extends Tool<CalculatorArgs> {
  /** The limits in force, with defaults filled in. */
  readonly limits: Readonly<Required<CalculatorLimits>>;

  /** @throws ToolDefinitionError when a limit is not a positive whole number. */
  constructor(options: CalculatorToolOptions = {}) {
    super({
      name: "calculator",
      description: DESCRIPTION,
      inputSchema: {
        type: "object",
        properties: {
          expression: {
            type: "string",
            description: "Arithmetic expression in Python syntax, e.g. sqrt(2) * (3 + 4) ** 2",
          },
        },
        required: ["expression"],
        additionalProperties: false,
      },
      hints: { readOnly: true, openWorld: false },
      parallel: true,
    });
    try {
      this.limits = Object.freeze(resolveCalculatorLimits(options));
    } catch (error) {
      throw new ToolDefinitionError(`tool 'calculator': ${(error as Error).message}`);
    }
  }

  /** Never throws: bad arguments and failed calculations are error responses. */
  run(args: CalculatorArgs): ToolResponse<CalculatorData | CalculatorErrorData> {
    const problem = checkArgs(args);
    if (problem !== undefined) return ToolResponse.error(problem, { error: "input" });
    const result = evaluateWithLimits(args.expression, this.limits);
    if (result.ok) return ToolResponse.ok(formatNumber(result.value), { value: result.value });
    const { kind, message, position } = result.error;
    return ToolResponse.error(
      message,
      position === undefined ? { error: kind } : { error: kind, position },
    );
  }
}

function checkArgs(args: unknown): string | undefined {
  if (!isRecord(args)) {
    return 'the arguments must be an object like { "expression": "1 + 2" }';
  }
  for (const key in args) {
    if (key !== "expression" && Object.hasOwn(args, key)) {
      return `unexpected argument '${key.slice(0, 40)}': the only argument is "expression"`;
    }
  }
  const { expression } = args as { expression?: unknown };
  if (expression === undefined) return 'missing argument "expression" (a string such as "1 + 2")';
  if (typeof expression !== "string") {
    return `"expression" must be a string, got ${expression === null ? "null" : typeof expression}`;
  }
  return undefined;
}
