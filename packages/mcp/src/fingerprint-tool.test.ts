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
