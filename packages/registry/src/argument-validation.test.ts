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

describe("patterns run on a linear-time engine", () => {
  // Inputs that would take minutes to hours on a backtracking engine: a regression hangs these
  // tests until vitest's timeout instead of passing. Several dialects, several places in a schema.
  const HOSTILE = `${"a".repeat(40)}!`;
  const PLACES: [place: string, schema: Record<string, unknown>, bad: unknown, good: unknown][] = [
    [
      "a property's pattern",
      { properties: { name: { type: "string", pattern: "^(a+)+$" } } },
      { name: HOSTILE },
      { name: "aaa" },
    ],
    [
      "a nested array item's pattern",
      {
        properties: {
          rows: {
            type: "array",
            items: { type: "object", properties: { id: { pattern: "(a|a)*b" } } },
          },
        },
      },
      { rows: [{ id: "ab" }, { id: "a".repeat(40) }] },
      { rows: [{ id: "aab" }] },
    ],
    [
      "a patternProperties key",
      { patternProperties: { "^(a*)*$": { type: "integer" } } },
      { aaa: "x", [HOSTILE]: "not checked" },
      { aaa: 1, [HOSTILE]: "not checked" },
    ],
    [
      "patternProperties beside additionalProperties: false",
      { patternProperties: { "^(\\w+\\s?)*$": {} }, additionalProperties: false },
      { [`${"x".repeat(40)}!`]: 1 },
      { "two words": 1 },
    ],
    [
      "a $defs entry reached through $ref (2020-12)",
      {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $defs: { code: { type: "string", pattern: "^(x+x+)+y$" } },
        properties: { code: { $ref: "#/$defs/code" } },
      },
      { code: "x".repeat(40) },
      { code: "xxy" },
    ],
    [
      "a definitions entry reached through $ref (draft-07)",
      {
        definitions: { digits: { pattern: "^(\\d+)*$" } },
        properties: { n: { $ref: "#/definitions/digits" } },
      },
      { n: `${"1".repeat(40)}!` },
      { n: "123" },
    ],
    [
      "propertyNames (2019-09)",
      {
        $schema: "https://json-schema.org/draft/2019-09/schema",
        propertyNames: { pattern: "^(a|a?)+$" },
      },
      { [`${"a".repeat(40)}b`]: 1 },
      { aa: 1 },
    ],
    [
      "a lookbehind",
      { properties: { price: { pattern: "(?<=^!(a+)+)c" } } },
      { price: `${"a".repeat(40)}c` },
      { price: "!aac" },
    ],
  ];

  it.each(PLACES)("checks %s correctly against hostile arguments", (_, schema, bad, good) => {
    expect(problems(schema, bad)).toBeDefined();
    expect(problems(schema, good)).toBeUndefined();
  });

  it("names the pattern a hostile argument fails", () => {
    expect(problems({ properties: { name: { pattern: "^(a+)+$" } } }, { name: HOSTILE })).toBe(
      `'name' must match pattern "^(a+)+$"`,
    );
  });

  it("keeps each pattern of one schema apart", () => {
    const schema = {
      properties: { a: { pattern: "^a$" }, b: { pattern: "^b$" }, c: { pattern: "^\\p{Lu}$" } },
      patternProperties: { "^x\\d$": { type: "integer" }, "^y\\d$": { type: "string" } },
    };
    expect(problems(schema, { a: "a", b: "b", c: "É", x1: 1, y1: "s" })).toBeUndefined();
    expect(problems(schema, { a: "b", b: "a", c: "é", x1: "s", y1: 1 })).toBe(
      `'a' must match pattern "^a$"; 'b' must match pattern "^b$"; 'c' must match pattern "^\\p{Lu}$"; 'x1' must be integer, got string; 'y1' must be string, got integer`,
    );
  });

  const UNSUPPORTED: [pattern: string, reason: string][] = [
    ["^(a)\\1$", "backreferences ('\\1') are not supported"],
    ["^(?=.*\\d).{8,}$", "lookahead '(?=' is not supported"],
    ["^(?!root$)", "lookahead '(?!' is not supported"],
  ];

  it.each(UNSUPPORTED)("refuses to compile %j, saying why", (pattern, reason) => {
    for (const schema of [
      { type: "object", properties: { a: { type: "string", pattern } } },
      { type: "object", patternProperties: { [pattern]: { type: "string" } } },
      { type: "object", $defs: { a: { pattern } }, properties: { a: { $ref: "#/$defs/a" } } },
    ]) {
      expect(() => argumentValidator(schema as JsonObjectSchema)).toThrow(
        `pattern ${JSON.stringify(pattern)} cannot run on the linear-time regex engine: ${reason}`,
      );
    }
  });

  it("still refuses a pattern that is not valid JavaScript", () => {
    expect(() =>
      argumentValidator({
        type: "object",
        properties: { a: { pattern: "(" } },
      } as JsonObjectSchema),
    ).toThrow(SyntaxError);
  });

  it("keeps format: regex (the argument is compiled, never run)", () => {
    const schema = { properties: { re: { type: "string", format: "regex" } } };
    expect(problems(schema, { re: "^(a+)+$" })).toBeUndefined();
    expect(problems(schema, { re: "(" })).toBe(`'re' must be a valid regex, got "("`);
  });
});
