import { ToolRegistry } from "@toolgate/registry";
import { removeInvisibleCharacters, tool } from "@toolgate/tool-core";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer } from "../__fixtures__/test-server.js";
import { MCPClient } from "../mcp-client.js";
import { sanitizeDescription } from "../sanitize-description.js";
import { sanitizeSchema } from "./sanitize-schema.js";

describe("sanitizeSchema", () => {
  it("sanitizes every nested description and title, and keeps the rest as sent", () => {
    const schema = {
      type: "object",
      description: "top\u200b",
      properties: {
        path: { type: "string", description: "file\u{E0041}\u001b[2m path", pattern: "^a$" },
        mode: { enum: ["r", "w"], default: "r", title: "Mode\u202e" },
        description: { type: "string", description: "a property named description\u2066" },
        list: { type: "array", items: [{ description: "first\ufe0f" }] },
      },
      required: ["path"],
    };
    const result = sanitizeSchema(schema, 4096);
    expect(result).toEqual({
      ok: true,
      schema: {
        type: "object",
        description: "top",
        properties: {
          path: { type: "string", description: "file path", pattern: "^a$" },
          mode: { enum: ["r", "w"], default: "r", title: "Mode" },
          description: { type: "string", description: "a property named description" },
          list: { type: "array", items: [{ description: "first" }] },
        },
        required: ["path"],
      },
    });
  });

  it("cuts long nested descriptions to the limit", () => {
    const schema = { type: "object", properties: { a: { description: "x".repeat(1_000_000) } } };
    const result = sanitizeSchema(schema, 100);
    if (!result.ok) throw new Error(result.reason);
    const nested = (result.schema.properties as Record<string, { description: string }>).a!;
    expect(nested.description.length).toBeLessThanOrEqual(100);
    expect(nested.description).toContain("[truncated");
  });

  it("refuses a 10,000-deep schema with a reason instead of overflowing the stack", () => {
    let schema: Record<string, unknown> = { type: "object", description: "\u200bdeep" };
    for (let i = 0; i < 10_000; i++) {
      schema = { type: "object", description: `d${i}\u{E0041}`, properties: { a: schema } };
    }
    expect(sanitizeSchema(schema, 4096)).toEqual({
      ok: false,
      reason: "its input schema nests deeper than 64 levels",
    });
  });

  it("walks a wide schema without recursion (5,000 levels under the limit)", () => {
    let schema: Record<string, unknown> = { type: "string", description: "leaf\u200b" };
    for (let i = 0; i < 5_000; i++) schema = { description: `n\u200b${i}`, items: schema };
    const result = sanitizeSchema(schema, 4096, 20_000);
    expect(result.ok).toBe(true);
    let node = (result as { schema: Record<string, unknown> }).schema;
    for (let i = 4999; i >= 0; i--) {
      expect(node.description).toBe(`n${i}`);
      node = node.items as Record<string, unknown>;
    }
    expect(node.description).toBe("leaf");
  });

  it("ends a cyclic schema (in-memory transports) at the depth limit", () => {
    const schema: Record<string, unknown> = { type: "object" };
    schema.properties = { self: schema };
    expect(sanitizeSchema(schema, 4096).ok).toBe(false);
  });
});

