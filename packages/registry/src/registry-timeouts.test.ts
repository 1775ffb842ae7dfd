import { ToolDefinitionError, tool } from "@toolgate/tool-core";
import { isNeverAborted, MAX_TIMER_MS } from "@toolgate/tool-core/internal";
import { describe, expect, it } from "vitest";
import { ToolRegistry } from "./tool-registry.js";

// The registry reads both timeout options by tool-core's one rule (timeoutOption): these pin
// that each goes through it, not the rule's every case (tool-core's tests have those).
const BAD_TIMEOUTS: readonly [string, unknown, RegExp][] = [
  ["Infinity", Number.POSITIVE_INFINITY, /got Infinity \(use null for no limit\)/],
  ["0", 0, /got 0$/],
  ["a fraction", 1.5, /got 1\.5$/],
  ["more than a timer holds", MAX_TIMER_MS + 1, /got 2147483648$/],
  ["a string", "5s", /got "5s"$/],
];

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("nothing was thrown");
}

const napping = tool({
  name: "nap",
  execute: () => new Promise<string>((resolve) => setTimeout(() => resolve("awake"), 60)),
});

describe("ToolRegistry timeouts", () => {
  it.each(BAD_TIMEOUTS)("refuses a registry timeoutMs of %s", (_, value, detail) => {
    const error = thrown(() => new ToolRegistry({ timeoutMs: value as number }));
    expect(ToolDefinitionError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(
      /^ToolRegistry: timeoutMs must be a whole number of milliseconds/,
    );
    expect(error.message).toMatch(detail);
  });

  it.each(BAD_TIMEOUTS)("refuses a per-call timeoutMs of %s", async (_, value, detail) => {
    const registry = ToolRegistry.from([napping])!;
    const error = await registry.execute("nap", {}, { timeoutMs: value as number }).then(
      () => new Error("no rejection"),
      (reason: Error) => reason,
    );
    expect(ToolDefinitionError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/^ToolRegistry\.execute: timeoutMs must be a whole number/);
    expect(error.message).toMatch(detail);
  });

  it("takes null as no limit: the tool gets a signal that never aborts", async () => {
    let neverAborted: boolean | undefined;
    const probe = tool({
      name: "probe",
      execute: (_args, context) => {
        neverAborted = isNeverAborted(context.signal);
        return "ok";
      },
    });
    await ToolRegistry.from([probe], { timeoutMs: null })!.execute("probe", {});
    expect(neverAborted).toBe(true);
  });

  it("takes the largest timer as a limit that has not passed", async () => {
    const registry = ToolRegistry.from([napping], { timeoutMs: MAX_TIMER_MS })!;
    expect((await registry.execute("nap", {})).text).toBe("awake");
  });

  it("lets a per-call null lift the registry's limit", async () => {
    const registry = ToolRegistry.from([napping], { timeoutMs: 10 })!;
    expect((await registry.execute("nap", {})).text).toBe("Tool 'nap' timed out after 10 ms");
    expect((await registry.execute("nap", {}, { timeoutMs: null })).text).toBe("awake");
  });
});
