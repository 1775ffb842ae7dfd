import { describe, expect, it } from "vitest";
import { jsonProblem } from "./json-problem.js";

const shared = { x: 1 };
const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;

describe("jsonProblem", () => {
  it.each([
    ["null", null],
    ["a string", "s"],
    ["false", false],
    ["a finite number", -1.5e300],
    ["nested objects and arrays", { a: [1, { b: [null, "c"] }], d: {} }],
    ["an object without prototype", Object.assign(Object.create(null), { a: 1 })],
    ["a value JSON.parse made", JSON.parse('{"a":[[[{"b":2}]]]}')],
  ])("accepts %s", (_label, value) => {
    expect(jsonProblem(value, "v")).toBeUndefined();
  });

  it("accepts 100,000 levels (iterative)", () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonProblem(deep, "v")).toBeUndefined();
  });

  it.each([
    ["undefined", { a: undefined }, "v.a: undefined is not JSON"],
    ["a function", { a: [() => 1] }, "v.a[0]: a function is not JSON"],
    ["a bigint", { n: 1n }, "v.n: a bigint is not JSON"],
    ["a symbol", [Symbol("s")], "v[0]: a symbol is not JSON"],
    ["NaN", { n: Number.NaN }, "v.n: NaN is not a JSON number"],
    ["Infinity", { n: [Number.POSITIVE_INFINITY] }, "v.n[0]: Infinity is not a JSON number"],
    ["a Date", { d: new Date(0) }, "v.d: a Date object, not JSON"],
    ["a Map", new Map(), "v: a Map object, not JSON"],
    [
      "a hole in an array",
      { a: Object.assign(new Array(3), { 0: 1, 2: 3 }) },
      "v.a[1]: a hole in an array, not JSON",
    ],
    ["a symbol key", { [Symbol("k")]: 1 }, "v: a symbol key, not JSON"],
    ["one object reached twice", { a: shared, b: shared }, "the same object twice"],
    ["a cycle", cyclic, "the same object twice"],
  ])("refuses %s, naming where", (_label, value, problem) => {
    expect(jsonProblem(value, "v")).toContain(problem);
  });
});
