import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { SdkSignals } from "./sdk-signals.js";

describe("SdkSignals", () => {
  it("passes a signal seen for the first time as it is", () => {
    const outer = new AbortController().signal;
    expect(new SdkSignals().for(outer).signal).toBe(outer);
  });

  it("shares one controller among at most 64 requests of a reused signal", () => {
    const signals = new SdkSignals();
    const outer = new AbortController().signal;
    signals.for(outer).release();
    const given = Array.from({ length: 65 }, () => signals.for(outer));
    expect(new Set(given.slice(0, 64).map((s) => s.signal)).size).toBe(1);
    expect(given[64]!.signal).not.toBe(given[0]!.signal);
    expect(given[0]!.signal).not.toBe(outer);
  });

  it("aborting the caller's signal aborts every linked controller, retired ones in flight too", () => {
    const signals = new SdkSignals();
    const controller = new AbortController();
    signals.for(controller.signal);
    const first = Array.from({ length: 64 }, () => signals.for(controller.signal));
    const next = signals.for(controller.signal);
    controller.abort(new Error("stop"));
    expect(first[0]!.signal.aborted).toBe(true);
    expect(next.signal.aborted).toBe(true);
    expect(next.signal.reason).toEqual(new Error("stop"));
  });

  it("leaves no growing number of listeners on a signal used for thousands of calls", () => {
    const signals = new SdkSignals();
    const outer = new AbortController().signal;
    for (let i = 0; i < 5000; i++) signals.for(outer).release();
    expect(getEventListeners(outer, "abort").length).toBeLessThanOrEqual(1);
  });
});
