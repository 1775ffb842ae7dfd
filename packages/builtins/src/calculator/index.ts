// Public names of the calculator; re-exported by the package's src/index.ts.
export {
  CALCULATOR_ERROR_KINDS,
  type CalculatorErrorKind,
  type CalculatorFailure,
} from "./calculator-error.js";
export { type CalculatorLimits, DEFAULT_CALCULATOR_LIMITS } from "./calculator-limits.js";
export {
  type CalculatorArgs,
  type CalculatorData,
  type CalculatorErrorData,
  CalculatorTool,
  type CalculatorToolOptions,
} from "./calculator-tool.js";
export { type CalculatorResult, evaluateExpression } from "./evaluate-expression.js";
