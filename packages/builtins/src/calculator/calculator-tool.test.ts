import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ToolDefinitionError, ToolResponse } from "@toolgate/tool-core";
import { afterEach, describe, expect, it } from "vitest";
import { CalculatorTool } from "./calculator-tool.js";
import { evaluateExpression } from "./internal/evaluate-expression.js";

const calculator = new CalculatorTool();

function run(expression: string, tool = calculator) {
  const response = tool.run({ expression });
  return { response, data: response.data as unknown as Record<string, unknown> };
}

function computed(expression: string): number {
  const { response, data } = run(expression);
  if (response.isError) throw new Error(`${expression}: ${response.text}`);
  return data.value as number;
}

function errorOf(expression: string, tool = calculator) {
  const { response, data } = run(expression, tool);
  expect(response.isError, `${expression} should fail, got ${response.text}`).toBe(true);
  return { kind: data.error, position: data.position, text: response.text };
}

describe("CalculatorTool identity", () => {
  it("is called calculator, takes { expression: string }, and is read-only, closed world, parallel", () => {
    expect(calculator.name).toBe("calculator");
    expect(calculator.inputSchema).toMatchObject({
      type: "object",
      properties: { expression: { type: "string" } },
      required: ["expression"],
      additionalProperties: false,
    });
    expect(calculator.hints).toEqual({
      readOnly: true,
      destructive: false,
      idempotent: true,
      openWorld: false,
    });
    expect(calculator.parallel).toBe(true);
    expect(calculator.requiresConfirmation).toBe(false);
    expect(calculator.description).toMatch(/Python/);
    expect(calculator.description).toContain("round(x, ndigits?)");
  });

  it("fills in default limits and keeps given ones", () => {
    expect(calculator.limits).toEqual({
      maxLength: 4000,
      maxDepth: 100,
      maxNodes: 1000,
      maxNumberLength: 100,
    });
    expect(new CalculatorTool({ maxDepth: 7 }).limits.maxDepth).toBe(7);
  });

  it.each([
    [{ maxDepth: 0 }],
    [{ maxDepth: -1 }],
    [{ maxLength: 1.5 }],
    [{ maxNodes: Number.NaN }],
    [{ maxNumberLength: Number.POSITIVE_INFINITY }],
    [{ maxLength: "100" }],
  ])("refuses the limits %j when constructed", (options) => {
    expect(() => new CalculatorTool(options as never)).toThrow(ToolDefinitionError);
    expect(() => new CalculatorTool(options as never)).toThrow(/positive whole number/);
  });
});

describe("Python semantics", () => {
  it.each([
    ["-2**2", -4],
    ["2**-1", 0.5],
    ["2**3**2", 512],
    ["(2**3)**2", 64],
    ["-2**-2", -0.25],
    ["(-2)**2", 4],
    ["(-2)**3", -8],
    ["2**0.5", Math.SQRT2],
    ["0**0", 1],
    ["7 // -2", -4],
    ["7 // 2", 3],
    ["-7 // 2", -4],
    ["7.5 // 2", 3],
    ["-7.5 // 2", -4],
    ["-7 % 3", 2],
    ["7 % -3", -2],
    ["7.5 % -2", -0.5],
    ["5.5 % 2", 1.5],
    ["round(2.5)", 2],
    ["round(3.5)", 4],
    ["round(-2.5)", -2],
    ["round(0.5)", 0],
    ["round(2.4999999999999996)", 2],
    ["round(0.125, 2)", 0.12],
    ["round(0.375, 2)", 0.38],
    ["round(2.675, 2)", 2.67],
    ["round(2.5, 0)", 2],
    ["round(1234.5678, -2)", 1200],
    ["round(250, -2)", 200],
    ["round(350, -2)", 400],
    ["round(1.5, 400)", 1.5],
    ["round(1e300, -400)", 0],
    ["log(8, 2)", 3],
    ["log(1000, 10)", 2.9999999999999996],
    ["log(e)", 1],
    ["log2(1024) + log10(1000)", 13],
    ["sqrt(16) + abs(-3)", 7],
    ["10 - 2 - 3", 5],
    ["100 / 10 / 5", 2],
    ["2 * 3 // 4", 1],
    ["2 + 3 * 4 ** 2", 50],
    ["-+-+3", 3],
    ["1_000 + 0x1F + 0o17 + 0b101 + 0X_ff", 1306],
    [".5 + 5. + 1e3 + 2.5E-1 + 1_0.0_1", 1015.76],
    ["min(3, 1, 2) + max(1, 5, 4)", 6],
    ["floor(-2.5) + ceil(-2.5) + trunc(-2.7)", -7],
    ["degrees(pi) + radians(180)", 180 + Math.PI],
    ["sin(0) + cos(0) + tan(0) + atan(0) + asin(0) + acos(1) + exp(0)", 2],
    ["tau / 2 - pi", 0],
    ["sqrt(4,)", 2],
    [" \t( 1\n+ 2 )\r\n", 3],
  ])("%s == %s", (expression, expected) => {
    expect(computed(expression)).toBe(expected);
  });
});

