import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as zodMini from "zod/mini";
import { z as zod3 } from "zod/v3";
import { tool } from "./define-tool.js";
import { Tool } from "./tool.js";
import { ToolDefinitionError } from "./tool-definition-error.js";

/** A Standard JSON Schema made by hand: `convert` answers `jsonSchema.input`. */
function standardJson(
  convert: (options: StandardJSONSchemaV1.Options) => unknown,
  validate?: (value: unknown) => unknown,
): StandardJSONSchemaV1<unknown, object> {
  return {
    "~standard": {
      version: 1,
      vendor: "acme",
      jsonSchema: { input: convert, output: convert },
      ...(validate && { validate }),
    },
  } as unknown as StandardJSONSchemaV1<unknown, object>;
}

function definitionError(make: () => unknown): string {
  try {
    make();
  } catch (error) {
    expect(ToolDefinitionError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("no error thrown");
}

describe("tool() with a Standard JSON Schema (zod 4)", () => {
  const parameters = z.object({
    query: z.string().min(1).describe("what to look for"),
    limit: z.number().int().default(10),
    tags: z.string().transform((text) => text.split(",")),
  });
  const search = tool({ name: "search", parameters, execute: (args) => args });

  it("shows the model the input JSON Schema (draft-07), closed against unknown arguments", () => {
    expect(search.inputSchema).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, description: "what to look for" },
        limit: {
          type: "integer",
          default: 10,
          minimum: -9007199254740991,
          maximum: 9007199254740991,
        },
        tags: { type: "string" },
      },
      required: ["query", "tags"],
      additionalProperties: false,
    });
    expect(Object.isFrozen(search.inputSchema)).toBe(true);
    expect(search.spec.inputSchema).toBe(search.inputSchema);
  });

  it("keeps the schema for its own validation, out of the tool's JSON", () => {
    expect(search.standardSchema).toBe(parameters);
    expect(Object.keys(search)).not.toContain("standardSchema");
    expect(JSON.stringify(search)).not.toContain("~standard");
    expect(() => {
      (search as { standardSchema: unknown }).standardSchema = undefined;
    }).toThrow(TypeError);
  });

  it("keeps what the schema says about other keys (looseObject, strictObject)", () => {
    const loose = tool({
      name: "loose",
      parameters: z.looseObject({ a: z.string() }),
      execute: () => 1,
    });
    expect(loose.inputSchema.additionalProperties).toEqual({});
    const strict = tool({
      name: "strict",
      parameters: z.strictObject({ a: z.string() }),
      execute: () => 1,
    });
    expect(strict.inputSchema.additionalProperties).toBe(false);
  });

  it("a Tool subclass may give a Standard JSON Schema as inputSchema", () => {
    class Echo extends Tool<{ text: string }> {
      constructor() {
        super({ name: "echo", inputSchema: z.object({ text: z.string() }) });
      }
      run(args: { text: string }) {
        return args.text;
      }
    }
    const echo = new Echo();
    expect(echo.inputSchema.required).toEqual(["text"]);
    expect(echo.standardSchema).toBeDefined();
  });

  it("TypeBox and plain JSON schemas have no Standard Schema", () => {
    const typed = tool({
      name: "t",
      parameters: Type.Object({ a: Type.String() }),
      execute: () => 1,
    });
    const plain = tool({ name: "p", parameters: { type: "object" }, execute: () => 1 });
    const none = tool({ name: "n", execute: () => 1 });
    expect([typed.standardSchema, plain.standardSchema, none.standardSchema]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("a Standard JSON Schema without validate is checked by its JSON Schema alone", () => {
    const json = standardJson(() => ({ type: "object", properties: { a: { type: "string" } } }));
    const made = tool({ name: "json_only", parameters: json, execute: () => 1 });
    expect(made.inputSchema).toEqual({
      type: "object",
      properties: { a: { type: "string" } },
      additionalProperties: false,
    });
    expect(made.standardSchema).toBeUndefined();
  });

  it("asks for draft-07 first, and takes draft 2020-12 from a library that cannot write draft-07", () => {
    const targets: string[] = [];
    const only2020 = standardJson(({ target }) => {
      targets.push(target);
      if (target !== "draft-2020-12") throw new Error(`unsupported target ${target}`);
      return { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" };
    });
    const made = tool({ name: "modern", parameters: only2020, execute: () => 1 });
    expect(targets).toEqual(["draft-07", "draft-2020-12"]);
    expect(made.inputSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });
});

class Settings {
  type = "object";
}

const hostileParameters: [string, () => unknown, string][] = [
  ["a zod 3 schema", () => zod3.object({ a: zod3.string() }), "upgrade zod to 4.2+"],
  ["a zod/mini schema", () => zodMini.object({ a: zodMini.string() }), "z.toJSONSchema(schema)"],
  [
    "another library's Standard Schema without JSON Schema",
    () => ({ "~standard": { version: 1, vendor: "acme", validate: () => ({ value: {} }) } }),
    "upgrade acme",
  ],
  ["a class instance", () => new Settings(), "an instance of Settings"],
  ["a Date", () => new Date(0), "an instance of Date"],
  ["a Map", () => new Map([["type", "object"]]), "an instance of Map"],
  ["a function", () => () => ({ type: "object" }), "not a function that makes one"],
  ["a class", () => Settings, "not a function that makes one"],
  ["an array", () => [{ type: "object" }], "an array: pass one JSON object schema"],
  ["a string", () => "object", "string: pass a JSON object schema"],
  ["null", () => null, "null: pass a JSON object schema"],
  ["a number", () => 42, "number: pass a JSON object schema"],
  [
    "a proxy whose prototype cannot be read",
    () =>
      new Proxy(
        {},
        {
          getPrototypeOf() {
            throw new Error("trap");
          },
        },
      ),
    "prototype cannot be read",
  ],
  [
    "a schema whose ~standard getter throws",
    () => ({
      type: "object",
      get "~standard"() {
        throw new Error("boom");
      },
    }),
    "not plain JSON",
  ],
  [
    "a zod schema of a Date",
    () => z.object({ when: z.date() }),
    "cannot be converted to JSON Schema (Date cannot be represented in JSON Schema)",
  ],
  [
    "a zod string",
    () => z.string(),
    'must describe an object of named arguments (z.object({...}) in zod), but its JSON Schema has type "string"',
  ],
  [
    "a converter that throws a string",
    () =>
      standardJson(() => {
        throw "nope";
      }),
    "cannot be converted to JSON Schema (nope)",
  ],
  ["a converter that returns null", () => standardJson(() => null), "converter returned null"],
  [
    "a converter that returns an array",
    () => standardJson(() => []),
    "converter returned an array",
  ],
  [
    "a converter that returns a string",
    () => standardJson(() => "{}"),
    "converter returned string",
  ],
  [
    "a converter that returns a cycle",
    () =>
      standardJson(() => {
        const schema: Record<string, unknown> = { type: "object" };
        schema.properties = { self: schema };
        return schema;
      }),
    "not plain JSON",
  ],
  [
    "JSON with a ~standard key (an MCP server's schema), which is no Standard Schema",
    () => ({ "~standard": { version: 1, vendor: "acme", jsonSchema: { input: 1 } } }),
    'must have type "object", got undefined',
  ],
  [
    "a Standard Schema whose vendor name is hostile",
    () => ({ "~standard": { version: 1, vendor: "\u001b[2Jx".repeat(50), validate: () => ({}) } }),
    "a Standard Schema (its library) without Standard JSON Schema support",
  ],
  [
    "a jsonSchema.input that throws a TypeError",
    () =>
      standardJson(() => {
        throw new TypeError("not supported");
      }),
    "cannot be converted to JSON Schema (not supported)",
  ],
];

describe("parameters that are not a schema tool() can use", () => {
  it.each(hostileParameters)(
    "%s is a ToolDefinitionError naming the tool and the fix",
    (_, make, fix) => {
      const message = definitionError(() =>
        tool({ name: "broken", parameters: make() as never, execute: () => 1 }),
      );
      expect(message).toContain("broken");
      expect(message).toContain(fix);
    },
  );

  it.each(hostileParameters)("%s is refused as a Tool's inputSchema too", (_, make, fix) => {
    class Broken extends Tool {
      run() {
        return 1;
      }
    }
    const message = definitionError(
      () => new Broken({ name: "broken", inputSchema: make() as never }),
    );
    expect(message).toContain("tool 'broken'");
    expect(message).toContain(fix);
  });
});
