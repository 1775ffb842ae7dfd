import { describe, expect, it } from "vitest";
import { serverText } from "./server-text.js";

describe("serverText", () => {
  it.each([
    ["escapes and hidden characters", "v1\u001b[2J\u200b\u{E0041}", "v1"],
    [
      "newlines and tabs shown, so a line cannot be forged",
      "a\nhints: none\tx",
      "a\\nhints: none\\tx",
    ],
    ["CRLF as one visible newline", "a\r\nb", "a\\nb"],
    ["non-strings as JSON", { v: [1, "x"] }, '{"v":[1,"x"]}'],
    ["undefined as its name", undefined, "undefined"],
  ])("%s", (_name, input, expected) => {
    expect(serverText(input)).toBe(expected);
  });

  it("clips a multi-megabyte value and says how long it was", () => {
    const out = serverText("x".repeat(3_000_000), 50);
    expect(out).toBe(`${"x".repeat(50)}… [3000000 chars in all]`);
  });

  it("clips after cleaning, so hidden characters do not count", () => {
    expect(serverText(`${"\u200b".repeat(4)}abc`, 5)).toBe("abc");
    // Padding past the cleaning window cannot smuggle text through: it is cut and marked.
    expect(serverText(`${"\u200b".repeat(30)}abc`, 5)).toBe("… [33 chars in all]");
  });

  it("survives values JSON cannot render", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(serverText(cyclic)).toBe("[object Object]");
    expect(serverText(10n)).toBe("[object BigInt]");
  });
});
