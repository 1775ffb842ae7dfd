import { tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { toOpenAIResponsesTool } from "./provider-formats.js";
import { ToolRegistry } from "./tool-registry.js";

const lookup = tool({
  name: "lookup_order",
  description: "Look up an order by id.\nReturns status and items.",
  parameters: Type.Object({
    order_id: Type.String({ description: "The order id" }),
    limit: Type.Optional(Type.Integer({ default: 10 })),
    mode: Type.Optional(Type.Union([Type.Literal("fast"), Type.Literal("deep")])),
    tags: Type.Optional(Type.Array(Type.String())),
  }),
  hints: { readOnly: true, openWorld: false },
  execute: () => "",
});
const wipe = tool({
  name: "wipe",
  requiresConfirmation: true,
  externalContent: true,
  origin: "mcp:disk",
  execute: () => "",
});

const registry = ToolRegistry.from([lookup, wipe])!;

// Written for strict mode: every property required, the optional one nullable instead.
const strictReady = tool({
  name: "get_order",
  description: "Look up an order.",
  parameters: Type.Object({
    order_id: Type.String({ pattern: "^A-\\d{4}$" }),
    limit: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  }),
  execute: () => "",
});

describe("provider formats", () => {
  it("lists tools in the OpenAI Chat Completions shape", () => {
    expect(registry.toOpenAITools()).toEqual([
      {
        type: "function",
        function: {
          name: "lookup_order",
          description: lookup.description,
          parameters: lookup.inputSchema,
        },
      },
      {
        type: "function",
        function: { name: "wipe", description: "", parameters: wipe.inputSchema },
      },
    ]);
    expect(lookup.inputSchema.additionalProperties).toBe(false);
  });

  it("lists tools in the Anthropic Messages shape", () => {
    expect(registry.toAnthropicTools(["wipe"])).toEqual([
      { name: "wipe", description: "", input_schema: wipe.inputSchema },
    ]);
  });

  it("selects named tools in the order asked and refuses unknown names", () => {
    expect(registry.toOpenAITools(["wipe", "lookup_order"]).map((t) => t.function.name)).toEqual([
      "wipe",
      "lookup_order",
    ]);
    expect(() => registry.toAnthropicTools(["nope"])).toThrow("no tool named 'nope' is registered");
  });
});

describe("OpenAI Responses API format", () => {
  it("lists tools flat, with strict true only where the schema already qualifies", () => {
    const both = ToolRegistry.from([strictReady, lookup])!;
    expect(both.toOpenAIResponsesTools()).toEqual([
      {
        type: "function",
        name: "get_order",
        description: "Look up an order.",
        parameters: strictReady.inputSchema,
        strict: true,
      },
      {
        type: "function",
        name: "lookup_order",
        description: lookup.description,
        parameters: lookup.inputSchema,
        strict: false,
      },
    ]);
  });

  it("sends the schema as it is: never rewritten, shared, not copied", () => {
    const [listed] = registry.toOpenAIResponsesTools(["lookup_order"]);
    expect(listed?.parameters).toBe(lookup.inputSchema);
    expect(lookup.inputSchema.required).toEqual(["order_id"]);
  });

  it("a tool without arguments is not strict (its schema has no required list)", () => {
    expect(toOpenAIResponsesTool(wipe).strict).toBe(false);
  });

  it("strict: false turns strict mode off for every tool", () => {
    expect(toOpenAIResponsesTool(strictReady, { strict: false }).strict).toBe(false);
    const listed = ToolRegistry.from([strictReady])!.toOpenAIResponsesTools(undefined, {
      strict: false,
    });
    expect(listed.map((t) => t.strict)).toEqual([false]);
  });

  it.each([true, "always", 0])("refuses strict: %s with a readable error", (strict) => {
    expect(() => toOpenAIResponsesTool(strictReady, { strict } as never)).toThrow(
      `toOpenAIResponsesTool: strict must be "auto" or false, not ${String(strict)}`,
    );
  });

  it("selects named tools in the order asked and refuses unknown names", () => {
    expect(registry.toOpenAIResponsesTools(["wipe", "lookup_order"]).map((t) => t.name)).toEqual([
      "wipe",
      "lookup_order",
    ]);
    expect(() => registry.toOpenAIResponsesTools(["nope"])).toThrow(
      "no tool named 'nope' is registered",
    );
  });
});

describe("catalog and describe", () => {
  it("catalog is one short line a tool: the first line of the description", () => {
    expect(registry.catalog()).toBe("- lookup_order: Look up an order by id.\n- wipe");
  });

  it("catalog cuts a long description", () => {
    const long = tool({ name: "long", description: "x".repeat(500), execute: () => "" });
    const line = ToolRegistry.from([long])!.catalog();
    expect(line.length).toBeLessThan(220);
    expect(line.endsWith("…")).toBe(true);
  });

  it("describe gives full blocks with behaviour and parameters", () => {
    expect(registry.describe(["lookup_order"])).toBe(
      [
        "## lookup_order",
        "Look up an order by id.\nReturns status and items.",
        "Behaviour: read-only, idempotent, closed world, origin builtin.",
        "Parameters:",
        "- order_id (string, required): The order id",
        "- limit (integer, optional, default 10)",
        '- mode ("fast" | "deep", optional)',
        "- tags (array of string, optional)",
      ].join("\n"),
    );
    expect(registry.describe(["wipe", "ghost"])).toBe(
      [
        "## wipe",
        "Behaviour: may change or delete data, reaches outside systems, asks for confirmation, returns outside content, origin mcp:disk.",
        "Parameters: none.",
        "",
        "## ghost",
        "Unknown tool.",
      ].join("\n"),
    );
    expect(registry.describe()).toContain("## wipe");
  });
});