describe("result text", () => {
  it.each([
    ["0.1+0.2", "0.3", 0.30000000000000004],
    ["2*3", "6", 6],
    ["7/2", "3.5", 3.5],
    ["2**0.5", "1.4142135623731", Math.SQRT2],
    ["1/3", "0.333333333333333", 1 / 3],
    ["2**60", "1152921504606850000", 2 ** 60],
    ["1e21 * 3", "3e+21", 3e21],
    ["1/1024/1024/1024", "9.31322574615479e-10", 1 / 1024 ** 3],
    ["-0.0", "0", 0],
    ["round(-0.4)", "0", 0],
  ])("%s → text %s, data.value the exact double", (expression, text, value) => {
    const { response, data } = run(expression);
    expect(response.status).toBe("success");
    expect(response.text).toBe(text);
    expect(data).toEqual({ value });
    expect(Object.is(data.value, -0)).toBe(false);
  });
});

describe("limits", () => {
  it("refuses an empty or blank expression", () => {
    for (const expression of ["", "   ", " \t\n\r "]) {
      expect(errorOf(expression)).toMatchObject({ kind: "empty", text: /empty/ });
    }
  });

  it("refuses an expression longer than maxLength, before reading it", () => {
    expect(errorOf(`${"1+".repeat(2000)}1`)).toMatchObject({
      kind: "too_long",
      text: /4001 characters, the limit is 4000/,
    });
    const short = new CalculatorTool({ maxLength: 5 });
    expect(computed("12345")).toBe(12345);
    expect(errorOf("1 + 23", short).kind).toBe("too_long");
  });

  it("refuses 100,000 open parentheses with a readable error, not a stack overflow", () => {
    const roomy = new CalculatorTool({ maxLength: 300_000 });
    const deep = `${"(".repeat(100_000)}1${")".repeat(100_000)}`;
    expect(errorOf(deep, roomy)).toMatchObject({
      kind: "too_deep",
      position: 101,
      text: /nested too deeply at position 101: more than 100 levels/,
    });
    expect(errorOf("(".repeat(100_000), roomy).kind).toBe("too_deep");
    expect(errorOf(deep).kind).toBe("too_long");
  });

  it("turns a stack overflow into an error when maxDepth is raised beyond what the stack holds", () => {
    const reckless = new CalculatorTool({ maxLength: 2_000_000, maxDepth: 10_000_000 });
    expect(errorOf("(".repeat(1_000_000), reckless)).toMatchObject({
      kind: "too_deep",
      text: /too deeply for the stack; lower maxDepth/,
    });
  });

  it("counts signs, powers and calls as nesting too", () => {
    const tool = new CalculatorTool({ maxDepth: 2 });
    expect(run("((1))", tool).response.text).toBe("1");
    expect(run("--1", tool).response.text).toBe("1");
    expect(run("2**2**2", tool).response.text).toBe("16");
    expect(run("abs(abs(1))", tool).response.text).toBe("1");
    expect(errorOf("(((1)))", tool).kind).toBe("too_deep");
    expect(errorOf("---1", tool).kind).toBe("too_deep");
    expect(errorOf("2**2**2**2", tool).kind).toBe("too_deep");
    expect(errorOf("abs(abs(abs(1)))", tool).kind).toBe("too_deep");
    expect(
      errorOf(`${"-".repeat(100_000)}1`, new CalculatorTool({ maxLength: 200_000 })).kind,
    ).toBe("too_deep");
  });

  it("a long flat sum is not deep, but is refused past maxNodes", () => {
    expect(computed(`${"1+".repeat(499)}1`)).toBe(500);
    expect(errorOf(`${"1+".repeat(1500)}1`)).toMatchObject({
      kind: "too_many_nodes",
      text: /more than 1000 numbers, names and operators/,
    });
    expect(errorOf("1+2+3", new CalculatorTool({ maxNodes: 4 })).kind).toBe("too_many_nodes");
  });

  it("refuses number literals longer than maxNumberLength", () => {
    expect(computed("1".repeat(100))).toBe(Number("1".repeat(100)));
    expect(errorOf(`2 + ${"1".repeat(101)}`)).toMatchObject({
      kind: "number_too_long",
      position: 5,
      text: /101 characters, the limit is 100/,
    });
    expect(errorOf(`0.${"0".repeat(99)}1`).kind).toBe("number_too_long");
  });
});

