import { describe, expect, it } from "vitest";
import { CalculatorError } from "../calculator-error.js";
import { formatNumber } from "./format-number.js";
import {
  pyFloorDivide,
  pyMinMax,
  pyModulo,
  pyPower,
  pyRound,
  pyRoundDigits,
} from "./python-math.js";

function kindOf(f: () => number): string {
  try {
    f();
  } catch (error) {
    if (error instanceof CalculatorError) return error.kind;
  }
  return "none";
}

describe("Python float arithmetic", () => {
  it.each([
    [7, 2, 3, 1],
    [-7, 2, -4, 1],
    [7, -2, -4, -1],
    [-7, -2, 3, -1],
    [7.5, 2, 3, 1.5],
    [-7.5, 2, -4, 0.5],
    [1, 0.1, 9, 0.09999999999999995], // Python: divmod(1, 0.1) == (9.0, 0.09999999999999995)
    [1e-300, -5, -1, -5],
  ])("divmod(%d, %d) == (%d, %d)", (a, b, quotient, remainder) => {
    expect(pyFloorDivide(a, b)).toBe(quotient);
    expect(pyModulo(a, b)).toBe(remainder);
  });

  it("gives zero results the sign Python gives them", () => {
    expect(Object.is(pyModulo(6, -3), -0)).toBe(true);
    expect(Object.is(pyModulo(-6, 3), 0)).toBe(true);
    expect(Object.is(pyFloorDivide(0, -3), -0)).toBe(true);
    expect(Object.is(pyFloorDivide(1, 3), 0)).toBe(true);
  });

  it("refuses division by zero", () => {
    expect(kindOf(() => pyFloorDivide(1, 0))).toBe("division_by_zero");
    expect(kindOf(() => pyModulo(1, -0))).toBe("division_by_zero");
    expect(kindOf(() => pyPower(0, -1))).toBe("division_by_zero");
    expect(kindOf(() => pyPower(-0, -0.5))).toBe("division_by_zero");
  });

  it("raises whole numbers to whole powers exactly below 2**53", () => {
    expect(pyPower(3, 33)).toBe(5559060566555523);
    expect(pyPower(-3, 33)).toBe(-5559060566555523);
    expect(pyPower(7, 18)).toBe(1628413597910449);
    expect(pyPower(2, 53)).toBe(2 ** 53);
    expect(pyPower(10, 22)).toBe(1e22);
    expect(pyPower(2, -1074)).toBe(5e-324);
    expect(pyPower(1, 1e300)).toBe(1);
    expect(pyPower(-1, 1e300)).toBe(1);
    expect(pyPower(0, 0)).toBe(1);
    expect(Object.is(pyPower(-0, 3), -0)).toBe(true);
  });

  it("calls a negative base with a fractional exponent a domain error (complex in Python)", () => {
    expect(kindOf(() => pyPower(-8, 1 / 3))).toBe("domain");
    expect(pyPower(-8, 3)).toBe(-512);
  });

  it.each([
    [0.5, 0],
    [1.5, 2],
    [2.5, 2],
    [-0.5, -0],
    [-1.5, -2],
    [0.49999999999999994, 0],
    [4503599627370497, 4503599627370497],
    [1e300, 1e300],
  ])("round(%d) == %d", (x, expected) => {
    expect(pyRound(x)).toBe(expected);
  });

  it.each([
    [0.125, 2, 0.12],
    [0.375, 2, 0.38],
    [2.675, 2, 2.67],
    [1.005, 2, 1], // 1.005 is stored as 1.00499999999999989...
    [0.5, 0, 0],
    [1.5, 0, 2],
    [-2.5, 0, -2],
    [1234.5, -1, 1230],
    [1250, -2, 1200],
    [1350, -2, 1400],
    [-1250, -2, -1200],
    [5e-324, 324, 5e-324], // beyond 323 digits Python returns x unchanged
    [5e-324, 323, 0],
    [1.5, 324, 1.5],
    [123, -309, 0],
    [0.1 + 0.2, 15, 0.3],
    [1.7976931348623157e308, -300, 1.79769313e308],
  ])("round(%d, %d) == %d, on the exact binary value", (x, digits, expected) => {
    expect(pyRoundDigits(x, digits)).toBe(expected);
  });

  it("keeps the sign of a value rounded to zero, and refuses fractional digits", () => {
    expect(Object.is(pyRoundDigits(-0.001, 2), -0)).toBe(true);
    expect(Object.is(pyRoundDigits(-5, -400), -0)).toBe(true);
    expect(kindOf(() => pyRoundDigits(1, 0.5))).toBe("argument");
  });

  it("min and max keep the first of equal values, as Python does", () => {
    expect(Object.is(pyMinMax([0, -0], false), 0)).toBe(true);
    expect(Object.is(pyMinMax([-0, 0], true), -0)).toBe(true);
    expect(pyMinMax([3, 1, 2], false)).toBe(1);
    expect(pyMinMax([3, 1, 5, 2], true)).toBe(5);
  });
});

describe("formatNumber", () => {
  it.each([
    [0, "0"],
    [-0, "0"],
    [0.30000000000000004, "0.3"],
    [1 / 3, "0.333333333333333"],
    [2 / 3, "0.666666666666667"],
    [123456789012345, "123456789012345"],
    [1234567890123456, "1234567890123460"],
    [1.2345678901234568e20, "123456789012346000000"],
    [1e21, "1e+21"],
    [1.5e-7, "1.5e-7"],
    [-2.5, "-2.5"],
    [5e-324, "5e-324"],
    [1.7976931348623157e308, "1.79769313486232e+308"],
  ])("%d → %s", (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it("equals String(Number(value.toPrecision(15))) across all magnitudes", () => {
    let seed = 11;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 48271) % 2147483647;
      const value = (seed / 2147483647 - 0.5) * 10 ** ((seed % 80) - 40);
      expect(formatNumber(value)).toBe(String(Number(value.toPrecision(15))));
    }
  });
});
