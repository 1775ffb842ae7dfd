import { describe, expect, it } from "vitest";
import { ToolResponse, toToolResponse } from "./tool-response.js";

describe("ToolResponse", () => {
  it("builds ok, partial and error responses", () => {
    const ok = ToolResponse.ok("fine", { n: 1 });
    expect([ok.status, ok.text, ok.data, ok.isError]).toEqual(["success", "fine", { n: 1 }, false]);
    expect(ToolResponse.partial("half").status).toBe("partial");
    const error = ToolResponse.error("nope");
    expect([error.status, error.isError, String(error)]).toEqual(["error", true, "nope"]);
  });

  it("keeps content blocks frozen beside the text", () => {
    const content = [{ type: "image" as const, data: "AAAA", mimeType: "image/png" }];
    const response = ToolResponse.ok("an image", undefined, { content });
    content.pop();
    expect(response.content).toEqual([{ type: "image", data: "AAAA", mimeType: "image/png" }]);
    expect(Object.isFrozen(response.content)).toBe(true);
    expect(Object.isFrozen(response)).toBe(true);
  });

  it("withText keeps status, data and content", () => {
    const response = ToolResponse.partial(
      "a",
      { x: 1 },
      { content: [{ type: "text", text: "a" }] },
    );
    const copy = response.withText("b");
    expect([copy.status, copy.text, copy.data, copy.content]).toEqual([
      "partial",
      "b",
      { x: 1 },
      [{ type: "text", text: "a" }],
    ]);
  });

  it("refuses text that is not a string", () => {
    expect(() => ToolResponse.ok(42 as never)).toThrow(/text must be a string, got number/);
  });

  it("recognises responses by brand, not only instanceof", () => {
    const foreign = Object.create(ToolResponse.prototype) as object;
    expect(ToolResponse.isInstance(foreign)).toBe(true);
    expect(ToolResponse.isInstance({ status: "success", text: "x" })).toBe(false);
  });
});

describe("toToolResponse", () => {
  it.each([
    ["an async generator", (async function* () {})()],
    ["a generator", (function* () {})()],
    ["a Map iterator", new Map([["a", 1]]).values()],
  ])("refuses %s, which JSON would make '{}'", (_label, value) => {
    expect(() => toToolResponse(value)).toThrow(/iterator \(a generator\?\)/);
  });
  it("still takes an array and a plain object with a next field", () => {
    expect(toToolResponse([1]).data).toEqual([1]);
    expect(toToolResponse({ next: 2 }).data).toEqual({ next: 2 });
  });

  it("keeps a ToolResponse as is", () => {
    const response = ToolResponse.error("bad");
    expect(toToolResponse(response)).toBe(response);
  });

  it("turns a string into ok text", () => {
    const response = toToolResponse("hello");
    expect([response.status, response.text, response.data]).toEqual([
      "success",
      "hello",
      undefined,
    ]);
  });

  it.each([undefined, null])("turns %s into ok (done)", (value) => {
    const response = toToolResponse(value);
    expect([response.status, response.text]).toEqual(["success", "(done)"]);
  });

  it.each([
    [42, "42"],
    [0, "0"],
    [false, "false"],
    [{ a: 1, b: [2] }, '{\n  "a": 1,\n  "b": [\n    2\n  ]\n}'],
    [[1, "two"], '[\n  1,\n  "two"\n]'],
  ])("turns %j into pretty JSON text with the value as data", (value, text) => {
    const response = toToolResponse(value);
    expect(response.status).toBe("success");
    expect(response.text).toBe(text);
    expect(response.data).toBe(value);
  });

  it("throws TypeError for a cyclic object", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => toToolResponse(cyclic)).toThrow(TypeError);
    expect(() => toToolResponse(cyclic)).toThrow(/cannot be converted to JSON/);
  });

  it("throws TypeError for a bigint, nested or not", () => {
    expect(() => toToolResponse(10n)).toThrow(TypeError);
    expect(() => toToolResponse({ n: 10n })).toThrow(TypeError);
  });

  it("throws TypeError for a function or symbol", () => {
    expect(() => toToolResponse(() => 1)).toThrow(/cannot be converted to JSON/);
    expect(() => toToolResponse(Symbol("s"))).toThrow(TypeError);
  });
});