describe("names", () => {
  it.each([
    "__proto__",
    "constructor",
    "toString",
    "valueOf",
    "hasOwnProperty",
    "process",
    "globalThis",
    "require",
    "eval",
    "Function",
    "this",
    "Math",
    "x",
    "PI",
    "__proto__(1)",
    "constructor(1)",
    "toString()",
    "hasOwnProperty(1)",
    "process(1)",
  ])("%s is an unknown name, never an object property", (expression) => {
    const error = errorOf(expression);
    expect(error).toMatchObject({ kind: "name", position: 1 });
    expect(error.text).toMatch(
      /unknown name '[A-Za-z_]+'; functions: abs, sqrt, .*constants: pi, e, tau/,
    );
  });

  describe("with a polluted Object.prototype", () => {
    afterEach(() => {
      delete (Object.prototype as Record<string, unknown>).evil;
    });

    it("still finds nothing there", () => {
      (Object.prototype as Record<string, unknown>).evil = () => 42;
      expect(errorOf("evil(1)").kind).toBe("name");
      expect(errorOf("evil").kind).toBe("name");
    });
  });

  it("names Python keywords as such", () => {
    expect(errorOf("lambda x: 1").text).toMatch(/'lambda' is a Python keyword/);
    expect(errorOf("import os").text).toMatch(/'import' is a Python keyword/);
    expect(errorOf("not 1").text).toMatch(/'not' is a Python keyword/);
  });

  it("shortens a very long unknown name in the message", () => {
    const { text } = errorOf("a".repeat(3000));
    expect(text).toContain(`'${"a".repeat(40)}...'`);
    expect(text.length).toBeLessThan(400);
  });

  it.each(["pi(2)", "e()", "tau(1, 2)"])("refuses to call the constant in %s", (expression) => {
    expect(errorOf(expression)).toMatchObject({
      kind: "name",
      text: /is a constant, not a function/,
    });
  });

  it.each(["sqrt", "sqrt + 1", "(sqrt)(4)", "2 * round"])(
    "refuses a function used as a value: %s",
    (expression) => {
      expect(errorOf(expression)).toMatchObject({
        kind: "name",
        text: /is a function: call it as/,
      });
    },
  );

  it.each([
    ["sqrt()", /sqrt at position 1 takes 1 argument, got 0: call it as sqrt\(x\)/],
    ["sqrt(1, 2)", /takes 1 argument, got 2/],
    ["round(1, 2, 3)", /takes 1 to 2 arguments, got 3: call it as round\(x, ndigits\?\)/],
    ["log()", /takes 1 to 2 arguments, got 0/],
    ["1 + min(1)", /min at position 5 takes at least 2 arguments, got 1/],
    ["max()", /takes at least 2 arguments, got 0/],
  ])("refuses the wrong number of arguments: %s", (expression, message) => {
    expect(errorOf(expression)).toMatchObject({ kind: "arity", text: message });
  });
});

