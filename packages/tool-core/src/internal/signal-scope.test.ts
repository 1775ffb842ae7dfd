import { describe, expect, it } from "vitest";
import {
  callAbortController,
  isCallScoped,
  isNeverAborted,
  NEVER_ABORTED_SIGNAL,
} from "./signal-scope.js";

const scope = Symbol.for("toolgate.signal-scope");

describe("NEVER_ABORTED_SIGNAL", () => {
  it("is a real, unaborted AbortSignal that isNeverAborted recognises", () => {
    expect(NEVER_ABORTED_SIGNAL).toBeInstanceOf(AbortSignal);
    expect(NEVER_ABORTED_SIGNAL.aborted).toBe(false);
    expect(isNeverAborted(NEVER_ABORTED_SIGNAL)).toBe(true);
    expect(isCallScoped(NEVER_ABORTED_SIGNAL)).toBe(false);
  });

  it("is not confused with signals that can abort", () => {
    const controller = new AbortController();
    expect(isNeverAborted(controller.signal)).toBe(false);
    expect(isNeverAborted(AbortSignal.timeout(1000))).toBe(false);
    expect(isNeverAborted(callAbortController().signal)).toBe(false);
    // A signal derived from it is a new signal that may abort.
    expect(isNeverAborted(AbortSignal.any([NEVER_ABORTED_SIGNAL, controller.signal]))).toBe(false);
  });

  it("is recognised across installed copies of tool-core (a Symbol.for mark)", () => {
    const other = new AbortController().signal;
    Object.defineProperty(other, scope, { value: "never" });
    expect(isNeverAborted(other)).toBe(true);
  });

  it("keeps its mark: it cannot be deleted or changed", () => {
    const marks = NEVER_ABORTED_SIGNAL as unknown as Record<symbol, unknown>;
    expect(() => {
      delete marks[scope];
    }).toThrow(TypeError);
    expect(() => {
      marks[scope] = "call";
    }).toThrow(TypeError);
    expect(isNeverAborted(NEVER_ABORTED_SIGNAL)).toBe(true);
  });
});

describe("callAbortController", () => {
  it("makes a working controller whose signal isCallScoped recognises", () => {
    const controller = callAbortController();
    expect(isCallScoped(controller.signal)).toBe(true);
    expect(isNeverAborted(controller.signal)).toBe(false);
    controller.abort(new Error("stop"));
    expect(controller.signal.aborted).toBe(true);
    expect((controller.signal.reason as Error).message).toBe("stop");
  });

  it("marks only its own signals: a fresh one per call, never a caller's", () => {
    expect(callAbortController().signal).not.toBe(callAbortController().signal);
    expect(isCallScoped(new AbortController().signal)).toBe(false);
    expect(isCallScoped(AbortSignal.any([callAbortController().signal]))).toBe(false);
  });
});
