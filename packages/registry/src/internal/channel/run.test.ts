import { type ToolContext, ToolError, tool } from "@toolgate/tool-core";
import { isCallScoped } from "@toolgate/tool-core/internal";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ToolEvent } from "../../tool-event.js";
import type { ExecuteOptions } from "../../tool-registry.js";
import { ToolRegistry } from "../../tool-registry.js";

// The run stage with a deadline and no caller's signal: a tool that answers synchronously is
// answered without a promise or a timer of the channel's; a pending result arms the timer for
// what is left of the deadline.

function recorded(timeoutMs: number) {
  const events: ToolEvent[] = [];
  const registry = new ToolRegistry({ timeoutMs, onEvent: (event) => events.push(event) });
  return { registry, events };
}

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The tool's synchronous part: it counts against the deadline.
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.restoreAllMocks();
});

// [name, registry timeoutMs, per-call options]: the registry's deadline and a per-call one.
const DEADLINES: readonly [string, number, ExecuteOptions | undefined][] = [
  ["the registry's deadline", 1000, undefined],
  ["a per-call deadline", 60_000, { timeoutMs: 1000 }],
];

describe("run with a deadline", () => {
  describe.each(DEADLINES)("%s", (_, timeoutMs, options) => {
    it("answers a synchronous tool without arming a timer", async () => {
      const { registry, events } = recorded(timeoutMs);
      registry.register(tool({ name: "now", execute: () => "at once" }));
      const setTimer = vi.spyOn(globalThis, "setTimeout");
      const answer = await registry.execute("now", {}, options);
      expect(setTimer).not.toHaveBeenCalled();
      expect(answer.text).toBe("at once");
      expect(events.map((event) => event.type)).toEqual(["start", "end"]);
    });

    it.each([
      ["a ToolError", () => new ToolError("no such row"), "no such row", "end"],
      [
        "any other error",
        () => new RangeError("secret"),
        "Tool 'throws' failed: RangeError",
        "failed",
      ],
    ])(
      "answers a tool that throws %s synchronously, with no timer",
      async (_, make, text, last) => {
        const { registry, events } = recorded(timeoutMs);
        registry.register(
          tool({
            name: "throws",
            execute: () => {
              throw make();
            },
          }),
        );
        const setTimer = vi.spyOn(globalThis, "setTimeout");
        const result = await registry.executeChecked("throws", {}, options);
        expect(setTimer).not.toHaveBeenCalled();
        expect(result.response.text).toBe(text);
        expect(result.executed).toBe(true);
        expect(events.map((event) => event.type)).toEqual(["start", last]);
      },
    );

    it("gives a synchronous tool a call-scoped signal that never aborts after it answered", async () => {
      let seen: AbortSignal | undefined;
      const { registry } = recorded(timeoutMs);
      registry.register(
        tool({
          name: "looks",
          execute: (_args, context) => {
            seen = context.signal;
            return "ok";
          },
        }),
      );
      expect((await registry.execute("looks", {}, options)).text).toBe("ok");
      expect(isCallScoped(seen!)).toBe(true);
      expect(seen!.aborted).toBe(false);
    });

    it("answers an async tool that resolves before the deadline and clears its timer", async () => {
      const { registry, events } = recorded(timeoutMs);
      registry.register(tool({ name: "soon", execute: () => sleep(5).then(() => "soon") }));
      const clearTimer = vi.spyOn(globalThis, "clearTimeout");
      expect((await registry.execute("soon", {}, options)).text).toBe("soon");
      expect(clearTimer).toHaveBeenCalledTimes(1);
      expect(events.map((event) => event.type)).toEqual(["start", "end"]);
    });
  });

  // [name, stopped by a deadline (else by the caller's signal), the answer]: the two ways a
  // call gets a context that can be stopped.
  const STOPPABLE: readonly [string, boolean, string][] = [
    ["a deadline", true, "Tool 'wraps' timed out after 20 ms"],
    ["a caller's signal", false, "Tool 'wraps' was cancelled"],
  ];

  it.each(STOPPABLE)(
    "gives a context with %s a signal that goes with it when passed on, as it is or by name",
    async (_, byDeadline, text) => {
      // A tool that wraps another passes its context on. The signal is a getter of the context's
      // class (an own accessor would cost a defineProperty per call), so a copy names it.
      let passed: ToolContext | undefined;
      let named: ToolContext | undefined;
      const registry = ToolRegistry.from([
        tool({
          name: "wraps",
          execute: (_args, context) => {
            passed = context;
            named = { ...context, signal: context.signal };
            return new Promise(() => {});
          },
        }),
      ])!;
      const caller = new AbortController();
      const options: ExecuteOptions = byDeadline ? { timeoutMs: 20 } : { signal: caller.signal };
      const pending = registry.execute("wraps", {}, options);
      caller.abort();
      expect((await pending).text).toBe(text);
      for (const context of [passed!, named!]) {
        expect(isCallScoped(context.signal)).toBe(true);
        expect(context.signal.aborted).toBe(true);
      }
      expect(named!.signal).toBe(passed!.signal);
      expect(Object.keys(named!).sort()).toEqual(["callId", "maxResultChars", "signal"]);
    },
  );

  it("ends an async tool that resolves after the deadline, once, aborting its signal", async () => {
    let context: ToolContext | undefined;
    const { registry, events } = recorded(20);
    registry.register(
      tool({
        name: "late",
        execute: (_args, given) => {
          context = given;
          return sleep(60).then(() => "too late");
        },
      }),
    );
    const result = await registry.executeChecked("late", {});
    expect(result.response.text).toBe("Tool 'late' timed out after 20 ms");
    await sleep(60);
    expect(events.map((event) => event.type)).toEqual(["start", "failed"]);
    expect(events[1]).toMatchObject({ type: "failed", reason: "timeout" });
    // Read first after the deadline: born aborted, with the deadline's reason.
    const signal = context!.signal;
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe("TimeoutError");
  });

  it("aborts a signal the tool read in its synchronous part when the deadline passes", async () => {
    let seen: AbortSignal | undefined;
    const { registry } = recorded(20);
    registry.register(
      tool({
        name: "hangs",
        execute: (_args, context) => {
          seen = context.signal;
          return new Promise(() => {});
        },
      }),
    );
    expect((await registry.execute("hangs", {})).text).toBe("Tool 'hangs' timed out after 20 ms");
    expect(seen?.aborted).toBe(true);
  });

  it("counts the tool's synchronous part against the deadline", async () => {
    // 40 ms of work before the promise, which resolves 40 ms later: past a 60 ms deadline
    // counted from the call's start, within one counted from when the promise appeared.
    const { registry } = recorded(60);
    registry.register(
      tool({
        name: "slowstart",
        execute: () => {
          busyFor(40);
          return sleep(40).then(() => "done");
        },
      }),
    );
    const started = performance.now();
    const answer = await registry.execute("slowstart", {});
    const took = performance.now() - started;
    expect(answer.text).toBe("Tool 'slowstart' timed out after 60 ms");
    // Never before the deadline (1 ms for clocks that round differently).
    expect(took).toBeGreaterThanOrEqual(59);
  });

  it("answers a synchronous tool that outlasts its deadline: nothing could stop it", async () => {
    const { registry } = recorded(5);
    registry.register(
      tool({
        name: "busy",
        execute: () => {
          busyFor(15);
          return "finished";
        },
      }),
    );
    expect((await registry.execute("busy", {})).text).toBe("finished");
  });

  it("answers a thenable whose `then` throws as the tool's failure, clearing the timer", async () => {
    const { registry, events } = recorded(1000);
    const hostile = {
      // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is the point of the test
      then() {
        throw new ToolError("then broke");
      },
    };
    registry.register(tool({ name: "hostile", execute: () => hostile as never }));
    const clearTimer = vi.spyOn(globalThis, "clearTimeout");
    expect((await registry.execute("hostile", {})).text).toBe("then broke");
    expect(clearTimer).toHaveBeenCalledTimes(1);
    expect(events.map((event) => event.type)).toEqual(["start", "end"]);
  });
});
