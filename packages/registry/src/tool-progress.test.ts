// Long-running tools report progress (context.progress, or a generator execute): it reaches
// onEvent and a per-call onProgress, checked and cleaned, coalesced, never after the call ended,
// and it never extends a deadline.
import { type ToolContext, ToolError, type ToolProgress, tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import type { ToolEvent, ToolProgressEvent } from "./tool-event.js";
import type { ExecuteOptions } from "./tool-registry.js";
import { ToolRegistry, type ToolRegistryOptions } from "./tool-registry.js";

// Two turns of the event loop: an update waits one turn for delivery (a newer one replaces it).
const tick = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

function setUp(options: ToolRegistryOptions = {}) {
  const events: ToolEvent[] = [];
  const registry = new ToolRegistry({ ...options, onEvent: (event) => events.push(event) });
  return { registry, events, kinds: () => events.map((event) => event.type) };
}

/** A tool that reports each update given, a turn apart, then answers "done". */
function reporting(updates: unknown[]) {
  return tool({
    name: "work",
    origin: "test",
    async execute(_args, context) {
      for (const update of updates) {
        context.progress?.(update as ToolProgress);
        await tick();
      }
      return "done";
    },
  });
}

const progressOf = (events: ToolEvent[]) =>
  events
    .filter((event): event is ToolProgressEvent => event.type === "progress")
    .map(({ progress, total, message }) => ({ progress, total, message }));

describe("context.progress", () => {
  // Every way the registry runs a tool gives it a context that reports.
  const paths: [label: string, options: ExecuteOptions][] = [
    ["no id, no deadline", {}],
    ["a call id", { callId: "c1" }],
    ["a deadline", { timeoutMs: 5_000 }],
    ["a caller's signal", { signal: new AbortController().signal }],
    ["a caller's context", { context: { user: "u" } }],
  ];
  it.each(paths)("reaches onEvent between start and end (%s)", async (_label, options) => {
    const { registry, events, kinds } = setUp();
    registry.register(reporting([{ progress: 1, total: 2, message: "half" }, { progress: 2 }]));
    const result = await registry.executeChecked("work", {}, options);
    expect(result.response.text).toBe("done");
    expect(kinds()).toEqual(["start", "progress", "progress", "end"]);
    const [first] = events.filter((event) => event.type === "progress");
    expect(first).toMatchObject({
      type: "progress",
      tool: "work",
      origin: "test",
      callId: result.callId,
      progress: 1,
      total: 2,
      message: "half",
    });
    expect(first?.timestamp).toEqual(expect.any(Number));
    expect(progressOf(events)[1]).toEqual({ progress: 2, total: undefined, message: undefined });
  });

  it("reaches a per-call onProgress without onEvent, with a call id made for it", async () => {
    const registry = new ToolRegistry();
    registry.register(reporting([{ progress: 1 }, { progress: 5 }]));
    const heard: ToolProgressEvent[] = [];
    const result = await registry.executeChecked("work", {}, { onProgress: (e) => heard.push(e) });
    expect(heard.map((event) => event.progress)).toEqual([1, 5]);
    expect(heard[0]?.callId).toBe(result.callId);
    expect(result.callId).toMatch(/^tg-/);
    expect(await registry.execute("work", {}, { onProgress: (e) => heard.push(e) })).toMatchObject({
      text: "done",
    });
  });

  it("tells the calls of a batch apart by call id", async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool({
        name: "count",
        parallel: true,
        parameters: { type: "object", properties: { to: { type: "number" } } },
        async execute(args, context) {
          for (let i = 1; i <= Number(args.to); i++) {
            context.progress?.({ progress: i });
            await tick();
          }
          return "counted";
        },
      }),
    );
    const heard: ToolProgressEvent[] = [];
    await registry.executeBatch(
      [
        { id: "a", name: "count", args: { to: 2 } },
        { id: "b", name: "count", args: { to: 3 } },
      ],
      { onProgress: (event) => heard.push(event) },
    );
    const of = (id: string) => heard.filter((e) => e.callId === id).map((e) => e.progress);
    expect(of("a")).toEqual([1, 2]);
    expect(of("b")).toEqual([1, 2, 3]);
  });

  it("is absent when nobody listens, and works detached", async () => {
    const registry = new ToolRegistry();
    let seen: ToolContext["progress"];
    registry.register(
      tool({
        name: "quiet",
        execute(_args, context) {
          seen = context.progress;
          const { progress } = context;
          progress?.({ progress: 1 });
          return "ok";
        },
      }),
    );
    expect((await registry.execute("quiet", {})).text).toBe("ok");
    expect(seen).toBeUndefined();
    // Detached from its context, a listening call's reporter still reports.
    const { registry: heard, events } = setUp();
    heard.register(
      tool({
        name: "detached",
        async execute(_args, context) {
          const { progress } = context;
          progress?.({ progress: 3 });
          return "ok";
        },
      }),
    );
    await heard.execute("detached", {});
    expect(progressOf(events)).toEqual([{ progress: 3, total: undefined, message: undefined }]);
  });

  it("refuses an onProgress that is not a function, like any invalid option", async () => {
    const registry = new ToolRegistry();
    registry.register(reporting([]));
    await expect(registry.execute("work", {}, { onProgress: "log" as never })).rejects.toThrow(
      "ToolRegistry.execute: onProgress must be a function",
    );
  });

  it("ignores a listener that throws or rejects", async () => {
    const { registry } = setUp({
      onEvent: () => {
        throw new Error("listener");
      },
    });
    registry.register(reporting([{ progress: 1 }, { progress: 2 }]));
    const response = await registry.execute(
      "work",
      {},
      {
        onProgress: () => Promise.reject(new Error("async listener")),
      },
    );
    expect(response.text).toBe("done");
    const response2 = await new ToolRegistry({
      onEvent: () => {
        throw new Error("listener");
      },
    });
    response2.register(reporting([{ progress: 1 }]));
    expect(
      (
        await response2.execute(
          "work",
          {},
          {
            onProgress: () => {
              throw new Error("sync listener");
            },
          },
        )
      ).text,
    ).toBe("done");
  });
});

