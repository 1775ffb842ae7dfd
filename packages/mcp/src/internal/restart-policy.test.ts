import { describe, expect, it } from "vitest";
import { restartDelay, restartPolicy } from "./restart-policy.js";

describe("restartPolicy", () => {
  it("is on with the defaults unless turned off", () => {
    const defaults = { maxAttempts: 5, initialDelayMs: 500, maxDelayMs: 10_000 };
    expect(restartPolicy(undefined)).toEqual(defaults);
    expect(restartPolicy(true)).toEqual(defaults);
    expect(restartPolicy({ maxAttempts: 2 })).toEqual({ ...defaults, maxAttempts: 2 });
    expect(restartPolicy(false)).toBeUndefined();
  });

  const bad: [option: unknown, message: RegExp][] = [
    ["yes", /restart must be an object of restart settings, true or false/],
    [null, /restart must be an object/],
    [{ maxAttempts: 0 }, /restart.maxAttempts must be a whole number from 1 to 2147483647, got 0/],
    [{ maxAttempts: 1.5 }, /restart.maxAttempts must be a whole number/],
    [{ initialDelayMs: -1 }, /restart.initialDelayMs must be a whole number from 0/],
    [{ maxDelayMs: 2 ** 31 }, /restart.maxDelayMs must be a whole number from 0 to 2147483647/],
    [{ maxDelayMs: "10s" }, /restart.maxDelayMs must be a whole number/],
  ];
  it.each(bad)("refuses %j with a TypeError", (option, message) => {
    expect(() => restartPolicy(option as never)).toThrow(TypeError);
    expect(() => restartPolicy(option as never)).toThrow(message);
  });
});

describe("restartDelay", () => {
  it("does not wait before the first attempt in a row, then doubles up to the cap", () => {
    const policy = restartPolicy(undefined)!;
    const delays = [1, 2, 3, 4, 5, 6, 7, 30].map((attempt) => restartDelay(attempt, policy));
    expect(delays).toEqual([0, 500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it("waits not at all with initialDelayMs 0, and never past maxDelayMs", () => {
    expect(restartDelay(4, restartPolicy({ initialDelayMs: 0 })!)).toBe(0);
    expect(restartDelay(3, restartPolicy({ initialDelayMs: 300, maxDelayMs: 450 })!)).toBe(450);
    // 2^1000 overflows to Infinity; the cap still holds.
    expect(restartDelay(1002, restartPolicy({ initialDelayMs: 1 })!)).toBe(10_000);
  });
});
