import { describe, expect, it } from "vitest";
import { ToolDefinitionError } from "../tool-definition-error.js";
import { MAX_TIMER_MS, timeoutOption } from "./timeout-option.js";

describe("timeoutOption", () => {
  it.each([
    ["the smallest limit", 1, 1],
    ["a limit", 30_000, 30_000],
    ["the largest timer", MAX_TIMER_MS, MAX_TIMER_MS],
    ["null, no limit", null, null],
    ["undefined, the fallback", undefined, 10_000],
  ])("takes %s", (_, value, expected) => {
    expect(timeoutOption(value, "X: timeoutMs", 10_000)).toBe(expected);
  });

  it("gives a null fallback for undefined", () => {
    expect(timeoutOption(undefined, "X: timeoutMs", null)).toBeNull();
  });

  it.each([
    ["Infinity", Number.POSITIVE_INFINITY, /got Infinity \(use null for no limit\)$/],
    ["-Infinity", Number.NEGATIVE_INFINITY, /got -Infinity$/],
    ["0", 0, /got 0$/],
    ["a negative", -5, /got -5$/],
    ["a fraction", 1.5, /got 1.5$/],
    ["NaN", Number.NaN, /got NaN$/],
    ["one past the largest timer", MAX_TIMER_MS + 1, /got 2147483648$/],
    ["a string", "5s", /got "5s"$/],
    ["a long string", "x".repeat(100), /got "x{20}…"$/],
    ["a boolean", true, /got boolean$/],
    ["an object", {}, /got object$/],
    ["a bigint", 5n, /got bigint$/],
  ])("refuses %s, naming the option", (_, value, detail) => {
    let thrown: unknown;
    try {
      timeoutOption(value, "X: timeoutMs", 10_000);
    } catch (error) {
      thrown = error;
    }
    expect(ToolDefinitionError.isInstance(thrown)).toBe(true);
    const message = (thrown as Error).message;
    expect(message).toMatch(
      /^X: timeoutMs must be a whole number of milliseconds from 1 to 2147483647, or null for no limit; got /,
    );
    expect(message).toMatch(detail);
  });

  it("is the largest delay Node's timers keep", async () => {
    // One more and Node warns and fires at once: the reason larger values are refused.
    const fired = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), MAX_TIMER_MS);
      setTimeout(() => {
        clearTimeout(timer);
        resolve(false);
      }, 20);
    });
    expect(fired).toBe(false);
  });
});