/** Every string in `value`, object keys included. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!Array.isArray(value)) out.push(key);
      strings(item, out);
    }
  }
  return out;
}

function loaded(schema: Record<string, unknown>): Record<string, unknown> {
  const result = sanitizeSchema(schema, 4096);
  if (!result.ok) throw new Error(result.reason);
  return result.schema;
}

describe("prose of any shape is cleaned", () => {
  const PROSE: [
    what: string,
    schema: Record<string, unknown>,
    expected: Record<string, unknown>,
  ][] = [
    [
      "a description given as an array of strings (as JSON text: JSON Schema wants a string)",
      { type: "object", description: ["Reads\u200b", "files\u{E0049}\u{E0047}"] },
      { type: "object", description: '["Reads","files"]' },
    ],
    [
      "a description given as an object, nested, with odd keys",
      {
        type: "object",
        properties: {
          a: {
            type: "string",
            description: {
              en: "path\u202e",
              more: { "k\u2060ey": ["\u001b]8;;x\u0007deep", 3, true, null] },
            },
          },
        },
      },
      {
        type: "object",
        properties: {
          a: {
            type: "string",
            description: '{"en":"path","more":{"key":["deep",3,true,null]}}',
          },
        },
      },
    ],
    [
      "titles and $comment in lists of schemas",
      {
        type: "object",
        anyOf: [{ title: ["A\u200c"] }, { $comment: "B\ufe0f\u00ad" }],
        prefixItems: [{ title: "C\u2066" }],
      },
      {
        type: "object",
        anyOf: [{ title: '["A"]' }, { $comment: "B" }],
        prefixItems: [{ title: "C" }],
      },
    ],
    [
      "editor annotations: markdownDescription, deprecationMessage, enumDescriptions",
      {
        type: "object",
        properties: {
          m: {
            enum: ["r", "w"],
            enumDescriptions: ["read\u200b", "write\u{E0020}"],
            markdownEnumDescriptions: ["*r*\u2063"],
            markdownDescription: "**m**\u180e",
            deprecationMessage: "old\u0085",
          },
        },
      },
      {
        type: "object",
        properties: {
          m: {
            enum: ["r", "w"],
            enumDescriptions: ["read", "write"],
            markdownEnumDescriptions: ["*r*"],
            markdownDescription: "**m**",
            deprecationMessage: "old",
          },
        },
      },
    ],
    [
      "descriptions inside $defs, definitions, patternProperties, dependentSchemas and if/then/else",
      {
        type: "object",
        $defs: { d: { description: ["x\u200b"] } },
        definitions: { e: { title: { t: "y\u200b" } } },
        patternProperties: { "^p": { description: "z\u200b" } },
        dependentSchemas: { a: { description: "w\u200b" } },
        if: { description: "i\u200b" },
        // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword
        then: { description: "t\u200b" },
        else: { items: { description: ["e\u200b"] } },
      },
      {
        type: "object",
        $defs: { d: { description: '["x"]' } },
        definitions: { e: { title: '{"t":"y"}' } },
        patternProperties: { "^p": { description: "z" } },
        dependentSchemas: { a: { description: "w" } },
        if: { description: "i" },
        // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword
        then: { description: "t" },
        else: { items: { description: '["e"]' } },
      },
    ],
    [
      "a property named like a prose keyword is still a schema",
      {
        type: "object",
        properties: { description: { type: "string", enum: ["a", "b"], description: "d\u200b" } },
      },
      {
        type: "object",
        properties: { description: { type: "string", enum: ["a", "b"], description: "d" } },
      },
    ],
  ];

  it.each(PROSE)("%s", (_, schema, expected) => {
    const result = loaded(schema);
    expect(result).toEqual(expected);
    for (const text of strings(result)) expect(removeInvisibleCharacters(text)).toBe(text);
  });

  it("cuts every prose string to the limit, wherever it sits", () => {
    const result = sanitizeSchema(
      {
        type: "object",
        description: ["x".repeat(500), { long: "y".repeat(500) }],
        markdownDescription: ["x".repeat(500), { long: "y".repeat(500) }],
      },
      100,
    );
    if (!result.ok) throw new Error(result.reason);
    // A description of another shape becomes one string, cut as one.
    expect((result.schema.description as string).length).toBeLessThanOrEqual(100);
    expect(result.schema.description).toContain("[truncated");
    const [first, second] = result.schema.markdownDescription as [string, { long: string }];
    expect(first.length).toBeLessThanOrEqual(100);
    expect(first).toContain("[truncated");
    expect(second.long.length).toBeLessThanOrEqual(100);
  });

  it.each([
    ["an array", { type: "object", description: ["a", "b"] }, '["a","b"]'],
    ["a number", { type: "object", title: 42 }, "42"],
    ["a boolean", { type: "object", $comment: true }, "true"],
    ["null", { type: "object", description: null }, "null"],
  ])(
    "a description, title or $comment given as %s becomes a string ajv accepts",
    async (_what, schema, text) => {
      const key = Object.keys(schema).find((k) => k !== "type")!;
      const cleaned = loaded(schema);
      expect(cleaned[key]).toBe(text);
      const registry = new ToolRegistry();
      const parameters = { ...cleaned, type: "object" as const };
      registry.register(tool({ name: "t", parameters, execute: () => "ran" }));
      expect(await registry.execute("t", {})).toMatchObject({ status: "success", text: "ran" });
    },
  );

  it("refuses a description that has no JSON text (a cycle)", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = sanitizeSchema({ type: "object", description: cyclic }, 100);
    expect(result).toEqual({ ok: false, reason: "its input schema is not plain JSON" });
  });

  // Keywords whose value is a schema (or a list of them), written out from the JSON Schema
  // drafts: a description inside any of them is prose.
  const SUBSCHEMA_KEYWORDS = [
    "items",
    "additionalItems",
    "contains",
    "additionalProperties",
    "unevaluatedItems",
    "unevaluatedProperties",
    "propertyNames",
    "not",
    "if",
    "else",
    "contentSchema",
  ];
  it.each(SUBSCHEMA_KEYWORDS)("cleans a description inside %s", (keyword) => {
    expect(loaded({ type: "object", [keyword]: { description: "d\u200b" } })).toEqual({
      type: "object",
      [keyword]: { description: "d" },
    });
  });

  it.each(["allOf", "anyOf", "oneOf", "prefixItems", "items"])(
    "cleans descriptions inside the list %s",
    (keyword) => {
      expect(loaded({ type: "object", [keyword]: [{}, { title: "t\u200b" }] })).toEqual({
        type: "object",
        [keyword]: [{}, { title: "t" }],
      });
    },
  );

  it("reads a draft-07 dependencies entry as a schema or as a list of names", () => {
    expect(
      loaded({ type: "object", dependencies: { a: { description: "x\u200b" }, b: ["a"] } }),
    ).toEqual({ type: "object", dependencies: { a: { description: "x" }, b: ["a"] } });
  });

  it("keeps a decomposed accent in an exact string: NFC is not a hidden character", () => {
    const schema = {
      type: "object",
      properties: { "cafe\u0301": { enum: ["e\u0301", "\u00e9"] } },
    };
    expect(loaded(schema)).toEqual(schema);
  });
});

describe("hidden characters in exact strings refuse the tool", () => {
  const EXACT: [schema: Record<string, unknown>, reason: string][] = [
    [
      { type: "object", properties: { "a\u200bb": { type: "string" } } },
      `its input schema's property name at properties["a\\u200bb"] carries an invisible character`,
    ],
    [
      { type: "object", properties: { "line\u2028break": {} } },
      `its input schema's property name at properties["line\\u2028break"] carries an invisible character`,
    ],
    [
      { type: "object", required: ["id", "id\u00ad"] },
      "its input schema's value at required[1] carries an invisible character",
    ],
    [
      { type: "object", properties: { mode: { enum: ["r", "w\u202e"] } } },
      "its input schema's value at properties.mode.enum[1] carries an invisible character",
    ],
    [
      { type: "object", anyOf: [{ properties: { k: { const: "v\u{E0041}" } } }] },
      "its input schema's value at anyOf[0].properties.k.const carries an invisible character",
    ],
    [
      { type: "object", properties: { o: { default: { k: ["ok", "\u001b[8mhidden"] } } } },
      "its input schema's value at properties.o.default.k[1] carries an invisible character",
    ],
    [
      { type: "object", properties: { o: { default: { "k\ufeff": 1 } } } },
      `its input schema's key at properties.o.default["k\\ufeff"] carries an invisible character`,
    ],
    [
      { type: "object", properties: { n: { examples: ["fine", "tab\tok", "cr\r"] } } },
      "its input schema's value at properties.n.examples[2] carries an invisible character",
    ],
    [
      { type: "object", properties: { p: { type: "string", pattern: "^a\u200d$" } } },
      "its input schema's value at properties.p.pattern carries an invisible character",
    ],
    [
      { type: "object", patternProperties: { "^x\u2061$": {} } },
      `its input schema's pattern at patternProperties["^x\\u2061$"] carries an invisible character`,
    ],
    [
      { type: "object", properties: { r: { $ref: "#/$defs/a\u200b" } } },
      "its input schema's value at properties.r.$ref carries an invisible character",
    ],
    [
      { type: "object", $id: "https://example.com/s\u200e.json" },
      "its input schema's value at $id carries an invisible character",
    ],
    [
      { type: "object", $defs: { x: { $anchor: "a\u034f" } } },
      "its input schema's value at $defs.x.$anchor carries an invisible character",
    ],
    [
      { type: "object", $defs: { "x\u2060": { type: "string" } } },
      `its input schema's definition name at $defs["x\\u2060"] carries an invisible character`,
    ],
    [
      { type: "object", definitions: { "\u115fy": { type: "string" } } },
      `its input schema's definition name at definitions["\\u115fy"] carries an invisible character`,
    ],
    [
      { type: "object", dependentRequired: { a: ["b\u200d"] } },
      "its input schema's value at dependentRequired.a[0] carries an invisible character",
    ],
    [
      { type: "object", dependentRequired: { "a\u200d": ["b"] } },
      `its input schema's key at dependentRequired["a\\u200d"] carries an invisible character`,
    ],
    [
      { type: "object", dependencies: { a: ["b\u0000"] } },
      "its input schema's value at dependencies.a[0] carries an invisible character",
    ],
    [
      { type: "object", properties: { d: { type: "string", format: "date\u200b-time" } } },
      "its input schema's value at properties.d.format carries an invisible character",
    ],
    [
      { type: "object", "descr\u00adiption": "looks like a description" },
      `its input schema's keyword at ["descr\\u00adiption"] carries an invisible character`,
    ],
    [
      { type: "object", "x-meta": { description: "unknown keywords are compared as sent\u200b" } },
      `its input schema's value at ["x-meta"].description carries an invisible character`,
    ],
    [
      { type: "object", items: { items: [{ enum: [1, "\u3164"] }] } },
      "its input schema's value at items.items[0].enum[1] carries an invisible character",
    ],
    [
      { type: "object", properties: { t: { type: "string\u200b" } } },
      "its input schema's value at properties.t.type carries an invisible character",
    ],
    [
      { type: "object", dependentSchemas: { "a\u200b": { required: ["b"] } } },
      `its input schema's property name at dependentSchemas["a\\u200b"] carries an invisible character`,
    ],
    [
      { type: "object", dependencies: { "a\u2062": ["b"] } },
      `its input schema's property name at dependencies["a\\u2062"] carries an invisible character`,
    ],
    [
      { type: "object", properties: { [`v${"x".repeat(70)}`]: { enum: ["\u200b"] } } },
      `its input schema's value at properties["v${"x".repeat(63)}…"].enum[0] carries an invisible character`,
    ],
  ];

  it.each(EXACT.map(([schema, reason]) => ({ schema, reason })))(
    "$reason",
    ({ schema, reason }) => {
      expect(sanitizeSchema(schema, 4096)).toEqual({ ok: false, reason });
    },
  );

  it("shows a long odd name clipped", () => {
    const name = `${"n".repeat(100)}\u200b`;
    const result = sanitizeSchema({ type: "object", properties: { [name]: {} } }, 4096);
    expect(result).toEqual({
      ok: false,
      reason: `its input schema's property name at properties["${"n".repeat(64)}…"] carries an invisible character`,
    });
  });
});

describe("limits", () => {
  it.each([() => 1, Symbol("s"), 10n])("refuses a value that is not plain JSON (%s)", (value) => {
    expect(sanitizeSchema({ type: "object", default: { a: [value] } }, 4096)).toEqual({
      ok: false,
      reason: "its input schema is not plain JSON",
    });
  });

  it("refuses a schema of more than 100,000 parts", () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 99_999; i++) properties[`p${i}`] = {};
    expect(sanitizeSchema({ type: "object", properties }, 4096)).toEqual({
      ok: false,
      reason: "its input schema has more than 100000 parts",
    });
    delete properties.p0;
    expect(sanitizeSchema({ type: "object", properties }, 4096).ok).toBe(true);
  });
});

describe("patterns the registry cannot run in linear time refuse the tool", () => {
  const PATTERNS: [schema: Record<string, unknown>, reason: string][] = [
    [
      { type: "object", properties: { a: { type: "string", pattern: "^(\\w)\\1$" } } },
      "its input schema's pattern at properties.a.pattern cannot be checked in linear time: backreferences ('\\1') are not supported",
    ],
    [
      { type: "object", patternProperties: { "^(?!internal_)": { type: "string" } } },
      `its input schema's pattern at patternProperties["^(?!internal_)"] cannot be checked in linear time: lookahead '(?!' is not supported`,
    ],
    [
      { type: "object", $defs: { pw: { pattern: "^(?=.*\\d).{8,}$" } } },
      "its input schema's pattern at $defs.pw.pattern cannot be checked in linear time: lookahead '(?=' is not supported",
    ],
    [
      { type: "object", propertyNames: { pattern: "(?<q>a)\\k<q>" } },
      "its input schema's pattern at propertyNames.pattern cannot be checked in linear time: backreferences ('\\k<name>') are not supported",
    ],
    [
      { type: "object", properties: { a: { pattern: "(" } } },
      "its input schema's pattern at properties.a.pattern cannot be checked in linear time: it is not a valid pattern (Invalid regular expression: /(/u: Unterminated group)",
    ],
    [
      { type: "object", properties: { a: { pattern: 5 } } },
      "its input schema's pattern at properties.a.pattern cannot be checked in linear time: it is not a string",
    ],
  ];

  it.each(PATTERNS.map(([schema, reason]) => ({ schema, reason })))(
    "$reason",
    ({ schema, reason }) => {
      expect(sanitizeSchema(schema, 4096)).toEqual({ ok: false, reason });
    },
  );

  it("keeps patterns that run in linear time, ReDoS shapes included, as sent", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string", pattern: "^(a+)+$" }, b: { pattern: "(?<=\\$)\\d+" } },
      patternProperties: { "^\\p{L}+$": { type: "string" } },
    };
    expect(loaded(schema)).toEqual(schema);
  });

  it("does not read a property called pattern, or an enum of patterns, as a pattern", () => {
    const schema = {
      type: "object",
      properties: { pattern: { type: "string", enum: ["(a)\\1"], default: "(?=x)" } },
    };
    expect(loaded(schema)).toEqual(schema);
  });
});

// Edges that mutation testing found unpinned (docs/mutation.md): each test fails with one
// surviving mutant of sanitize-schema.ts applied.
describe("edges: the depth limit, array indexes, names and places", () => {
  /** A schema whose walk is `levels` frames deep: the root is 1, each properties map and each
   * property schema one more. */
  function nested(levels: number): Record<string, unknown> {
    const even = levels % 2 === 0;
    let schema: Record<string, unknown> = even ? { properties: {} } : {};
    for (let built = even ? 2 : 1; built < levels; built += 2)
      schema = { properties: { a: schema } };
    return schema;
  }

  it.each([
    [3, 3, true],
    [4, 3, false],
    [64, 64, true],
    [65, 64, false],
  ])("a schema %i levels deep under a limit of %i: accepted %s", (levels, limit, accepted) => {
    const result = sanitizeSchema(nested(levels), 4096, limit);
    expect(result).toEqual(
      accepted
        ? { ok: true, schema: nested(levels) }
        : { ok: false, reason: `its input schema nests deeper than ${limit} levels` },
    );
  });

  it("keeps the default limit at 64 levels", () => {
    expect(sanitizeSchema(nested(64), 4096).ok).toBe(true);
    expect(sanitizeSchema(nested(65), 4096)).toEqual({
      ok: false,
      reason: "its input schema nests deeper than 64 levels",
    });
  });

  it("never cuts an array index like a prose key, even with a 1-character limit", () => {
    const texts = Array.from({ length: 12 }, (_, index) => String.fromCharCode(97 + index));
    const result = sanitizeSchema({ type: "object", enumDescriptions: texts }, 1);
    expect(result).toEqual({ ok: true, schema: { type: "object", enumDescriptions: texts } });
  });

  it("cleans and cuts the keys of prose that is an object, as it does its strings", () => {
    const long = `${"k".repeat(40)}\u200b`;
    const schema = { type: "object", markdownDescription: { "a\u2060b": "v\u200b", [long]: "w" } };
    expect(sanitizeSchema(schema, 20)).toEqual({
      ok: true,
      schema: {
        type: "object",
        markdownDescription: { ab: "v", [sanitizeDescription(long, 20)]: "w" },
      },
    });
    expect(sanitizeDescription(long, 20)).toContain("[truncated");
  });

  it("keeps null values (const, default, enum, examples) as sent", () => {
    const schema = {
      type: "object",
      properties: { a: { const: null, default: null, enum: [null], examples: [{ x: null }] } },
    };
    expect(loaded(schema)).toEqual(schema);
  });

  it("keeps empty lists empty", () => {
    const schema = { type: "object", required: [], enum: [], allOf: [], examples: [[]] };
    expect(loaded(schema)).toEqual(schema);
  });

  it("reads only patternProperties names as patterns, not property or definition names", () => {
    const schema = {
      type: "object",
      properties: { "a)": {}, "[b": {}, "(?<": {} },
      $defs: { "x{1,}(": {} },
      dependentSchemas: { "c\\": {} },
    };
    expect(loaded(schema)).toEqual(schema);
  });

  it.each([
    // a 64-character identifier is still written with a dot; a 65-character one is not
    [
      { properties: { ["i".repeat(64)]: { enum: ["\u200b"] } } },
      `value at properties.${"i".repeat(64)}.enum[0]`,
    ],
    [
      { properties: { ["i".repeat(65)]: { enum: ["\u200b"] } } },
      `value at properties["${"i".repeat(64)}…"].enum[0]`,
    ],
    // an odd name of exactly 64 characters is shown whole, without the clipping mark
    [
      { properties: { [`${"n".repeat(63)}\u200b`]: {} } },
      `property name at properties["${"n".repeat(63)}\\u200b"]`,
    ],
  ])("names the place of %#", (schema, place) => {
    expect(sanitizeSchema(schema, 4096)).toEqual({
      ok: false,
      reason: `its input schema's ${place} carries an invisible character`,
    });
  });
});

