import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize-schema.js";

describe("sanitizeSchema", () => {
  it("sanitizes every nested description and title, and keeps the rest as sent", () => {
    const schema = {
      type: "object",
      description: "top\u200b",
      properties: {
        path: { type: "string", description: "file\u{E0041}\u001b[2m path", pattern: "^a\u200b$" },
        mode: { enum: ["r\u200b", "w"], default: "r\u200b", title: "Mode\u202e" },
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
          path: { type: "string", description: "file path", pattern: "^a\u200b$" },
          mode: { enum: ["r\u200b", "w"], default: "r\u200b", title: "Mode" },
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
