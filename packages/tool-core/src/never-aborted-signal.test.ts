import { describe, expect, it } from "vitest";
import { isNeverAborted, NEVER_ABORTED_SIGNAL } from "./never-aborted-signal.js";

describe("NEVER_ABORTED_SIGNAL", () => {
  it("is a real, unaborted AbortSignal that isNeverAborted recognises", () => {
    expect(NEVER_ABORTED_SIGNAL).toBeInstanceOf(AbortSignal);
    expect(NEVER_ABORTED_SIGNAL.aborted).toBe(false);
    expect(isNeverAborted(NEVER_ABORTED_SIGNAL)).toBe(true);
  });

  it("is not confused with signals that can abort", () => {
    const controller = new AbortController();
    expect(isNeverAborted(controller.signal)).toBe(false);
    expect(isNeverAborted(AbortSignal.timeout(1000))).toBe(false);
    expect(isNeverAborted(AbortSignal.any([NEVER_ABORTED_SIGNAL]))).toBe(false);
    // A signal derived from it by the SDK or a caller is a new signal that may abort.
    expect(isNeverAborted(AbortSignal.any([NEVER_ABORTED_SIGNAL, controller.signal]))).toBe(false);
  });

  it("is recognised across installed copies of tool-core (a Symbol.for brand)", () => {
    const other = new AbortController().signal;
    Object.defineProperty(other, Symbol.for("toolgate.never-aborted-signal"), { value: true });
    expect(isNeverAborted(other)).toBe(true);
  });

  it("keeps its brand: it cannot be deleted", () => {
    const brand = Symbol.for("toolgate.never-aborted-signal");
    expect(() => {
      delete (NEVER_ABORTED_SIGNAL as unknown as Record<symbol, unknown>)[brand];
    }).toThrow(TypeError);
    expect(isNeverAborted(NEVER_ABORTED_SIGNAL)).toBe(true);
  });
});
