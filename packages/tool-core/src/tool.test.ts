import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { tool } from "./define-tool.js";
import { Tool } from "./tool.js";
import { ToolDefinitionError } from "./tool-definition-error.js";

const context = { signal: new AbortController().signal };

class Echo extends Tool<{ text: string }> {
  constructor(options: Partial<ConstructorParameters<typeof Tool>[0]> = {}) {
    super({
      name: "echo",
      inputSchema: { type: "object", properties: { text: { type: "string" } } },
      ...options,
    });
  }
  run(args: { text: string }) {
    return args.text;
  }
}

describe("Tool", () => {
  it("fills defaults: empty description, builtin origin, worst-case hints, flags off", () => {
    const echo = new Echo();
    expect(echo.description).toBe("");
    expect(echo.origin).toBe("builtin");
    expect(echo.hints).toEqual({
      readOnly: false,
      destructive: true,
      idempotent: false,
      openWorld: true,
    });
    expect([echo.requiresConfirmation, echo.externalContent, echo.parallel]).toEqual([
      false,
      false,
      false,
    ]);
    expect(echo.needsConfirmation({ text: "x" })).toBe(false);
    expect(echo.spec).toEqual({
      name: "echo",
      description: "",
      inputSchema: { type: "object", properties: { text: { type: "string" } } },
    });
  });

  it("a tool without a schema takes no arguments", () => {
    class Clock extends Tool {
      run() {
        return "noon";
      }
    }
    expect(new Clock({ name: "clock" }).inputSchema).toEqual({
      type: "object",
      properties: {},
      additionalProperties: false,
    });
  });

  it.each([
    ["", "empty"],
    ["a".repeat(65), "65 chars"],
    ["fs.read", "a dot"],
    ["read file", "a space"],
    ["lesen_ä", "non-ASCII"],
    ["tool\u200b", "a zero-width space"],
    [undefined, "missing"],
    [42, "a number"],
  ])("rejects the name %j (%s)", (name, _why) => {
    expect(() => new Echo({ name: name as string })).toThrow(ToolDefinitionError);
    expect(() => new Echo({ name: name as string })).toThrow(/invalid tool name/);
  });

  it.each(["a", "a".repeat(64), "get_weather", "A-1_b"])("accepts the name %j", (name) => {
    expect(new Echo({ name }).name).toBe(name);
  });

  it.each([
    [{ type: "string" }, /must have type "object", got "string"/],
    [{ properties: {} }, /must have type "object", got undefined/],
    [{ type: ["object", "null"] }, /must have type "object"/],
    [[], /is an array: pass one JSON object schema/],
    ["{}", /is string: pass a JSON object schema/],
    [null, /is null: pass a JSON object schema/],
    [{ type: "object", properties: [] }, /properties must be an object/],
    [{ type: "object", required: [1] }, /required must be an array of strings/],
  ])("rejects the input schema %j", (inputSchema, message) => {
    expect(() => new Echo({ inputSchema: inputSchema as never })).toThrow(ToolDefinitionError);
    expect(() => new Echo({ inputSchema: inputSchema as never })).toThrow(message);
  });

  it("rejects a schema that is not plain JSON", () => {
    const inputSchema = { type: "object", default: 10n } as never;
    expect(() => new Echo({ inputSchema })).toThrow(/not plain JSON/);
  });

  it("rejects contradictory and non-boolean hints", () => {
    expect(() => new Echo({ hints: { readOnly: true, destructive: true } })).toThrow(
      /tool 'echo': a readOnly tool cannot be destructive/,
    );
    expect(() => new Echo({ hints: { openWorld: "no" as never } })).toThrow(ToolDefinitionError);
  });

  it("rejects non-boolean flags and non-string fields", () => {
    expect(() => new Echo({ parallel: "yes" as never })).toThrow(/parallel must be a boolean/);
    expect(() => new Echo({ description: 3 as never })).toThrow(/description must be a string/);
    expect(() => new Echo({ origin: "" })).toThrow(/origin must not be empty/);
  });

  it("its identity cannot change after construction", () => {
    const echo = new Echo({ hints: { readOnly: true } });
    expect(() => {
      (echo as { name: string }).name = "other";
    }).toThrow(TypeError);
    expect(() => {
      (echo as { requiresConfirmation: boolean }).requiresConfirmation = true;
    }).toThrow(TypeError);
    expect(() => {
      (echo.inputSchema.properties as Record<string, unknown>).extra = {};
    }).toThrow(TypeError);
    expect(() => Object.defineProperty(echo, "origin", { value: "mcp:evil" })).toThrow(TypeError);
    expect(() => delete (echo as { externalContent?: boolean }).externalContent).toThrow(TypeError);
    expect(echo.name).toBe("echo");
    expect(echo.origin).toBe("builtin");
    // Own, enumerable data properties, as a spread or a log shows them.
    expect(Object.keys(echo)).toEqual(
      expect.arrayContaining([
        "name",
        "description",
        "inputSchema",
        "origin",
        "hints",
        "requiresConfirmation",
        "externalContent",
        "parallel",
      ]),
    );
  });

  it("copies the schema, so the caller's object cannot change the tool", () => {
    const inputSchema = { type: "object" as const, properties: { text: { type: "string" } } };
    const echo = new Echo({ inputSchema });
    inputSchema.properties.text.type = "number";
    expect(echo.inputSchema.properties).toEqual({ text: { type: "string" } });
  });

  it("isInstance accepts a tool from another copy by shape and refuses lookalikes", () => {
    const shaped = {
      name: "x",
      inputSchema: { type: "object" },
      hints: {},
      run() {},
      needsConfirmation() {
        return false;
      },
      hintsFor() {
        return {};
      },
    };
    expect(Tool.isInstance(new Echo())).toBe(true);
    expect(Tool.isInstance(shaped)).toBe(true);
    expect(Tool.isInstance({ name: "x", run() {} })).toBe(false);
    expect(Tool.isInstance(null)).toBe(false);
  });
});