describe("everything that is not arithmetic is refused with a reason", () => {
  it.each([
    ["math.sqrt(2)", /member access/, 5],
    ["(1).real", /member access/, 4],
    ["pi.real", /member access/, 3],
    ["sqrt(4).real", /member access/, 8],
    ["a[0]", /indexing/, 2],
    ["(1)[0]", /indexing/, 4],
    ["[1, 2]", /indexing and lists/, 1],
    ["'4'", /strings/, 1],
    ['sqrt("4")', /strings/, 6],
    ["x = 1", /assignment/, 3],
    ["x := 1", /':' is not supported/, 3],
    ["1 += 2", /assignment/, 4],
    ["1 == 1", /comparison/, 3],
    ["1 < 2", /comparisons/, 3],
    ["1; 2", /statements \(';'\)/, 2],
    ["1 # note", /comments/, 3],
    ["{1}", /sets and dictionaries/, 1],
    ["2 ^ 3", /write '\*\*' for powers/, 3],
    ["1 & 3", /bitwise/, 3],
    ["~1", /bitwise/, 1],
    ["1 @ 2", /'@'/, 3],
    ["3!", /'!'/, 2],
    ["1j", /complex numbers/, 1],
    ["(1, 2)", /only allowed between function arguments/, 3],
    ["1, 2", /only allowed between function arguments/, 2],
  ])("%s", (expression, message, position) => {
    expect(errorOf(expression)).toMatchObject({ kind: "unsupported", text: message, position });
  });

  it.each([
    ["１+1", "U+FF11", "'1'"],
    ["1 − 2", "U+2212", "'-'"],
    ["2 × 3", "U+00D7", "'*'"],
    ["6 ÷ 2", "U+00F7", "'/'"],
    ["٣ + 1", "U+0663", undefined],
    ["2²", "U+00B2", "**2"],
    ["π", "U+03C0", "pi"],
    ["1\u200b+1", "U+200B", undefined],
    ["1\u00a0+ 1", "U+00A0", "a space"],
    ["sqrt(4)\u{1d7d0}", "U+1D7D0", undefined],
  ])("refuses the non-ASCII %j, naming %s", (expression, code, hint) => {
    const error = errorOf(expression);
    expect(error.kind).toBe("unsupported");
    expect(error.text).toContain(`non-ASCII character ${code}`);
    if (hint !== undefined) expect(error.text).toContain(`use ${hint}`);
    expect(error.text).not.toMatch(/[^\x20-\x7e]/); // the message itself is plain ASCII
  });
});

