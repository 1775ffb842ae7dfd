import { type Tool, ToolError, ToolResponse, tool } from "@toolgate/tool-core";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolEvent } from "./tool-event.js";
import { ToolRegistry } from "./tool-registry.js";

// "Never rejects for a tool's failure" for any arguments and any value a tool produces: every
// hostile case below is answered with an error response and reported with the full error.

/** Each entry point, reduced to the response of one call. */
const ENTRY_POINTS: [string, (r: ToolRegistry, name: string, args: never) => Promise<Answer>][] = [
  ["execute", async (r, name, args) => ({ response: await r.execute(name, args) })],
  ["executeChecked", (r, name, args) => r.executeChecked(name, args)],
  [
    "executeBatch",
    async (r, name, args) => (await r.executeBatch([{ id: "only", name, args }]))[0]!,
  ],
];
interface Answer {
  response: ToolResponse;
  executed?: boolean;
}

// A tree schema: every level may hold a child of the same shape.
const tree = tool({
  name: "tree",
  parameters: {
    type: "object",
    properties: {
      child: { $ref: "#" },
      list: { $ref: "#/definitions/nest" },
      label: { type: "string" },
    },
    definitions: { nest: { type: "array", items: { $ref: "#/definitions/nest" } } },
  },
  execute: () => "ran",
});

function nestedObject(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { child: value };
  return value;
}

/** One array held twice at each of `levels` levels: 2^levels paths through `levels` arrays. */
function sharedAtEveryLevel(levels: number): Record<string, unknown> {
  let shared: unknown[] = [];
  for (let i = 0; i < levels; i++) shared = [shared, shared];
  return { list: shared };
}

const HOSTILE_ARGUMENTS: [string, () => unknown, RegExp][] = [
  [
    "JSON text nested 20,000 deep against a recursive schema",
    () => `${'{"child":'.repeat(20_000)}{}${"}".repeat(20_000)}`,
    /^\(input error: arguments are nested deeper than 64 levels\)$/,
  ],
  [
    "arrays nested 20,000 deep in JSON text",
    () => `{"list":${"[".repeat(20_000)}${"]".repeat(20_000)}}`,
    /^\(input error: arguments are nested deeper than 64 levels\)$/,
  ],
  [
    "an object nested 30,000 deep, given directly",
    () => nestedObject(30_000),
    /^\(input error: arguments are nested deeper than 64 levels\)$/,
  ],
  [
    "an object that holds itself",
    () => {
      const loop: Record<string, unknown> = { label: "a" };
      loop.child = { child: loop };
      return loop;
    },
    /^\(input error: arguments contain a cycle at 'child\.child'\)$/,
  ],
  [
    "one array shared at each of 40 levels (2^40 paths)",
    () => sharedAtEveryLevel(40),
    /^\(input error: arguments hold more than 1000000 values\)$/,
  ],
  [
    "a sparse array 4 billion long",
    () => ({ list: new Array(2 ** 32 - 1) }),
    /^\(input error: arguments hold more than 1000000 values\)$/,
  ],
  [
    "a getter that throws",
    () => ({
      get label(): string {
        throw new Error("secret getter text");
      },
    }),
    /^\(input error: arguments cannot be read \(Error\)\)$/,
  ],
  [
    "a getter that throws only when the validator reads it",
    () => {
      let reads = 0;
      return {
        get label(): string {
          if (++reads > 1) throw new RangeError("second read");
          return "fine";
        },
      };
    },
    /^\(input error: arguments could not be validated \(RangeError\)\)$/,
  ],
  [
    "a proxy whose ownKeys trap throws",
    () =>
      new Proxy(
        {},
        {
          ownKeys() {
            throw new TypeError("no keys");
          },
        },
      ),
    /^\(input error: arguments cannot be read \(TypeError\)\)$/,
  ],
  [
    "a revoked proxy",
    () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    },
    /^\(input error: arguments cannot be read \(TypeError\)\)$/,
  ],
];