describe("checked and cleaned updates", () => {
  const invalid: [label: string, update: unknown][] = [
    ["a number", 1],
    ["null", null],
    ["a string progress", { progress: "1" }],
    ["NaN", { progress: Number.NaN }],
    ["Infinity", { progress: Number.POSITIVE_INFINITY }],
    ["a negative progress", { progress: -1 }],
    ["a total of 0", { progress: 1, total: 0 }],
    ["a NaN total", { progress: 1, total: Number.NaN }],
    ["an infinite total", { progress: 1, total: Number.POSITIVE_INFINITY }],
    ["a message that is not a string", { progress: 1, message: { toString: () => "x" } }],
    [
      "a getter that throws",
      {
        get progress() {
          throw new Error("getter");
        },
      },
    ],
    [
      "a proxy whose trap throws",
      new Proxy(
        {},
        {
          get() {
            throw new Error("trap");
          },
        },
      ),
    ],
  ];
  it.each(invalid)("drops %s and the call still answers", async (_label, update) => {
    const { registry, events, kinds } = setUp();
    registry.register(reporting([update, { progress: 7 }]));
    expect((await registry.execute("work", {})).text).toBe("done");
    expect(kinds()).toEqual(["start", "progress", "end"]);
    expect(progressOf(events)).toEqual([{ progress: 7, total: undefined, message: undefined }]);
  });

  it("drops an update whose progress does not increase", async () => {
    const { registry, events } = setUp();
    registry.register(
      reporting([
        { progress: 2 },
        { progress: 1 },
        { progress: 2 },
        { progress: 0 },
        { progress: 3 },
      ]),
    );
    await registry.execute("work", {});
    expect(progressOf(events).map((update) => update.progress)).toEqual([2, 3]);
  });

  const messages: [label: string, message: string, expected: string | undefined][] = [
    ["ANSI escapes and controls", "\u001b[31mred\u001b[0m\u0007 done\u0000", "red done"],
    ["newlines and tabs made one line", "line 1\n\tline 2\r\n", "line 1 line 2"],
    ["zero-width and bidi controls, Unicode tags", "a\u200bb\u202ec\u{E0041}", "abc"],
    ["nothing printable", "\u200b\u0000", undefined],
    ["a huge message, cut", "x".repeat(10_000_000), `${"x".repeat(1000)}…`],
  ];
  it.each(messages)("makes a message printable: %s", async (_label, message, expected) => {
    const { registry, events } = setUp();
    registry.register(reporting([{ progress: 1, message }]));
    await registry.execute("work", {});
    expect(progressOf(events)).toEqual([{ progress: 1, total: undefined, message: expected }]);
  });

  it("redacts the message, and drops it when the redactor fails", async () => {
    const { registry, events } = setUp({ redact: (text) => text.replaceAll("s3cret", "[key]") });
    registry.register(reporting([{ progress: 1, message: "using s3cret" }]));
    await registry.execute("work", {});
    expect(progressOf(events)[0]?.message).toBe("using [key]");
    const failing = setUp({
      redact: (text) => {
        if (text.includes("s3cret")) throw new Error("redactor");
        return text;
      },
    });
    failing.registry.register(reporting([{ progress: 1, message: "using s3cret" }]));
    expect((await failing.registry.execute("work", {})).text).toBe("done");
    expect(progressOf(failing.events)).toEqual([
      { progress: 1, total: undefined, message: undefined },
    ]);
  });

  it("coalesces a million reports in one turn into one event, the last", async () => {
    const { registry, events } = setUp();
    registry.register(
      tool({
        name: "flood",
        execute(_args, context) {
          for (let i = 1; i <= 1_000_000; i++) context.progress?.({ progress: i, total: 1e6 });
          return "flooded";
        },
      }),
    );
    expect((await registry.execute("flood", {})).text).toBe("flooded");
    expect(progressOf(events)).toEqual([{ progress: 1e6, total: 1e6, message: undefined }]);
  });

  it("drops what a tool reports after its call ended", async () => {
    const { registry, events, kinds } = setUp();
    let later: ToolContext["progress"];
    registry.register(
      tool({
        name: "leaky",
        execute(_args, context) {
          later = context.progress;
          return "ok";
        },
      }),
    );
    await registry.execute("leaky", {});
    later?.({ progress: 1 });
    await tick();
    expect(kinds()).toEqual(["start", "end"]);
    expect(events).toHaveLength(2);
  });
});