describe("syntax errors carry the position", () => {
  it.each([
    [
      "(1+2",
      5,
      /expected an operator or '\)' to close the '\(' at position 1, found end of input|expected '\)'/,
    ],
    ["1+", 3, /expected a number, a name or '\(', found end of input/],
    ["*2", 1, /found '\*'/],
    ["1 2", 3, /expected an operator or the end of the expression, found '2'/],
    ["2(3)", 2, /found '\('/],
    [")(", 1, /found '\)'/],
    ["(1))", 4, /unmatched '\)'/],
    ["1 +* 2", 4, /found '\*'/],
    ["sqrt(4", 7, /',' or '\)' to close sqrt\( at position 5/],
    ["1..2", 1, /invalid number/],
    ["1.2.3", 1, /invalid number/],
    ["1e", 1, /the exponent needs digits/],
    ["1e+", 1, /the exponent needs digits/],
    ["1_", 1, /invalid number/],
    ["1__0", 1, /invalid number/],
    ["0x", 1, /'0x' needs digits/],
    ["0b102", 1, /invalid number/],
    ["007", 1, /leading zeros/],
    ["2pi", 1, /unexpected 'p' after the number/],
    ["1 $ 2", 3, /'\$'/],
    ["1 \x00 2", 3, /unexpected character U\+0000/],
  ])("%j at position %d", (expression, position, message) => {
    const error = errorOf(expression);
    expect(["syntax", "unsupported"]).toContain(error.kind);
    expect(error).toMatchObject({ position, text: message });
  });

  it("prefers a syntax error over a math error found earlier, as Python compiles first", () => {
    expect(errorOf("1/0 +").kind).toBe("syntax");
    expect(errorOf("sqrt(-1) + (").kind).toBe("syntax");
  });

  it("reports the first math error in evaluation order", () => {
    expect(errorOf("1/0 + sqrt(-1)")).toMatchObject({ kind: "division_by_zero", position: 2 });
    expect(errorOf("sqrt(-1) + 1/0")).toMatchObject({ kind: "domain", position: 1 });
  });
});

describe("math errors", () => {
  it.each([
    ["1/0", "division_by_zero", 2, /division by zero \(at position 2\)/],
    ["1 // 0", "division_by_zero", 3, /division or modulo by zero/],
    ["5 % 0.0", "division_by_zero", 3, /modulo by zero/],
    ["0**-1", "division_by_zero", 2, /0 cannot be raised to a negative power/],
    ["0.0 ** -0.5", "division_by_zero", 5, /negative power/],
    ["log(2, 1)", "division_by_zero", 1, /base 1/],
    ["sqrt(-1)", "domain", 1, /math domain error: sqrt\(x\) needs x >= 0/],
    ["log(0)", "domain", 1, /log\(x\) needs x > 0/],
    ["log(-1)", "domain", 1, /needs x > 0/],
    ["log(2, 0)", "domain", 1, /base > 0/],
    ["log2(0) + 1", "domain", 1, /log2\(x\) needs x > 0/],
    ["log10(-1)", "domain", 1, /log10/],
    ["asin(2)", "domain", 1, /-1 <= x <= 1/],
    ["acos(-1.5)", "domain", 1, /acos/],
    ["(-8)**(1/3)", "domain", 5, /complex/],
    ["round(1.5, 0.5)", "argument", 1, /whole number of digits/],
    ["10**400", "overflow", 3, /too large for a 64-bit float/],
    ["2.0**1024", "overflow", 4, /'\*\*'/],
    ["1e308 * 10", "overflow", 7, /'\*'/],
    ["1e308 + 1e308", "overflow", 7, /'\+'/],
    ["-1e308 - 1e308", "overflow", 8, /'-'/],
    ["exp(1000)", "overflow", 1, /result of exp/],
    ["round(1.7976931348623157e308, -308)", "overflow", 1, /result of round/],
    ["1e400", "overflow", 1, /number at position 1 is too large/],
  ])("%s → %s at %d", (expression, kind, position, message) => {
    expect(errorOf(expression)).toMatchObject({ kind, position, text: message });
  });
});

describe("run never throws", () => {
  it.each([
    [undefined, /must be an object/],
    [null, /must be an object/],
    [[], /must be an object/],
    ["1+1", /must be an object/],
    [{}, /missing argument "expression"/],
    [{ expression: 1 }, /must be a string, got number/],
    [{ expression: null }, /must be a string, got null/],
    [{ expression: "1", precision: 3 }, /unexpected argument 'precision'/],
  ])("answers the arguments %j with an input error", (args, message) => {
    const response = calculator.run(args as never);
    expect(ToolResponse.isInstance(response)).toBe(true);
    expect(response.isError).toBe(true);
    expect(response.text).toMatch(message);
    expect(response.data).toEqual({ error: "input" });
  });

  it("returns a response for 20,000 random strings of hostile characters", () => {
    const alphabet = [
      ..."0123456789.e_xob+-*/%()，,=[]'\"#;: \t\n\\$abcdefpisqrt__proto__",
      "**",
      "//",
      "−",
      "×",
      "１",
      "\u0000",
      "\ud800",
      "\u{1f600}",
    ];
    let seed = 4;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let successes = 0;
    for (let i = 0; i < 20_000; i++) {
      let expression = "";
      const length = Math.floor(random() * 30);
      for (let j = 0; j < length; j++)
        expression += alphabet[Math.floor(random() * alphabet.length)];
      const response = calculator.run({ expression });
      expect(ToolResponse.isInstance(response)).toBe(true);
      if (response.isError) expect(response.text.length).toBeGreaterThan(10);
      else successes++;
    }
    expect(successes).toBeGreaterThan(0);
  });
});

describe("no eval", () => {
  it("no calculator source file calls eval, Function or import()", () => {
    const folder = new URL("./", import.meta.url);
    const sources = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    expect(sources).toContain(join("internal", "evaluate-expression.ts"));
    for (const file of sources) {
      const text = readFileSync(new URL(file, folder), "utf8");
      expect(text, file).not.toMatch(/\beval\s*\(|\bFunction\s*\(|\bimport\s*\(|\brequire\s*\(/);
    }
  });
});

describe("evaluateExpression", () => {
  it("returns the value or the failure without a tool around it", () => {
    expect(evaluateExpression("-2**2 + 7 // -2")).toEqual({ ok: true, value: -8 });
    expect(evaluateExpression("(1", { maxDepth: 1 })).toMatchObject({
      ok: false,
      error: { kind: "syntax", position: 3 },
    });
  });

  it("throws a TypeError for invalid limits, a programming error", () => {
    expect(() => evaluateExpression("1", { maxLength: 0 })).toThrow(TypeError);
  });
});
