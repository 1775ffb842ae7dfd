import { getEventListeners } from "node:events";
import { callAbortController, NEVER_ABORTED_SIGNAL } from "@toolgate/tool-core/internal";
import { describe, expect, it } from "vitest";
import { SdkSignals } from "./sdk-signals.js";

describe("SdkSignals", () => {
  it("gives the SDK no signal for one that can never abort, and a call's own signal as it is", () => {
    const signals = new SdkSignals();
    expect(signals.for(NEVER_ABORTED_SIGNAL)).toBeUndefined();
    const call = callAbortController();
    const given = signals.for(call.signal)!;
    expect(given.signal).toBe(call.signal);
    given.release();
    call.abort();
    expect(given.signal.aborted).toBe(true);
  });

  it("gives a signal's first request the signal itself, so a one-request signal costs no link", () => {
    const signals = new SdkSignals();
    const outer = AbortSignal.timeout(60_000);
    expect(signals.for(outer)!.signal).toBe(outer);
    expect(signals.for(outer)!.signal).not.toBe(outer);
  });

  it("shares one controller among at most 64 later requests of a reused signal", () => {
    const signals = new SdkSignals();
    const outer = new AbortController().signal;
    const [first, ...given] = Array.from({ length: 66 }, () => signals.for(outer)!);
    expect(first!.signal).toBe(outer);
    expect(new Set(given.slice(0, 64).map((s) => s.signal)).size).toBe(1);
    expect(given[64]!.signal).not.toBe(given[0]!.signal);
    expect(given[0]!.signal).not.toBe(outer);
  });

  it("aborting the caller's signal aborts every linked controller, retired ones in flight too", () => {
    const signals = new SdkSignals();
    const controller = new AbortController();
    // The signal itself, then 64 requests on one controller (retired, still in flight).
    const first = Array.from({ length: 65 }, () => signals.for(controller.signal)!);
    const next = signals.for(controller.signal)!;
    expect(next.signal).not.toBe(first[1]!.signal);
    controller.abort(new Error("stop"));
    expect(first[1]!.signal.aborted).toBe(true);
    expect(next.signal.aborted).toBe(true);
    expect(next.signal.reason).toEqual(new Error("stop"));
  });

  it("raises no MaxListeners warning for the 64 SDK listeners of a shared controller", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const signals = new SdkSignals();
      const outer = new AbortController().signal;
      for (let i = 0; i < 64; i++) {
        const { signal } = signals.for(outer)!;
        signal.addEventListener("abort", () => {});
        signal.addEventListener("abort", () => {});
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("leaves no growing number of listeners on a signal used for thousands of calls", () => {
    const signals = new SdkSignals();
    const outer = new AbortController().signal;
    for (let i = 0; i < 5000; i++) signals.for(outer)!.release();
    expect(getEventListeners(outer, "abort")).toHaveLength(1);
  });
});
