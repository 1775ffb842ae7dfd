import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.js";

describe("canonicalJson", () => {
  it("sorts keys at every depth and writes no spaces", () => {
    expect(canonicalJson({ b: [3, { d: 1, c: "x" }], a: null, e: "é\n" })).toBe(
      '{"a":null,"b":[3,{"c":"x","d":1}],"e":"é\\n"}',
    );
  });

  it("leaves out undefined members like JSON.stringify, and writes null for them in arrays", () => {
    const value = { a: undefined, b: [undefined, 1], c: () => 1 };
    expect(canonicalJson(value)).toBe(JSON.stringify({ b: [null, 1] }));
  });

  it("gives the same text for shallow and very deep values (both writers agree)", () => {
    let deep: unknown = { z: 1, a: [true, "s"] };
    for (let i = 0; i < 300; i++) deep = { y: i, x: [deep] };
    const text = canonicalJson(deep);
    expect(JSON.parse(text)).toEqual(deep);
    expect(text.startsWith('{"x":[{"x":[')).toBe(true);
  });

  it("handles 10,000 levels and refuses cycles and bigints", () => {
    let deep: unknown = 0;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(canonicalJson(deep)).toBe(`${'{"a":'.repeat(10_000)}0${"}".repeat(10_000)}`);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = { again: cyclic };
    expect(() => canonicalJson(cyclic)).toThrow(/cyclic/);
    expect(() => canonicalJson({ n: 1n })).toThrow(/bigint/);
  });
});

describe("canonicalJson escaping", () => {
  it("escapes strings exactly like JSON.stringify", () => {
    const samples = [
      "plain",
      'q"uote',
      "back\\slash",
      "ctl\u0001\n\t",
      "lone\ud800",
      "pair😀",
      "é\u2028",
    ];
    for (const text of samples) {
      expect(canonicalJson(text)).toBe(JSON.stringify(text));
      expect(canonicalJson({ [text]: text })).toBe(JSON.stringify({ [text]: text }));
    }
  });
});
