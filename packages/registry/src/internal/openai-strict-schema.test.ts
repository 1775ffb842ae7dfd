import { tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { openAIStrictProblem } from "./openai-strict-schema.js";

/** A strict-ready root object around the given properties (every one required). */
function root(properties: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    type: "object",
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
    ...extra,
  };
}

const closed = (properties: Record<string, unknown>) => root(properties);

describe("openAIStrictProblem: schemas strict mode accepts", () => {
  it.each([
    ["no arguments", root({})],
    [
      "plain types",
      root({ a: { type: "string" }, b: { type: "integer" }, c: { type: "boolean" } }),
    ],
    ["nullable as a type list", root({ a: { type: ["string", "null"] } })],
    ["nullable as anyOf", root({ a: { anyOf: [{ type: "integer" }, { type: "null" }] } })],
    [
      "enum and const with a type",
      root({ a: { type: "string", enum: ["x", "y"] }, b: { type: "string", const: "z" } }),
    ],
    [
      "string pattern and format",
      root({ a: { type: "string", pattern: "^A-\\d+$", format: "email" } }),
    ],
    [
      "number bounds",
      root({ a: { type: "number", minimum: 0, exclusiveMaximum: 10, multipleOf: 0.5 } }),
    ],
    [
      "array of closed objects",
      root({
        a: { type: "array", minItems: 1, maxItems: 3, items: closed({ b: { type: "string" } }) },
      }),
    ],
    [
      "descriptions and titles",
      root({ a: { type: "string", description: "d", title: "t" } }, { description: "root" }),
    ],
    [
      "$schema at the root",
      root({ a: { type: "string" } }, { $schema: "http://json-schema.org/draft-07/schema#" }),
    ],
    [
      "local definitions and recursion",
      root(
        { node: { $ref: "#/$defs/node" }, self: { anyOf: [{ $ref: "#" }, { type: "null" }] } },
        {
          $defs: {
            node: closed({
              value: { type: "string" },
              children: { type: "array", items: { $ref: "#/$defs/node", description: "a child" } },
            }),
          },
        },
      ),
    ],
    [
      "legacy definitions",
      root({ a: { $ref: "#/definitions/a" } }, { definitions: { a: { type: "string" } } }),
    ],
    ["ten levels of objects", nest(9)],
  ])("%s", (_name, schema) => {
    expect(openAIStrictProblem(schema)).toBeUndefined();
  });

  it("a TypeBox schema written for strict mode (required, nullable, nested objects closed)", () => {
    const strictReady = tool({
      name: "strict_ready",
      parameters: Type.Object({
        id: Type.String(),
        limit: Type.Union([Type.Integer(), Type.Null()]),
        mode: Type.Union([Type.Literal("fast"), Type.Literal("deep")]),
        filter: Type.Object({ tag: Type.String() }, { additionalProperties: false }),
      }),
      execute: () => "",
    });
    expect(openAIStrictProblem(strictReady.inputSchema)).toBeUndefined();
  });
});

