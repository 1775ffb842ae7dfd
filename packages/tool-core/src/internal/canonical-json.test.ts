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

/** `value` inside `levels` objects and arrays: deep enough for the iterative writer. */
function bury(value: unknown, levels: number): unknown {
  let out = value;
  for (let i = 0; i < levels; i++) out = { b: 1, a: [out] };
  return out;
}
/** The text `bury` gives around an already canonical `inner` text. */
function buryText(inner: string, levels: number): string {
  return `${'{"a":['.repeat(levels)}${inner}${'],"b":1}'.repeat(levels)}`;
}

// Values with their canonical text written out by hand (what JSON.stringify gives with the keys
// already in order).
const samples: [label: string, value: unknown, text: string][] = [
  ["true and false", [true, false], "[true,false]"],
  [
    "numbers, including ones JSON has no word for",
    [0, -1.5, 1e21, Number.NaN, -Infinity],
    "[0,-1.5,1e+21,null,null]",
  ],
  ["null", { n: null }, '{"n":null}'],
  ["empty containers", { a: [], o: {} }, '{"a":[],"o":{}}'],
  ["one key, one element", { k: ["v"] }, '{"k":["v"]}'],
  ["three keys out of order", { c: 3, a: 1, b: 2 }, '{"a":1,"b":2,"c":3}'],
  [
    "keys sorted by code unit, not locale",
    { b: 1, B: 2, é: 3, "10": 4, "9": 5 },
    '{"10":4,"9":5,"B":2,"b":1,"é":3}',
  ],
  [
    "undefined, function and symbol members left out",
    { u: undefined, f: () => 1, s: Symbol("x"), k: 1 },
    '{"k":1}',
  ],
  ["only skipped members", { u: undefined, s: Symbol("x") }, "{}"],
  ["skipped members first and last", { a: undefined, m: 1, z: () => 0 }, '{"m":1}'],
  [
    "undefined, function and symbol elements become null",
    [undefined, () => 1, Symbol("x"), 2],
    "[null,null,null,2]",
  ],
  [
    "keys and strings that need escaping",
    { 'q"k': "a\\b", "\u001f": "\u0000\udfff" },
    '{"\\u001f":"\\u0000\\udfff","q\\"k":"a\\\\b"}',
  ],
  [
    "one object reached twice (not a cycle)",
    (() => {
      const shared = { x: 1 };
      return [shared, { y: shared }];
    })(),
    '[{"x":1},{"y":{"x":1}}]',
  ],
];

describe("canonicalJson values", () => {
  it.each(samples)("%s", (_label, value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it.each(samples)("%s, 300 levels deep, gives the same text", (_label, value, text) => {
    expect(canonicalJson(bury(value, 300))).toBe(buryText(text, 300));
  });

  it("writes null for a value JSON has no text for, as JSON.stringify would inside an array", () => {
    for (const value of [undefined, () => 1, Symbol("x")]) {
      expect(canonicalJson(value)).toBe("null");
    }
  });

  it.each([
    ["a bigint", 1n],
    ["a bigint member", { n: 1n }],
    ["a bigint element", [0, 2n]],
    ["a bigint 300 levels deep", bury({ n: 3n }, 300)],
  ])("refuses %s", (_label, value) => {
    expect(() => canonicalJson(value)).toThrow(new TypeError("cannot fingerprint a bigint"));
  });

  it.each([
    [
      "an object containing itself",
      () => {
        const o: Record<string, unknown> = {};
        o.o = o;
        return o;
      },
    ],
    [
      "an array containing itself",
      () => {
        const a: unknown[] = [];
        a.push(1, a);
        return a;
      },
    ],
    [
      "a cycle 300 levels down",
      () => {
        const o: Record<string, unknown> = {};
        o.o = bury(o, 300);
        return o;
      },
    ],
  ])("refuses %s", (_label, make) => {
    expect(() => canonicalJson(make())).toThrow(
      new TypeError("cannot fingerprint a cyclic structure"),
    );
  });
});
