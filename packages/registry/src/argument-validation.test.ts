import type { JsonObjectSchema } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { argumentValidator, describeValidationErrors } from "./argument-validation.js";

function problems(schema: Record<string, unknown>, args: unknown): string | undefined {
  const validate = argumentValidator({ type: "object", ...schema } as JsonObjectSchema);
  return validate(args) ? undefined : describeValidationErrors(validate.errors, args);
}

describe("argument validation", () => {
  it("lists every problem at once, in one readable message", () => {
    expect(
      problems(
        {
          properties: { order_id: { type: "string" }, limit: { type: "integer" } },
          required: ["order_id"],
          additionalProperties: false,
        },
        { limit: true, foo: 1 },
      ),
    ).toBe(
      "missing required argument 'order_id'; unknown argument 'foo'; 'limit' must be integer, got boolean",
    );
  });

  it("names nested places with dots and indexes", () => {
    const schema = {
      properties: {
        items: {
          type: "array",
          items: {
            type: "object",
            properties: {
              name: { type: "string" },
              tags: { type: "array", items: { type: "string" } },
            },
            required: ["name"],
            additionalProperties: false,
          },
        },
      },
    };
    expect(problems(schema, { items: [{ name: "a", tags: ["x", 2] }, { extra: 1 }] })).toBe(
      "'items[0].tags[1]' must be string, got integer; missing required argument 'items[1].name'; unknown argument 'items[1].extra'",
    );
  });

  it("quotes odd keys instead of printing them raw", () => {
    const text = problems({ additionalProperties: false }, { "a b\n'c": 1 });
    expect(text).toBe(`unknown argument '["a b\\n'c"]'`);
  });

  it("describes enum, const, format, bounds and type unions", () => {
    const schema = {
      properties: {
        mode: { enum: ["fast", "deep"] },
        kind: { const: "v1" },
        email: { type: "string", format: "email" },
        when: { type: "string", format: "date-time" },
        n: { type: "integer", minimum: 1 },
        id: { anyOf: [{ type: "string" }, { type: "integer" }] },
      },
    };
    expect(
      problems(schema, {
        mode: "slow",
        kind: "v2",
        email: "nope",
        when: "yesterday",
        n: 0,
        id: true,
      }),
    ).toBe(
      [
        `'mode' must be one of "fast", "deep", got "slow"`,
        `'kind' must be "v1", got "v2"`,
        `'email' must be a valid email, got "nope"`,
        `'when' must be a valid date-time, got "yesterday"`,
        "'n' must be >= 1",
        "'id' must be string or integer, got boolean",
      ].join("; "),
    );
  });

  it("summarises an anyOf of objects in one line", () => {
    const schema = {
      properties: {
        target: {
          anyOf: [
            { type: "object", required: ["url"] },
            { type: "object", required: ["path"] },
          ],
        },
      },
    };
    expect(problems(schema, { target: {} })).toBe("'target' matches none of the allowed forms");
  });

  it("caps a flood of problems", () => {
    const text = problems(
      { additionalProperties: false },
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i])),
    )!;
    expect(text.split("; ")).toHaveLength(11);
    expect(text).toMatch(/and 20 more problems$/);
  });

  it("compiles once per schema object and reuses the validator", () => {
    const schema: JsonObjectSchema = { type: "object", properties: {} };
    expect(argumentValidator(schema)).toBe(argumentValidator(schema));
  });

  it("tolerates unknown keywords and formats in user schemas", () => {
    expect(
      problems(
        { properties: { a: { type: "string", format: "phone", "x-ui": "big" } } },
        { a: "1" },
      ),
    ).toBeUndefined();
  });

  it("understands JSON Schema 2020-12 and compiles an unknown $schema as draft-07", () => {
    const modern = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      properties: { list: { type: "array", prefixItems: [{ type: "integer" }] } },
    };
    expect(problems(modern, { list: ["x"] })).toBe("'list[0]' must be integer, got string");
    const old = {
      $schema: "http://json-schema.org/draft-04/schema#",
      properties: { a: { type: "string" } },
    };
    expect(problems(old, { a: 1 })).toBe("'a' must be string, got integer");
  });

  it("gives two different schemas with the same $id their own validators", () => {
    const first = { $id: "https://example.com/args.json", properties: { a: { type: "string" } } };
    const second = { $id: "https://example.com/args.json", properties: { a: { type: "integer" } } };
    expect(problems(first, { a: 1 })).toBe("'a' must be string, got integer");
    expect(problems(second, { a: "x" })).toBe("'a' must be integer, got string");
  });

  it("still validates a schema that declares itself $async", () => {
    expect(problems({ $async: true, properties: { a: { type: "string" } } }, { a: 1 })).toBe(
      "'a' must be string, got integer",
    );
  });

  it("throws for a schema that cannot compile", () => {
    expect(() =>
      argumentValidator({ type: "object", properties: { a: { type: "strng" } } }),
    ).toThrow();
  });
});