describe("openAIStrictProblem: schemas it refuses, with the reason", () => {
  it.each([
    [
      "an optional property",
      { ...root({ a: { type: "string" } }), required: [] },
      "'a' is optional: strict mode needs every property required",
    ],
    [
      "no required list",
      { type: "object", properties: {}, additionalProperties: false },
      "the root is an object without a required list",
    ],
    [
      "an open root",
      { ...root({}), additionalProperties: true },
      "the root is an object without additionalProperties: false",
    ],
    [
      "additionalProperties left out",
      { type: "object", properties: {}, required: [] },
      "without additionalProperties: false",
    ],
    [
      "a nested open object",
      root({ f: { type: "object", properties: { t: { type: "string" } }, required: ["t"] } }),
      "'f' is an object without additionalProperties: false",
    ],
    [
      "a nested optional property",
      root({ f: { ...closed({ t: { type: "string" } }), required: [] } }),
      "'f.t' is optional",
    ],
    [
      "an object in array items",
      root({ a: { type: "array", items: { type: "object", properties: {} } } }),
      "'a[]' is an object without additionalProperties: false",
    ],
    [
      "an object in an anyOf branch",
      root({ a: { anyOf: [{ type: "object", properties: {}, required: [] }, { type: "null" }] } }),
      "'a.anyOf[0]' is an object without additionalProperties: false",
    ],
    [
      "an object without properties",
      { type: "object", required: [], additionalProperties: false },
      "the root is an object without properties",
    ],
    [
      "a required name that is no property",
      { ...root({ a: { type: "string" } }), required: ["a", "b"] },
      "requires 'b'",
    ],
    ["minLength", root({ a: { type: "string", minLength: 1 } }), "'a' uses 'minLength'"],
    ["maxLength", root({ a: { type: "string", maxLength: 9 } }), "'a' uses 'maxLength'"],
    ["default", root({ a: { type: "integer", default: 1 } }), "'a' uses 'default'"],
    ["allOf", root({ a: { allOf: [{ type: "string" }] } }), "'a' uses 'allOf'"],
    ["oneOf", root({ a: { oneOf: [{ type: "string" }] } }), "'a' uses 'oneOf'"],
    ["not", root({ a: { type: "string", not: { const: "x" } } }), "'a' uses 'not'"],
    ["if", root({ a: { type: "string", if: {} } }), "'a' uses 'if'"],
    [
      "patternProperties",
      { ...root({}), patternProperties: { x: {} } },
      "the root uses 'patternProperties'",
    ],
    [
      "uniqueItems",
      root({ a: { type: "array", items: { type: "string" }, uniqueItems: true } }),
      "'a' uses 'uniqueItems'",
    ],
    ["minProperties", { ...root({}), minProperties: 1 }, "uses 'minProperties'"],
    [
      "an unsupported format",
      root({ a: { type: "string", format: "uri" } }),
      "'a' uses format 'uri'",
    ],
    ["no type", root({ a: { description: "anything" } }), "'a' has no type"],
    ["an enum without a type", root({ a: { enum: ["x", "y"] } }), "'a' has no type"],
    [
      "an unknown type",
      root({ a: { type: "file" } }),
      "'a' has a type strict mode does not support",
    ],
    [
      "an empty type list",
      root({ a: { type: [] } }),
      "'a' has a type strict mode does not support",
    ],
    ["a type listed twice", root({ a: { type: ["string", "string"] } }), "'a' has a type"],
    [
      "an array without items",
      root({ a: { type: "array" } }),
      "'a' is an array without one items schema",
    ],
    [
      "tuple items",
      root({ a: { type: "array", items: [{ type: "string" }] } }),
      "'a' is an array without one items schema",
    ],
    [
      "items on a string",
      root({ a: { type: "string", items: { type: "string" } } }),
      "array keywords without type array",
    ],
    [
      "properties on a string",
      root({ a: { type: "string", properties: {} } }),
      "object keywords without type object",
    ],
    ["an empty anyOf", root({ a: { anyOf: [] } }), "'a' has an empty anyOf"],
    ["anyOf at the root", { anyOf: [root({})], type: "object" }, "the root uses anyOf"],
    ["a root that is not an object", { type: "string" }, "the root is not a plain object schema"],
    [
      "a remote $ref",
      root({ a: { $ref: "https://example.com/s.json" } }),
      "'a' has a $ref that is not a local definition",
    ],
    [
      "a $ref to nothing",
      root({ a: { $ref: "#/$defs/missing" } }),
      "'a' has a $ref that is not a local definition",
    ],
    [
      "a $ref with siblings",
      root({ a: { $ref: "#", type: "object" } }),
      "'a' has 'type' beside $ref",
    ],
    [
      "$defs below the root",
      root({ a: { type: "string", $defs: {} } }),
      "'a' has $defs below the root",
    ],
    [
      "a definition that breaks the rules",
      root({ a: { $ref: "#/$defs/d" } }, { $defs: { d: { type: "string", minLength: 1 } } }),
      "'$defs.d' uses 'minLength'",
    ],
    ["$schema below the root", root({ a: { type: "string", $schema: "x" } }), "'a' uses '$schema'"],
    [
      "an enum that is no list",
      root({ a: { type: "string", enum: "x" } }),
      "'a' has an enum that is not a list",
    ],
    ["an object in an enum", root({ a: { ...closed({}), enum: [{}] } }), "not a plain value"],
    ["a property that is no schema", root({ a: true }), "'a' is not a schema object"],
    ["eleven levels of objects", nest(10), "nests objects more than 10 levels deep"],
  ])("%s", (_name, schema, reason) => {
    expect(openAIStrictProblem(schema)).toContain(reason);
  });

  it("counts OpenAI's size limits across the whole schema", () => {
    const many = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: "string" }]));
    expect(openAIStrictProblem(root(many(5000)))).toBeUndefined();
    expect(openAIStrictProblem(root({ ...many(4999), f: closed({ g: { type: "string" } }) }))).toBe(
      "the schema has more than 5000 properties",
    );
    const values = (count: number, size = 1) =>
      Array.from({ length: count }, (_, i) => String(i).padStart(size, "x"));
    expect(
      openAIStrictProblem(root({ a: { type: "string", enum: values(1000) } })),
    ).toBeUndefined();
    expect(
      openAIStrictProblem(
        root({
          a: { type: "string", enum: values(600) },
          b: { type: "string", enum: values(401) },
        }),
      ),
    ).toBe("the schema has more than 1000 enum values");
    expect(
      openAIStrictProblem(root({ a: { type: "string", enum: values(250, 100) } })),
    ).toBeUndefined();
    expect(openAIStrictProblem(root({ a: { type: "string", enum: values(251, 60) } }))).toBe(
      "'a' has over 250 enum values with over 15000 characters in all",
    );
    const long = "y".repeat(60_001);
    expect(
      openAIStrictProblem(
        root({ a: { type: "string", const: long }, b: { type: "string", const: long } }),
      ),
    ).toBe("the schema's names and values are longer than 120000 characters in all");
  });
});