describe.each(ENTRY_POINTS)("%s never rejects for hostile arguments", (_, call) => {
  it.each(HOSTILE_ARGUMENTS)("%s", { timeout: 30_000 }, async (_name, make, expected) => {
    const events: ToolEvent[] = [];
    const registry = new ToolRegistry({ onEvent: (event) => events.push(event) });
    registry.register(tree);
    const answer = await call(registry, "tree", make() as never);
    expect(answer.response.status).toBe("error");
    expect(answer.response.text).toMatch(expected);
    if (answer.executed !== undefined) expect(answer.executed).toBe(false);
    expect(events.map((e) => e.type)).toEqual(["invalid"]);
    // And the registry keeps working.
    expect((await registry.execute("tree", { label: "ok" })).text).toBe("ran");
  });
});

it("runs arguments nested 64 levels deep and refuses 65", async () => {
  const registry = new ToolRegistry();
  registry.register(tree);
  expect((await registry.execute("tree", nestedObject(64))).text).toBe("ran");
  const json = (levels: number) => `${'{"child":'.repeat(levels - 1)}{}${"}".repeat(levels - 1)}`;
  expect((await registry.execute("tree", json(64))).text).toBe("ran");
  for (const args of [nestedObject(65), json(65)]) {
    expect((await registry.execute("tree", args)).text).toBe(
      "(input error: arguments are nested deeper than 64 levels)",
    );
  }
});

it("reports what the validator threw in the invalid event", async () => {
  const events: ToolEvent[] = [];
  const registry = new ToolRegistry({ onEvent: (event) => events.push(event) });
  registry.register(tree);
  const thrown = new Error("getter");
  await registry.execute("tree", {
    get label(): string {
      throw thrown;
    },
  });
  expect(events).toMatchObject([{ type: "invalid", reason: "invalid-arguments", error: thrown }]);
});

/**
 * Values a tool can return (or resolve to) that the registry cannot take at face value. (A
 * `then` that throws when called, a throwing `toJSON` and a non-ToolResponse posing as one with
 * a throwing getter were already answered; these were not.)
 */
const HOSTILE_RESULTS: [string, () => unknown, string][] = [
  [
    "an object whose then getter throws",
    () => ({
      // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is the point
      get then() {
        throw new RangeError("then getter");
      },
    }),
    "RangeError",
  ],
  [
    "a native promise given a then that throws",
    () => {
      const promise = Promise.resolve("x");
      // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is the point
      Object.defineProperty(promise, "then", {
        value: () => {
          throw new URIError("own then");
        },
      });
      return promise;
    },
    "URIError",
  ],
  [
    "a proxy whose every trap throws",
    () =>
      new Proxy(
        {},
        {
          get() {
            throw new EvalError("get");
          },
          has() {
            throw new EvalError("has");
          },
          getPrototypeOf() {
            throw new EvalError("getPrototypeOf");
          },
          ownKeys() {
            throw new EvalError("ownKeys");
          },
        },
      ),
    "EvalError",
  ],
  [
    "a real ToolResponse behind a proxy whose get trap throws",
    () =>
      new Proxy(ToolResponse.ok("looks fine"), {
        get(target, key) {
          if (key === "text") throw new TypeError("text trap");
          return Reflect.get(target, key);
        },
      }),
    "TypeError",
  ],
  [
    "a ToolResponse-like object whose text getter throws on the second read",
    () => {
      let reads = 0;
      const fake = Object.create(ToolResponse.prototype, {
        status: { value: "success" },
        text: {
          get() {
            if (++reads > 1) throw new RangeError("second read");
            return "first read";
          },
        },
      });
      return fake;
    },
    "ok",
  ],
];

describe.each(ENTRY_POINTS)("%s never rejects for a hostile result", (_, call) => {
  it.each(HOSTILE_RESULTS)("%s", async (_name, make, typeName) => {
    for (const wrap of [(v: unknown) => v, (v: unknown) => Promise.resolve().then(() => v)]) {
      const events: ToolEvent[] = [];
      const registry = new ToolRegistry({ onEvent: (event) => events.push(event) });
      registry.register(tool({ name: "odd", execute: () => wrap(make()) }));
      const answer = await call(registry, "odd", {} as never);
      if (typeName === "ok") {
        // Read once and rebuilt: the answer can be read any number of times.
        expect(answer.response.text).toBe("first read");
        expect(answer.response.text).toBe("first read");
        continue;
      }
      expect(answer.response.text).toBe(`Tool 'odd' failed: ${typeName}`);
      expect(answer.response.status).toBe("error");
      if (answer.executed !== undefined) expect(answer.executed).toBe(true);
      expect(events.map((e) => e.type)).toEqual(["start", "failed"]);
    }
  });
});

