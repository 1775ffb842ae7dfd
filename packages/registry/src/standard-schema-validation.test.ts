import { type Tool, tool } from "@toolgate/tool-core";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { admitCall } from "./internal/channel/admit-call.js";
import { createChannel } from "./internal/channel/channel.js";
import { toolEntry } from "./internal/channel/registration.js";
import type { ToolEvent } from "./tool-event.js";
import { ToolRegistry } from "./tool-registry.js";

// A tool defined with a Standard Schema (zod here) is validated twice by the channel: ajv on its
// JSON Schema (every problem at once), then the schema's own validate (refinements, transforms);
// the tool gets the output, and a refusal by either is an input error before anything runs.

const orderSchema = z.object({
  order_id: z.string().refine((id) => id.startsWith("ord_"), "must look like ord_123"),
  quantity: z.number().int().min(1).max(50),
  note: z.string().default("none"),
  tags: z.string().transform((text) => text.split(",")),
});

function recorded() {
  const events: ToolEvent[] = [];
  const registry = new ToolRegistry({ onEvent: (event) => events.push(event) });
  return { registry, events };
}

function orderTool(execute = vi.fn((args: unknown) => JSON.stringify(args))) {
  return {
    execute,
    tool: tool({ name: "place_order", parameters: orderSchema, execute }),
  };
}

describe("a tool defined with zod, through the channel", () => {
  it("gets the schema's output: transforms applied, defaults filled", async () => {
    const { registry } = recorded();
    const { tool: made, execute } = orderTool();
    registry.register(made);
    const result = await registry.executeChecked("place_order", {
      order_id: "ord_7",
      quantity: 2,
      tags: "red,big",
    });
    expect(result.executed).toBe(true);
    expect(execute.mock.calls[0]![0]).toEqual({
      order_id: "ord_7",
      quantity: 2,
      note: "none",
      tags: ["red", "big"],
    });
  });

  it("ajv lists every JSON Schema problem at once, before zod runs", async () => {
    const { registry } = recorded();
    const { tool: made, execute } = orderTool();
    const validate = vi.spyOn(orderSchema["~standard"], "validate");
    registry.register(made);
    const result = await registry.executeChecked("place_order", {
      quantity: "2",
      tags: "x",
      extra: 1,
    });
    expect(result.response.text).toBe(
      "(input error: missing required argument 'order_id'; unknown argument 'extra'; 'quantity' must be integer, got string)",
    );
    expect(validate).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
    validate.mockRestore();
  });

  it("a refinement failure is an input error with its path; the tool never runs", async () => {
    const { registry, events } = recorded();
    const { tool: made, execute } = orderTool();
    registry.register(made);
    const result = await registry.executeChecked("place_order", {
      order_id: "7",
      quantity: 2,
      tags: "x",
    });
    expect(result).toMatchObject({ executed: false });
    expect(result.response.isError).toBe(true);
    expect(result.response.text).toBe("(input error: 'order_id': must look like ord_123)");
    expect(execute).not.toHaveBeenCalled();
    expect(events.map((event) => event.type)).toEqual(["invalid"]);
    expect(events[0]).toMatchObject({ reason: "invalid-arguments" });
  });

  it("lists every issue, with nested paths", async () => {
    const { registry } = recorded();
    const execute = vi.fn();
    registry.register(
      tool({
        name: "ship",
        parameters: z.object({
          items: z.array(z.object({ sku: z.string().refine((s) => s.startsWith("SKU")) })),
          when: z.string().refine(() => false, "not a date we ship on"),
        }),
        execute,
      }),
    );
    const response = await registry.execute("ship", {
      items: [{ sku: "SKU1" }, { sku: "x" }],
      when: "sunday",
    });
    expect(response.text).toBe(
      "(input error: 'items[1].sku': Invalid input; 'when': not a date we ship on)",
    );
    expect(execute).not.toHaveBeenCalled();
  });

  it("an async refinement is awaited: refused or run with the output", async () => {
    const { registry } = recorded();
    const execute = vi.fn((args: { user: string }) => `hello ${args.user}`);
    registry.register(
      tool({
        name: "greet",
        parameters: z.object({
          user: z
            .string()
            .refine(async (user) => user !== "mallory", "no such user")
            .transform(async (user) => user.toUpperCase()),
        }),
        execute,
      }),
    );
    expect((await registry.execute("greet", { user: "mallory" })).text).toBe(
      "(input error: 'user': no such user)",
    );
    expect(execute).not.toHaveBeenCalled();
    expect((await registry.execute("greet", { user: "ada" })).text).toBe("hello ADA");
  });

  it("needsConfirmation, the confirm request and the rejected event see the output", async () => {
    const seen: unknown[] = [];
    const registry = new ToolRegistry({
      confirm: (request) => {
        seen.push(request.args);
        return false;
      },
    });
    registry.register(
      tool({
        name: "tag",
        parameters: z.object({ tags: z.string().transform((text) => text.split(",")) }),
        needsConfirmation: (args) => {
          seen.push(args.tags);
          return args.tags.length > 1;
        },
        execute: () => "tagged",
      }),
    );
    expect((await registry.execute("tag", { tags: "a" })).text).toBe("tagged");
    const declined = await registry.executeChecked("tag", { tags: "a,b" });
    expect(declined.executed).toBe(false);
    expect(seen).toEqual([["a"], ["a", "b"], { tags: ["a", "b"] }]);
  });

  it("parallel zod tools in a batch still run together", async () => {
    const { registry } = recorded();
    let running = 0;
    let most = 0;
    const slow = (name: string) =>
      tool({
        name,
        parallel: true,
        parameters: z.object({ ms: z.number().transform((ms) => ms * 2) }),
        execute: async ({ ms }) => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, ms));
          running--;
          return String(ms);
        },
      });
    registry.register(slow("a"));
    registry.register(slow("b"));
    const results = await registry.executeBatch([
      { name: "a", args: { ms: 5 } },
      { name: "b", args: { ms: 5 } },
    ]);
    expect(results.map((result) => result.response.text)).toEqual(["10", "10"]);
    expect(most).toBe(2);
  });
});

