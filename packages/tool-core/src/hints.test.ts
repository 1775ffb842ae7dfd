import { describe, expect, it } from "vitest";
import { hints } from "./hints.js";
import { ToolDefinitionError } from "./tool-definition-error.js";

describe("hints", () => {
  it.each([
    [{}, { readOnly: false, destructive: true, idempotent: false, openWorld: true }],
    [{ readOnly: true }, { readOnly: true, destructive: false, idempotent: true, openWorld: true }],
    [
      { readOnly: true, openWorld: false },
      { readOnly: true, destructive: false, idempotent: true, openWorld: false },
    ],
    [
      { readOnly: true, destructive: false, idempotent: true },
      { readOnly: true, destructive: false, idempotent: true, openWorld: true },
    ],
    [
      { destructive: false },
      { readOnly: false, destructive: false, idempotent: false, openWorld: true },
    ],
    [
      { idempotent: true },
      { readOnly: false, destructive: true, idempotent: true, openWorld: true },
    ],
    [
      { openWorld: false },
      { readOnly: false, destructive: true, idempotent: false, openWorld: false },
    ],
    [
      { readOnly: false, destructive: false, idempotent: true, openWorld: false },
      { readOnly: false, destructive: false, idempotent: true, openWorld: false },
    ],
  ])("%j completes to %j", (partial, expected) => {
    expect(hints(partial)).toEqual(expected);
  });

  it("assumes the worst when called with nothing", () => {
    expect(hints()).toEqual({
      readOnly: false,
      destructive: true,
      idempotent: false,
      openWorld: true,
    });
  });

  it("returns a frozen object", () => {
    const h = hints({ readOnly: true });
    expect(Object.isFrozen(h)).toBe(true);
    expect(() => {
      (h as { readOnly: boolean }).readOnly = false;
    }).toThrow(TypeError);
  });

  it.each([
    [{ readOnly: true, destructive: true }, /cannot be destructive/],
    [{ readOnly: true, idempotent: false }, /always idempotent/],
    [{ readOnly: "yes" }, /'readOnly' must be a boolean, got string/],
    [{ openWorld: 1 }, /'openWorld' must be a boolean, got number/],
    [{ destructive: null }, /'destructive' must be a boolean, got object/],
    [{ readonly: true }, /unknown hint 'readonly'/],
  ])("rejects %j", (partial, message) => {
    expect(() => hints(partial as never)).toThrow(ToolDefinitionError);
    expect(() => hints(partial as never)).toThrow(message);
  });

  it("rejects a non-object", () => {
    expect(() => hints("readOnly" as never)).toThrow(ToolDefinitionError);
  });
});