describe("loadTools reports refused schemas in skippedTools", () => {
  const clients: MCPClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  it("loads the clean tool and skips the others with the reason", async () => {
    const tools = [
      {
        name: "clean",
        inputSchema: {
          type: "object",
          description: "Finds\u200b rows\u202e",
          properties: { q: { type: "string", pattern: "^(a+)+$", enumDescriptions: ["x\u2066"] } },
        },
      },
      { name: "hidden_name", inputSchema: { type: "object", properties: { "q\u200b": {} } } },
      {
        name: "backreference",
        inputSchema: { type: "object", properties: { q: { pattern: "(x)\\1" } } },
      },
    ];
    const test = await startTestServer({ tools });
    const client = new MCPClient({ namespace: "s", transport: test.clientTransport });
    clients.push(client);
    await client.connect();
    const loadedTools = await client.loadTools();
    expect(loadedTools.map((tool) => tool.name)).toEqual(["s_clean"]);
    expect(loadedTools[0]!.inputSchema).toEqual({
      type: "object",
      description: "Finds rows",
      properties: { q: { type: "string", pattern: "^(a+)+$", enumDescriptions: ["x"] } },
    });
    expect(client.skippedTools).toEqual([
      {
        remoteName: "hidden_name",
        reason: `its input schema's property name at properties["q\\u200b"] carries an invisible character`,
      },
      {
        remoteName: "backreference",
        reason:
          "its input schema's pattern at properties.q.pattern cannot be checked in linear time: backreferences ('\\1') are not supported",
      },
    ]);
    const registry = new (await import("@toolgate/registry")).ToolRegistry();
    registry.register(loadedTools[0]!);
    const answer = await registry.execute("s_clean", { q: `${"a".repeat(40)}!` });
    expect(answer.text).toContain("must match pattern");
  });
});