describe("provider formats of a tool defined with zod", () => {
  it("send the converted JSON Schema, plain JSON, never the zod object", () => {
    const { registry } = recorded();
    const { tool: made } = orderTool();
    registry.register(made);
    const [openai] = registry.toOpenAITools();
    const [anthropic] = registry.toAnthropicTools();
    expect(openai!.function.parameters).toBe(made.inputSchema);
    expect(anthropic!.input_schema).toBe(made.inputSchema);
    expect(JSON.parse(JSON.stringify(openai))).toEqual(openai);
    expect(JSON.stringify(openai)).not.toContain("~standard");
    expect(made.inputSchema.required).toEqual(["order_id", "quantity", "tags"]);
  });
});

describe("check() with a Standard Schema", () => {
  it("refuses a refinement failure exactly as execute would, and answers the output", async () => {
    const { registry } = recorded();
    const { tool: made, execute } = orderTool();
    registry.register(made);
    const bad = { order_id: "7", quantity: 2, tags: "x" };
    const checked = registry.check("place_order", bad);
    expect(checked).toMatchObject({ status: "refused", refusal: "invalid-arguments" });
    const executed = await registry.execute("place_order", bad);
    expect(checked.status === "refused" && checked.response.text).toBe(executed.text);
    expect(registry.check("place_order", { order_id: "ord_1", quantity: 1, tags: "a,b" })).toEqual({
      status: "ready",
      tool: "place_order",
      origin: "builtin",
      args: { order_id: "ord_1", quantity: 1, note: "none", tags: ["a", "b"] },
    });
    expect(execute).not.toHaveBeenCalled();
  });

  it("does not wait for an async validator: it answers from the JSON Schema, never runs the tool", async () => {
    const { registry, events } = recorded();
    const execute = vi.fn();
    const refine = vi.fn(async (user: string) => user !== "mallory");
    registry.register(
      tool({
        name: "lookup",
        parameters: z.object({ user: z.string().refine(refine, "no such user") }),
        execute,
      }),
    );
    expect(registry.check("lookup", { user: "mallory" })).toMatchObject({
      status: "ready",
      args: { user: "mallory" },
    });
    expect(registry.check("lookup", { user: 1 })).toMatchObject({ status: "refused" });
    expect(execute).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    // execute waits for it, and its answer refuses the call.
    const result = await registry.executeChecked("lookup", { user: "mallory" });
    expect(result.executed).toBe(false);
    expect(result.response.text).toBe("(input error: 'user': no such user)");
  });

  it("leaves no unhandled rejection behind when an async validator it did not wait for rejects", async () => {
    const { registry } = recorded();
    registry.register(
      tool({
        name: "t",
        parameters: schemaWith(() => Promise.reject(new Error("lookup failed"))),
        execute: () => 1,
      }),
    );
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      expect(registry.check("t", { a: "x" })).toMatchObject({ status: "ready" });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});

/** The type tool() infers from a schema of one string `a`: what the hand-made schemas pose as. */
const stringA = z.object({ a: z.string() });

/** A schema whose validate is `validate`, with a plain JSON Schema for ajv. */
function schemaWith(validate: (value: unknown) => unknown): typeof stringA {
  const json = () => ({ type: "object", properties: { a: { type: "string" } } });
  return {
    "~standard": {
      version: 1,
      vendor: "acme",
      validate,
      jsonSchema: { input: json, output: json },
    },
  } as unknown as typeof stringA;
}

const boom = () => {
  throw new RangeError("validator bug");
};

// [what the validator does, the input error the model gets, whether the event carries an error]
const HOSTILE_VALIDATORS: [string, (value: unknown) => unknown, string, boolean][] = [
  ["throws", boom, "arguments could not be validated (RangeError)", true],
  [
    "throws a non-error",
    () => {
      throw "oops";
    },
    "arguments could not be validated (string)",
    true,
  ],
  [
    "rejects",
    () => Promise.reject(new TypeError("x")),
    "arguments could not be validated (TypeError)",
    true,
  ],
  ["returns undefined", () => undefined, "the schema's validator answered no result", false],
  ["returns a string", () => "ok", "the schema's validator answered no result", false],
  ["resolves to null", async () => null, "the schema's validator answered no result", false],
  [
    "returns issues that are not a list",
    () => ({ issues: "bad" }),
    "the schema's validator answered no result",
    true,
  ],
  [
    "returns an empty issue list",
    () => ({ issues: [] }),
    "the arguments do not match the schema",
    false,
  ],
  [
    "returns garbage issues",
    () => ({
      issues: [null, { message: 5, path: [{ key: Symbol("s") }, 3] }, { message: "x".repeat(500) }],
    }),
    "invalid arguments; 's[3]': invalid; xxxxx",
    false,
  ],
  [
    "returns a value that is not an object",
    () => ({ value: 42 }),
    "returned no arguments object",
    false,
  ],
  ["returns an array value", () => ({ value: [1] }), "returned no arguments object", false],
  [
    "returns a result whose issues getter throws",
    () => ({
      get issues() {
        throw new SyntaxError("getter");
      },
    }),
    "arguments could not be validated (SyntaxError)",
    true,
  ],
  [
    "returns a thenable whose then throws",
    () => ({
      // biome-ignore lint/suspicious/noThenProperty: a hostile thenable on purpose
      then() {
        throw new EvalError("then");
      },
    }),
    "arguments could not be validated (EvalError)",
    true,
  ],
  [
    "returns a path whose segment getter throws",
    () => ({
      issues: [
        {
          message: "m",
          path: [
            {
              get key() {
                throw new URIError("key");
              },
            },
          ],
        },
      ],
    }),
    "arguments could not be validated (URIError)",
    true,
  ],
];

describe("a Standard Schema validator that misbehaves", () => {
  it.each(HOSTILE_VALIDATORS)(
    "one that %s refuses the call as an input error; the tool never runs",
    async (_, validate, problem, withError) => {
      const { registry, events } = recorded();
      const execute = vi.fn();
      registry.register(tool({ name: "t", parameters: schemaWith(validate), execute }));
      const result = await registry.executeChecked("t", { a: "x" });
      expect(result.executed).toBe(false);
      expect(result.response.isError).toBe(true);
      expect(result.response.text).toContain("(input error: ");
      expect(result.response.text).toContain(problem);
      expect(result.response.text.length).toBeLessThan(400);
      expect(execute).not.toHaveBeenCalled();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: "invalid", reason: "invalid-arguments" });
      expect("error" in events[0]!).toBe(withError);
      // check() never throws either, and never runs the tool.
      expect(() => registry.check("t", { a: "x" })).not.toThrow();
      expect(execute).not.toHaveBeenCalled();
    },
  );
});

describe("the channel stays synchronous", () => {
  function admit(made: Tool<object>, args: Record<string, unknown>) {
    const channel = createChannel({});
    channel.tools.set(made.name, toolEntry(channel, made));
    return admitCall(channel, made.name, args, undefined, undefined);
  }

  it("for a tool without a Standard Schema, and for one whose validate answers at once", () => {
    const plain = tool({ name: "plain", parameters: { type: "object" }, execute: () => 1 });
    const zodTool = tool({ name: "z", parameters: z.object({ a: z.string() }), execute: () => 1 });
    expect(admit(plain, {})).not.toBeInstanceOf(Promise);
    expect(admit(zodTool, { a: "x" })).toMatchObject({ args: { a: "x" }, need: undefined });
  });

  it("and waits only for a validate that returns a promise", async () => {
    const slow = tool({
      name: "slow",
      parameters: z.object({ a: z.string().refine(async () => true) }),
      execute: () => 1,
    });
    const admitted = admit(slow, { a: "x" });
    expect(admitted).toBeInstanceOf(Promise);
    expect(await admitted).toMatchObject({ args: { a: "x" } });
  });
});