describe("a generator execute", () => {
  it("an async generator: its yields are progress, its return the result (not '{}')", async () => {
    const { registry, events, kinds } = setUp();
    registry.register(
      tool({
        name: "gen",
        async *execute() {
          yield { progress: 1, total: 2 };
          await tick();
          yield { progress: 2, total: 2, message: "last" };
          await tick();
          return { rows: 3 };
        },
      }),
    );
    const response = await registry.execute("gen", {});
    expect(response.status).toBe("success");
    expect(response.data).toEqual({ rows: 3 });
    expect(kinds()).toEqual(["start", "progress", "progress", "end"]);
    expect(progressOf(events)).toEqual([
      { progress: 1, total: 2, message: undefined },
      { progress: 2, total: 2, message: "last" },
    ]);
  });

  it("a sync generator too, with no listener, and on every run path", async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool({
        name: "sync",
        *execute() {
          yield { progress: 1 };
          return "synced";
        },
      }),
    );
    for (const options of [{}, { timeoutMs: 5_000 }, { signal: new AbortController().signal }]) {
      expect((await registry.execute("sync", {}, options)).text).toBe("synced");
    }
  });

  it("a generator returned from a promise is a failure, not '{}' as a success", async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool({
        name: "wrapped",
        async execute() {
          return (async function* () {
            yield { progress: 1 };
          })();
        },
      }),
    );
    const response = await registry.execute("wrapped", {});
    expect(response.isError).toBe(true);
    expect(response.text).toBe("Tool 'wrapped' failed: TypeError");
  });

  it("what it throws is its failure: a ToolError verbatim, anything else by type", async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool({
        name: "fails",
        async *execute(args) {
          yield { progress: 1 };
          if (args.kind === "tool") throw new ToolError("quota reached");
          throw new RangeError("secret detail");
        },
        parameters: { type: "object", properties: { kind: { type: "string" } } },
      }),
    );
    expect((await registry.execute("fails", { kind: "tool" })).text).toBe("quota reached");
    expect((await registry.execute("fails", { kind: "other" })).text).toBe(
      "Tool 'fails' failed: RangeError",
    );
  });

  it("a generator that yields a hundred thousand times costs listeners a bounded number of events", async () => {
    const { registry, events } = setUp();
    const steps = 100_000;
    registry.register(
      tool({
        name: "many",
        async *execute() {
          for (let i = 1; i <= steps; i++) yield { progress: i };
          return "many";
        },
      }),
    );
    expect((await registry.execute("many", {})).text).toBe("many");
    const heard = progressOf(events);
    // At most 256 steps a turn (fewer when a turn takes over 10 ms): about 400 events, not 100,000.
    expect(heard.length).toBeLessThanOrEqual(steps / 100);
    expect(heard.at(-1)?.progress).toBe(steps);
  });
});

