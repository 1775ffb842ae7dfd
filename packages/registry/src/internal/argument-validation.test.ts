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

describe("messages for each kind of problem", () => {
  const MESSAGES: [
    kind: string,
    schema: Record<string, unknown>,
    args: unknown,
    message: string,
  ][] = [
    ["arguments that are an array", {}, [1], "arguments must be object, got array"],
    ["arguments that are null", {}, null, "arguments must be object, got null"],
    [
      "each JSON type by name",
      {
        properties: {
          a: { type: "string" },
          b: { type: "string" },
          c: { type: "string" },
          d: { type: "string" },
          e: { type: ["string", "null"] },
        },
      },
      { a: null, b: [], c: 1.5, d: 2, e: 3 },
      "'a' must be string, got null; 'b' must be string, got array; 'c' must be string, got number; 'd' must be string, got integer; 'e' must be string or null, got integer",
    ],
    [
      "a oneOf of objects",
      {
        properties: {
          t: {
            oneOf: [
              { type: "object", required: ["url"] },
              { type: "object", required: ["path"] },
            ],
          },
        },
      },
      { t: {} },
      "'t' matches none of the allowed forms",
    ],
    [
      "a oneOf that matches twice",
      { properties: { n: { oneOf: [{ type: "integer" }, { type: "number" }] } } },
      { n: 1 },
      "'n' must match exactly one allowed form, but matches several",
    ],
    [
      "a oneOf of types",
      { properties: { n: { oneOf: [{ type: "integer" }, { type: "string" }] } } },
      { n: true },
      "'n' must be integer or string, got boolean",
    ],
    [
      "an anyOf inside an anyOf",
      {
        properties: {
          v: {
            anyOf: [
              { anyOf: [{ type: "string" }, { type: "integer" }] },
              { type: "object", required: ["x"] },
            ],
          },
        },
      },
      { v: true },
      "'v' must be string or integer, got boolean; 'v' matches none of the allowed forms",
    ],
    [
      "a oneOf inside an anyOf",
      {
        properties: {
          v: {
            anyOf: [
              { oneOf: [{ type: "string" }, { type: "integer" }] },
              { type: "object", required: ["x"] },
            ],
          },
        },
      },
      { v: true },
      "'v' must be string or integer, got boolean; 'v' matches none of the allowed forms",
    ],
    [
      "an anyOf where one form fails on a bound, not a type",
      { properties: { v: { anyOf: [{ type: "string" }, { type: "integer", minimum: 5 }] } } },
      { v: 2 },
      "'v' matches none of the allowed forms",
    ],
    [
      "an anyOf where one form fails on a type deeper down",
      {
        properties: {
          v: {
            anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "string" }],
          },
        },
      },
      { v: { a: 1 } },
      "'v' matches none of the allowed forms",
    ],
    [
      "unevaluatedProperties (2020-12)",
      {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        properties: { a: {} },
        unevaluatedProperties: false,
      },
      { a: 1, b: 2 },
      "unknown argument 'b'",
    ],
    [
      "unevaluatedProperties (2019-09)",
      {
        $schema: "https://json-schema.org/draft/2019-09/schema",
        properties: { a: {} },
        unevaluatedProperties: false,
      },
      { a: 1, b: 2 },
      "unknown argument 'b'",
    ],
    [
      "dependentRequired (2019-09)",
      { $schema: "https://json-schema.org/draft/2019-09/schema", dependentRequired: { a: ["b"] } },
      { a: 1 },
      "arguments must have property b when property a is present",
    ],
    [
      "a $schema that is not a string (read as draft-07)",
      { $schema: 42, properties: { a: { type: "string" } } },
      { a: 1 },
      "'a' must be string, got integer",
    ],
    [
      "keys with / and ~ (JSON pointer escapes)",
      {
        properties: {
          "a/b": { type: "string" },
          "c~d": { type: "string" },
          "~1": { type: "string" },
        },
      },
      { "a/b": 1, "c~d": 2, "~1": 3 },
      `'["a/b"]' must be string, got integer; '["c~d"]' must be string, got integer; '["~1"]' must be string, got integer`,
    ],
    [
      "keys made of digits: indexes only after a name, and only canonical ones up to nine digits",
      {
        properties: { m: { additionalProperties: { type: "string" } }, "5": { type: "string" } },
      },
      { m: { "007": 1, "1234567890": 2, "12a": 3, "0": 4, "123456789": 5 }, "5": 6 },
      `'["5"]' must be string, got integer; 'm[0]' must be string, got integer; 'm[123456789]' must be string, got integer; 'm["1234567890"]' must be string, got integer; 'm["007"]' must be string, got integer; 'm["12a"]' must be string, got integer`,
    ],
    [
      "keys of 64 characters shown whole, longer ones cut",
      { properties: { m: { additionalProperties: { type: "string" } } } },
      { m: { ["k".repeat(64)]: 1, ["q".repeat(65)]: 2, [" ".repeat(64)]: 3 } },
      `'m.${"k".repeat(64)}' must be string, got integer; 'm["${"q".repeat(64)}…"]' must be string, got integer; 'm["${" ".repeat(64)}"]' must be string, got integer`,
    ],
    [
      "values shown up to 60 characters of JSON",
      { properties: { a: { const: "x" }, b: { const: "x" } } },
      { a: "y".repeat(58), b: "z".repeat(59) },
      `'a' must be "x", got "${"y".repeat(58)}"; 'b' must be "x", got "${"z".repeat(59)}…`,
    ],
    [
      "a property name that fails propertyNames (the inner check and its summary)",
      { propertyNames: { pattern: "^[a-z]+$" } },
      { ok: 1, "Bad Key": 2 },
      `arguments must match pattern "^[a-z]+$"; arguments property name must be valid`,
    ],
    [
      "a value JSON cannot write",
      { properties: { c: { enum: ["x"] } } },
      { c: 10n },
      `'c' must be one of "x", got bigint`,
    ],
  ];

  it.each(MESSAGES)("describes %s", (_kind, schema, args, message) => {
    expect(problems(schema, args)).toBe(message);
  });

  it("reads a schema without $schema as draft-07 (2019-09 keywords are unknown there)", () => {
    for (const $schema of [undefined, "http://json-schema.org/draft-07/schema#"]) {
      const base = $schema === undefined ? {} : { $schema };
      expect(
        problems({ ...base, properties: { a: {} }, unevaluatedProperties: false }, { a: 1, b: 2 }),
      ).toBeUndefined();
      expect(problems({ ...base, dependentRequired: { a: ["b"] } }, { a: 1 })).toBeUndefined();
      expect(problems({ ...base, properties: { a: { type: "string" } } }, { a: 1 })).toBe(
        "'a' must be string, got integer",
      );
    }
  });

  it("lists ten problems in full and counts the rest", () => {
    const keys = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
    const ten = problems({ additionalProperties: false }, keys(10))!;
    expect(ten.split("; ")).toHaveLength(10);
    expect(ten).toMatch(/^unknown argument 'k0'; .*; unknown argument 'k9'$/);
    expect(problems({ additionalProperties: false }, keys(11))).toMatch(
      /unknown argument 'k9'; and 1 more problems$/,
    );
  });

  it("says something readable when there are no errors or they have no message", () => {
    for (const errors of [null, undefined, []]) {
      expect(describeValidationErrors(errors, {})).toBe("the arguments do not match the schema");
    }
    expect(
      describeValidationErrors(
        [{ keyword: "custom", instancePath: "/a", schemaPath: "#/x", params: {} }],
        { a: 1 },
      ),
    ).toBe("'a' fails 'custom'");
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
