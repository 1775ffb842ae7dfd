import { describe, expect, it } from "vitest";
import { CalculatorError } from "../calculator-error.js";
import { evaluateExpression } from "./evaluate-expression.js";
import { Scanner, TOKEN, type TokenKind } from "./scanner.js";

function tokenize(source: string, maxNumberLength = 100): { kind: TokenKind; text: string }[] {
  const scanner = new Scanner(source, maxNumberLength);
  const tokens: { kind: TokenKind; text: string }[] = [];
  for (scanner.next(); scanner.kind !== TOKEN.end; scanner.next()) {
    tokens.push({ kind: scanner.kind, text: scanner.text() });
  }
  return tokens;
}

function count(source: string, maxNumberLength = 100): number {
  const scanner = new Scanner(source, maxNumberLength);
  let n = 0;
  for (scanner.next(); scanner.kind !== TOKEN.end; scanner.next()) n++;
  return n;
}

function scanError(source: string, maxNumberLength = 100): CalculatorError {
  try {
    tokenize(source, maxNumberLength);
  } catch (error) {
    if (error instanceof CalculatorError) return error;
    throw error;
  }
  throw new Error(`${source} scanned without error`);
}

describe("Scanner", () => {
  it("splits operators, longest first, and skips whitespace", () => {
    expect(tokenize(" 2**-3 // 4%5 *\t(6/7),x_1 ").map((t) => t.text)).toEqual([
      "2",
      "**",
      "-",
      "3",
      "//",
      "4",
      "%",
      "5",
      "*",
      "(",
      "6",
      "/",
      "7",
      ")",
      ",",
      "x_1",
    ]);
    expect(tokenize("***").map((t) => t.kind)).toEqual([TOKEN.power, TOKEN.star]);
    expect(tokenize("///").map((t) => t.kind)).toEqual([TOKEN.doubleSlash, TOKEN.slash]);
  });

  it.each([
    ["0", 0],
    ["12.5", 12.5],
    [".25", 0.25],
    ["5.", 5],
    ["1e3", 1000],
    ["1E-3", 0.001],
    ["2.5e+2", 250],
    ["1_000_000", 1_000_000],
    ["1_0.2_5e1_0", 10.25e10],
    ["0.1", 0.1],
    ["123456789012345", 123456789012345],
    ["1234567890.12345", 1234567890.12345],
    ["9007199254740993", 9007199254740992], // rounded like Python's float()
    ["0.30000000000000004", 0.30000000000000004],
    ["0x_Ff", 255],
    ["0o17", 15],
    ["0B101", 5],
    ["0x20000000000001", 2 ** 53], // ties to even, once
    ["00", 0],
    ["0_0", 0],
    ["007.5", 7.5],
    ["1e-400", 0],
  ])("reads the number %s exactly as Python does", (text, value) => {
    const scanner = new Scanner(text, 100);
    scanner.next();
    expect(scanner.kind).toBe(TOKEN.number);
    expect(scanner.value).toBe(value);
    expect(scanner.end).toBe(text.length);
  });

  it("reads short decimals by the fast path and long ones by Number, with equal results", () => {
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      const text = `${seed % 100000}.${String(seed).slice(0, 1 + (seed % 9))}`;
      const scanner = new Scanner(text, 100);
      scanner.next();
      expect(scanner.value).toBe(Number(text));
    }
  });

  it("keeps positions 0-based on the token and 1-based in errors", () => {
    const scanner = new Scanner("  12 +", 100);
    scanner.next();
    expect([scanner.start, scanner.end]).toEqual([2, 4]);
    expect(scanError("1 + $").position).toBe(5);
  });

  it("refuses a number longer than the limit, counting every character", () => {
    expect(scanError("1_000", 4)).toMatchObject({ kind: "number_too_long", position: 1 });
    expect(tokenize("1_000", 5)).toHaveLength(1);
  });
});

// Each input is a million characters; a scanner that backtracks or rescans would take hours, so
// finishing at all (within the test timeout) is the proof of linear time.
describe("Scanner is linear on adversarial input", () => {
  const N = 1_000_000;

  it.each([
    ["1+ repeated", "1+".repeat(N / 2), N],
    ["open parentheses", "(".repeat(N), N],
    ["powers", "**".repeat(N / 2), N / 2],
    ["floor divisions", "//".repeat(N / 2), N / 2],
    ["spaces", `${" ".repeat(N)}1`, 1],
    ["one long name", "a".repeat(N), 1],
    ["underscores", "_".repeat(N), 1],
    ["one long decimal", `0.${"1".repeat(N)}`, 1],
    ["one long number with separators", `${"1_".repeat(N / 2)}1`, -1],
    ["one long hex number", `0x${"f".repeat(N)}`, -1],
    ["one long binary number", `0b${"1_".repeat(N / 2)}1`, -1],
  ])("%s", (_name, source, tokens) => {
    if (tokens === -1) {
      // too large for a float: read to the end, then refused
      expect(scanError(source, 2 * N).kind).toBe("overflow");
    } else {
      expect(count(source, 2 * N)).toBe(tokens);
    }
  });

  it.each([
    ["1e1e1e...", "1e".repeat(N / 2)],
    ["1.1.1...", "1.".repeat(N / 2)],
    ["0x0x...", "0x".repeat(N / 2)],
    ["dots", ".".repeat(N)],
    ["unclosed string", `'${"a".repeat(N)}`],
    ["non-ASCII digits", "１".repeat(N)],
  ])("fails fast on %s", (_name, source) => {
    expect(scanError(source, 2 * N)).toBeInstanceOf(CalculatorError);
  });

  it("evaluates a million-character sum when the limits allow it", () => {
    const limits = { maxLength: 2 * N, maxNodes: 2 * N };
    expect(evaluateExpression(`${"1+".repeat(N / 2)}1`, limits)).toEqual({
      ok: true,
      value: N / 2 + 1,
    });
  });
});