describe("openAIStrictProblem: hostile schemas answer at once, never throw", () => {
  it("a schema nested 100,000 levels deep through anyOf", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 100_000; i++) deep = { anyOf: [deep] };
    expect(openAIStrictProblem(root({ a: deep }))).toMatch(/is nested too deeply$/);
  });

  it("one object shared at every level (2^60 paths) stops at the node budget", () => {
    let shared: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 60; i++) shared = { anyOf: [shared, shared] };
    expect(openAIStrictProblem(root({ a: shared }))).toBe("the schema is too large");
  });

  it("a cycle of objects", () => {
    const cyclic: Record<string, unknown> = {
      type: "object",
      required: ["self"],
      additionalProperties: false,
    };
    cyclic.properties = { self: { anyOf: [cyclic, { type: "null" }] } };
    expect(openAIStrictProblem(cyclic)).toMatch(
      /nests objects more than 10 levels deep|nested too deeply/,
    );
  });

  it("a getter that throws", () => {
    const schema = root({});
    Object.defineProperty(schema, "properties", {
      enumerable: true,
      get() {
        throw new RangeError("boom");
      },
    });
    expect(openAIStrictProblem(schema)).toBe("the schema cannot be read (RangeError)");
  });

  it("remembers the answer per schema object", () => {
    let reads = 0;
    const schema = root({});
    const counted = new Proxy(schema, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const first = openAIStrictProblem(counted);
    const after = reads;
    expect(openAIStrictProblem(counted)).toBe(first);
    expect(reads).toBe(after);
  });
});

/** A root with `levels` closed objects nested inside it (so `levels + 1` object levels). */
function nest(levels: number): Record<string, unknown> {
  let inner: Record<string, unknown> = closed({ leaf: { type: "string" } });
  for (let i = 1; i < levels; i++) inner = closed({ next: inner });
  return levels === 0 ? root({ leaf: { type: "string" } }) : root({ next: inner });
}
