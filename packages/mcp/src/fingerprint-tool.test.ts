import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fingerprintTool } from "./fingerprint-tool.js";

const definition = {
  name: "search",
  title: "Search",
  description: "Finds things",
  inputSchema: { type: "object", properties: { q: { type: "string", description: "query" } } },
  annotations: { readOnlyHint: true },
};

describe("fingerprintTool", () => {
  it("is the sha256 hex of canonical JSON: keys sorted at every depth, no spaces", () => {
    const canonical =
      '{"annotations":{"readOnlyHint":true},"description":"Finds things",' +
      '"inputSchema":{"properties":{"q":{"description":"query","type":"string"}},"type":"object"},' +
      '"name":"search","title":"Search"}';
    expect(fingerprintTool(definition)).toBe(createHash("sha256").update(canonical).digest("hex"));
  });

  it("does not change with key order alone", () => {
    const reordered = {
      annotations: { readOnlyHint: true },
      inputSchema: { properties: { q: { description: "query", type: "string" } }, type: "object" },
      description: "Finds things",
      title: "Search",
      name: "search",
    };
    expect(fingerprintTool(reordered)).toBe(fingerprintTool(definition));
  });

  it("changes with any change of wording, schema, hints or name", () => {
    const base = fingerprintTool(definition);
    const variants = [
      { ...definition, description: "Finds things." },
      { ...definition, title: "Search!" },
      { ...definition, name: "search2" },
      { ...definition, annotations: { readOnlyHint: false } },
      { ...definition, inputSchema: { type: "object", properties: {} } },
      { ...definition, outputSchema: { type: "object" } },
      { ...definition, description: "Finds things\u200b" },
    ];
    const prints = variants.map(fingerprintTool);
    for (const print of prints) expect(print).not.toBe(base);
    expect(new Set(prints).size).toBe(prints.length);
  });

  it("covers only the definition fields and leaves absent ones out", () => {
    const { title: _title, ...withoutTitle } = definition;
    expect(fingerprintTool({ ...withoutTitle, title: undefined })).toBe(
      fingerprintTool(withoutTitle),
    );
    expect(
      fingerprintTool({ ...definition, _meta: { x: 1 }, icons: [] } as typeof definition),
    ).toBe(fingerprintTool(definition));
  });

  it("handles a 10,000-deep schema without overflowing the stack", () => {
    let schema: Record<string, unknown> = { type: "object" };
    for (let i = 0; i < 10_000; i++) schema = { type: "object", properties: { a: schema } };
    const print = fingerprintTool({ name: "deep", inputSchema: schema });
    expect(print).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a cyclic definition", () => {
    const schema: Record<string, unknown> = { type: "object" };
    schema.self = schema;
    expect(() => fingerprintTool({ name: "x", inputSchema: schema })).toThrow(/cyclic/);
  });
});

describe("fingerprintTool input", () => {
  it.each([null, undefined, "search", 42, true])("refuses %s with a clear error", (value) => {
    expect(() => fingerprintTool(value as never)).toThrow(
      new TypeError("tool definition must be an object"),
    );
  });

  it.each([
    ["name", { name: "a", inputSchema: {} }, '{"inputSchema":{},"name":"a"}'],
    [
      "title",
      { name: "a", title: "T", inputSchema: {} },
      '{"inputSchema":{},"name":"a","title":"T"}',
    ],
    [
      "description",
      { name: "a", description: "D", inputSchema: {} },
      '{"description":"D","inputSchema":{},"name":"a"}',
    ],
    [
      "outputSchema",
      { name: "a", inputSchema: {}, outputSchema: { type: "object" } },
      '{"inputSchema":{},"name":"a","outputSchema":{"type":"object"}}',
    ],
    [
      "annotations",
      { name: "a", inputSchema: {}, annotations: { openWorldHint: false } },
      '{"annotations":{"openWorldHint":false},"inputSchema":{},"name":"a"}',
    ],
    [
      "an empty title and a null description",
      { name: "a", title: "", description: null, inputSchema: {} },
      '{"description":null,"inputSchema":{},"name":"a","title":""}',
    ],
  ])("covers %s under its own key", (_label, definition, canonical) => {
    expect(fingerprintTool(definition as never)).toBe(
      createHash("sha256").update(canonical).digest("hex"),
    );
  });
});