describe("a hostile thrown value never makes the channel reject", () => {
  const THROWN: [string, () => unknown, string][] = [
    [
      "a proxy whose traps throw",
      () =>
        new Proxy(
          {},
          {
            get() {
              throw new Error("get");
            },
            has() {
              throw new Error("has");
            },
          },
        ),
      "Error",
    ],
    [
      "a ToolError whose message getter throws",
      () => {
        const error = new ToolError("visible");
        Object.defineProperty(error, "message", {
          get() {
            throw new Error("message");
          },
        });
        return error;
      },
      "ToolError",
    ],
    [
      "a ToolError whose message is an object whose toString throws",
      () => {
        const error = new ToolError("visible");
        const message = {
          toString(): string {
            throw new Error("toString");
          },
        };
        Object.defineProperty(error, "message", { value: message });
        return error;
      },
      "ToolError",
    ],
  ];
  for (const [label, run] of ENTRY_POINTS) {
    it.each(THROWN)(`${label}: %s`, async (_name, make, typeName) => {
      for (const timeoutMs of [undefined, 60_000]) {
        const registry = new ToolRegistry({ timeoutMs });
        registry.register(
          tool({
            name: "odd",
            execute: () => {
              throw make();
            },
          }),
        );
        const answer = await run(registry, "odd", {} as never);
        expect(answer.response.text).toBe(`Tool 'odd' failed: ${typeName}`);
      }
    });
  }
});

describe("executeBatch", () => {
  it("answers hostile calls in place and keeps the other calls' results", async () => {
    const registry = new ToolRegistry();
    const echo = (name: string, parallel: boolean) =>
      tool({
        name,
        parallel,
        parameters: { type: "object", properties: { n: { type: "integer" } } },
        execute: (args) => `${name} ${String(args.n)}`,
      });
    registry.registerAll([
      echo("p", true),
      echo("s", false),
      tree,
      tool({
        name: "bad_then",
        parallel: true,
        execute: () => ({
          // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is the point
          get then() {
            throw new Error("then");
          },
        }),
      }),
    ]);
    const deep = `${'{"child":'.repeat(20_000)}{}${"}".repeat(20_000)}`;
    const unreadable = {
      get name(): string {
        throw new Error("name");
      },
    };
    const { proxy: revoked, revoke } = Proxy.revocable({}, {});
    revoke();
    const results = await registry.executeBatch([
      { id: "1", name: "p", args: { n: 1 } },
      { id: "2", name: "tree", args: deep },
      { id: "3", name: "p", args: '{"n": 1e999}' },
      { id: "4", name: "bad_then", args: {} },
      unreadable as never,
      { id: "6", name: "p", args: revoked as never },
      { id: "7", name: "s", args: { n: 7 } },
      { id: "8", name: "p", args: { n: 8 } },
    ]);
    expect(results.map((r) => [r.callId, r.response.text, r.executed])).toEqual([
      ["1", "p 1", true],
      ["2", "(input error: arguments are nested deeper than 64 levels)", false],
      ["3", "(input error: 'n' is not a finite number (too large))", false],
      ["4", "Tool 'bad_then' failed: Error", true],
      [undefined, "(input error: the call could not be read (Error))", false],
      ["6", "(input error: arguments cannot be read (TypeError))", false],
      ["7", "s 7", true],
      ["8", "p 8", true],
    ]);
  });
});

describe("event listeners", () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  afterEach(() => {
    process.off("unhandledRejection", onRejection);
  });

  it("an async listener that fails changes nothing and leaves no unhandled rejection", async () => {
    process.on("unhandledRejection", onRejection);
    const registry = new ToolRegistry({
      onEvent: async () => {
        throw new Error("listener");
      },
    });
    registry.register(tool({ name: "t", execute: () => "done" }) as Tool<object>);
    expect((await registry.execute("t", {})).text).toBe("done");
    expect((await registry.execute("missing", {})).isError).toBe(true);
    // Unhandled rejections are reported after the microtask queue drains.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rejections).toEqual([]);
  });
});