describe("progress never extends a deadline", () => {
  it("a tool that reports forever still times out, and reports nothing after", async () => {
    const { registry, kinds } = setUp({ timeoutMs: 30 });
    let timer: ReturnType<typeof setInterval> | undefined;
    registry.register(
      tool({
        name: "forever",
        execute(_args, context) {
          let i = 0;
          timer = setInterval(() => context.progress?.({ progress: ++i }), 1);
          return new Promise(() => {});
        },
      }),
    );
    const response = await registry.execute("forever", {});
    expect(response.text).toBe("Tool 'forever' timed out after 30 ms");
    await tick();
    await tick();
    clearInterval(timer);
    const after = kinds().slice(kinds().indexOf("failed") + 1);
    expect(after).toEqual([]);
    expect(kinds()).toContain("progress");
  });

  const forever: [label: string, options: ExecuteOptions, sync: boolean][] = [
    ["an async generator, registry deadline", {}, false],
    ["a sync generator, registry deadline", {}, true],
    ["an async generator, deadline and signal", { signal: new AbortController().signal }, false],
  ];
  it.each(forever)(
    "a generator that yields forever without waiting still times out and is closed (%s)",
    async (_label, options, sync) => {
      const { registry, kinds } = setUp({ timeoutMs: 30 });
      let closed = false;
      registry.register(
        tool({
          name: "spin",
          execute: sync
            ? function* () {
                try {
                  for (let i = 1; ; i++) yield { progress: i };
                } finally {
                  closed = true;
                }
              }
            : async function* () {
                try {
                  for (let i = 1; ; i++) yield { progress: i };
                } finally {
                  closed = true;
                }
              },
        }),
      );
      const response = await registry.execute("spin", {}, options);
      expect(response.text).toBe("Tool 'spin' timed out after 30 ms");
      await tick();
      expect(closed).toBe(true);
      expect(kinds().at(-1)).toBe("failed");
    },
  );

  it("a caller's cancel ends a generator's call and closes it", async () => {
    const registry = new ToolRegistry();
    const controller = new AbortController();
    let closed = false;
    registry.register(
      tool({
        name: "cancel",
        async *execute() {
          try {
            for (let i = 1; ; i++) {
              yield { progress: i };
              await tick();
            }
          } finally {
            closed = true;
          }
        },
      }),
    );
    setTimeout(() => controller.abort(), 10);
    const response = await registry.execute("cancel", {}, { signal: controller.signal });
    expect(response.text).toBe("Tool 'cancel' was cancelled");
    await tick();
    await tick();
    expect(closed).toBe(true);
  });
});
