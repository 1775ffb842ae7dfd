import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CalculatorTool } from "../../src/calculator/calculator-tool.js";

// CPython is the oracle: generate.py makes expressions from a fixed seed and evaluates them.
const SCRIPT = fileURLToPath(new URL("./generate.py", import.meta.url));
const SEED = 4;
const COUNT = 3000;

// Hand-picked cases evaluated by the same Python process (the examples and edges).
const HAND_PICKED = [
  "-2**2",
  "2**-1",
  "2**3**2",
  "7 // -2",
  "-7 % 3",
  "7 % -3",
  "-7 // 2.5",
  "7.5 % -2",
  "-0.0 % 5",
  "1e-300 % -5",
  "round(2.5)",
  "round(-2.5)",
  "round(3.5)",
  "round(0.125, 2)",
  "round(2.675, 2)",
  "round(1.5e-7, 7)",
  "round(123456, -2)",
  "round(-150, -2)",
  "round(1.7976931348623157e308, -308)",
  "round(5e-324, 323)",
  "round(0.5, 400)",
  "round(12345.678, -400)",
  "log(8, 2)",
  "log(1000, 10)",
  "log(5, 1)",
  "log(0)",
  "log(-1)",
  "log(8, -2)",
  "sqrt(-1)",
  "sqrt(2)",
  "0**-1",
  "0.0**-1.5",
  "0**0",
  "(-8)**(1/3)",
  "(-2)**3",
  "(-2.0)**-3",
  "10**400",
  "10.0**400",
  "2**1023 * 2",
  "2**53 + 1",
  "3**33",
  "3**-2",
  "10**-4",
  "1/0",
  "1//0",
  "1%0",
  "1.5 // 0.0",
  "exp(709)",
  "exp(710)",
  "asin(1.0000001)",
  "acos(-1)",
  "0.1+0.2",
  "1e308 + 1e308",
  "1e-320 / 3",
  "min(2, -0.0, 0)",
  "max(1, 2, 3, 2.5)",
  "floor(-2.5) + ceil(-2.5) + trunc(-2.5)",
  "degrees(pi) + radians(180)",
  "0x_ff + 0o17 + 0b101 + 1_000",
  "sqrt(4,)",
  "-+-+-3",
  "2 ** -0.5",
  "2 ** 0.5 ** 2",
  "round(-0.5)",
  "round(1e15 + 0.5)",
  "-7.5 % 2",
  "floor(-0.0)",
  "(-1) ** 0.5",
  "0 ** 0.5",
  "max(-0.0, 0)",
  "1_000.000_1 + 0o777 + .5e-3 + 5.e2",
  "round(2.5, 2)",
  "round(-1.5, -1)",
  // Syntax and names: Python refuses these too
  "007",
  "1__0",
  "1 2",
  "(1",
  "2pi",
  "x",
  "__proto__",
  "constructor",
  "pi(2)",
  "sqrt + 1",
  "sqrt(1, 2)",
  "math.sqrt(4)",
  "1e400 - 1e400",
];

interface PythonCase {
  expression: string;
  value?: number;
  error?: string;
}

function runPython(): { python: string; cases: PythonCase[] } {
  const result = spawnSync("python3", [SCRIPT, "--seed", String(SEED), "--count", String(COUNT)], {
    input: JSON.stringify(HAND_PICKED),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error !== undefined) {
    throw new Error(
      `the calculator differential test needs python3 on PATH (${result.error.message}); install Python 3.9 or newer`,
    );
  }
  if (result.status !== 0) throw new Error(`generate.py failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

// Python's exception → the tool's error kinds. "arity" is accepted for any of them: the tool checks
// the number of arguments while parsing, Python only when evaluation reaches the call.
const KINDS: Record<string, readonly string[]> = {
  ZeroDivisionError: ["division_by_zero"],
  ValueError: ["domain", "argument"],
  TypeError: ["argument", "name"], // calling a float, adding a function
  OverflowError: ["overflow"],
  NonFinite: ["overflow"],
  Complex: ["domain"],
  SyntaxError: ["syntax", "unsupported"],
  NameError: ["name", "unsupported"], // math.sqrt: Python has no `math` name, the tool no `.`
};

function close(a: number, b: number): boolean {
  // relative 1e-9; results within 1e-12 of zero are cancellation noise on both sides
  return Math.abs(a - b) <= Math.max(1e-9 * Math.max(Math.abs(a), Math.abs(b)), 1e-12);
}

describe("CalculatorTool against CPython", () => {
  it(`agrees on value, error/no-error and error kind for ${COUNT} seeded random and ${HAND_PICKED.length} hand-picked expressions`, () => {
    const { python, cases } = runPython();
    expect(cases).toHaveLength(COUNT + HAND_PICKED.length);
    const calculator = new CalculatorTool();
    const mismatches: string[] = [];
    let errors = 0;
    for (const { expression, value, error } of cases) {
      const response = calculator.run({ expression });
      const ours = response.isError ? undefined : (response.data as { value: number }).value;
      if (error !== undefined) errors++;
      const kind = response.isError ? (response.data as { error: string }).error : undefined;
      if (error !== undefined && ours !== undefined) {
        mismatches.push(`${expression}: Python ${error}, tool ${ours}`);
      } else if (error !== undefined && kind !== "arity" && !KINDS[error]?.includes(kind!)) {
        mismatches.push(`${expression}: Python ${error}, tool "${kind}" error "${response.text}"`);
      } else if (error === undefined && ours === undefined) {
        mismatches.push(`${expression}: Python ${value}, tool error "${response.text}"`);
      } else if (value !== undefined && ours !== undefined && !close(value, ours)) {
        mismatches.push(`${expression}: Python ${value}, tool ${ours}`);
      }
    }
    expect(mismatches, `Python ${python}, seed ${SEED}`).toEqual([]);
    // Both outcomes are well represented, so agreement means something.
    expect(errors).toBeGreaterThan(cases.length * 0.05);
    expect(cases.length - errors).toBeGreaterThan(cases.length * 0.6);
  });
});
