import { describe, expect, it } from "vitest";
import { isRecord } from "./is-record.js";

describe("isRecord", () => {
  it.each([
    ["a plain object", {}, true],
    ["an object without prototype", Object.create(null), true],
    ["null", null, false],
    ["an array", [], false],
    ["a string", "{}", false],
    ["a number", 1, false],
    ["undefined", undefined, false],
  ])("says %s is %s", (_, value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });
});