describe("tool()", () => {
  const add = tool({
    name: "add",
    description: "Add two numbers",
    parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
    hints: { readOnly: true, openWorld: false },
    execute: ({ a, b }) => a + b,
  });

  it("runs execute with the arguments and context", async () => {
    expect(await add.run({ a: 2, b: 3 }, context)).toBe(5);
    expect(add.hints.readOnly).toBe(true);
  });

  it("closes a TypeBox schema with additionalProperties: false and drops TypeBox markers", () => {
    expect(add.inputSchema).toEqual({
      type: "object",
      required: ["a", "b"],
      properties: { a: { type: "number" }, b: { type: "number" } },
      additionalProperties: false,
    });
    expect(Object.getOwnPropertyNames(add.inputSchema)).not.toContain("~kind");
  });

  it("keeps an explicit additionalProperties", () => {
    const open = tool({
      name: "open",
      parameters: { type: "object", properties: {}, additionalProperties: true },
      execute: () => "ok",
    });
    expect(open.inputSchema.additionalProperties).toBe(true);
  });

  it("a tool without parameters takes no arguments", () => {
    const ping = tool({ name: "ping", execute: () => "pong" });
    expect(ping.inputSchema).toEqual({
      type: "object",
      properties: {},
      additionalProperties: false,
    });
  });

  it("throws ToolDefinitionError without an execute function", () => {
    expect(() => tool({ name: "broken" } as never)).toThrow(ToolDefinitionError);
    expect(() => tool({ name: "broken", execute: "run" } as never)).toThrow(
      /execute must be a function/,
    );
    expect(() => tool(undefined as never)).toThrow(ToolDefinitionError);
  });

  it("throws ToolDefinitionError for a bad name or schema", () => {
    expect(() => tool({ name: "bad name", execute: () => 1 })).toThrow(/invalid tool name/);
    expect(() => tool({ name: "x", parameters: Type.String() as never, execute: () => 1 })).toThrow(
      /must have type "object"/,
    );
  });

  it("uses needsConfirmation for action-level confirmation", () => {
    const files = tool({
      name: "files",
      parameters: Type.Object({
        action: Type.Union([Type.Literal("read"), Type.Literal("delete")]),
      }),
      needsConfirmation: ({ action }) => action === "delete",
      execute: () => "ok",
    });
    expect(files.needsConfirmation({ action: "read" })).toBe(false);
    expect(files.needsConfirmation({ action: "delete" })).toBe(true);
  });

  it("falls back to requiresConfirmation", () => {
    const risky = tool({ name: "risky", requiresConfirmation: true, execute: () => 1 });
    expect(risky.needsConfirmation({})).toBe(true);
  });

  it("lays hintsFor over the tool's hints for one call", () => {
    const files = tool({
      name: "files",
      parameters: Type.Object({ action: Type.String() }),
      hints: { destructive: true },
      hintsFor: ({ action }) =>
        action === "read" ? { readOnly: true, destructive: false } : undefined,
      execute: () => "ok",
    });
    expect(files.hintsFor({ action: "read" })).toMatchObject({
      readOnly: true,
      destructive: false,
    });
    expect(files.hintsFor({ action: "write" })).toBe(files.hints);
  });
});
