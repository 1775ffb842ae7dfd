import { describe, expect, it } from "vitest";
import { TOOL_CORE_ERROR_CODES } from "./tool-core-error-codes.js";
import { ToolDefinitionError } from "./tool-definition-error.js";
import { ToolError } from "./tool-error.js";
import { ToolInputError } from "./tool-input-error.js";
import { ToolgateError, toolgateErrorCode } from "./toolgate-error.js";

/** An object shaped like an error thrown by a second installed copy of tool-core. */
function fromAnotherCopy(code: string): Error {
  const error = new Error("from a second copy");
  Object.defineProperty(error, Symbol.for("toolgate.error"), { value: code });
  return error;
}

const classes = [
  { Class: ToolError, make: () => new ToolError("order shipped"), code: "TOOL_ERROR" },
  {
    Class: ToolInputError,
    make: () => new ToolInputError("limit must be positive"),
    code: "TOOL_INPUT_ERROR",
  },
  {
    Class: ToolDefinitionError,
    make: () => new ToolDefinitionError("bad name"),
    code: "TOOL_DEFINITION_ERROR",
  },
] as const;

describe("ToolgateError", () => {
  it("carries its code, message, name and cause", () => {
    const cause = new Error("root");
    const error = new ToolgateError("SOME_PACKAGE_FAILURE", "it failed", { cause });
    expect(error).toBeInstanceOf(Error);
    expect([error.code, error.message, error.name, error.cause]).toEqual([
      "SOME_PACKAGE_FAILURE",
      "it failed",
      "ToolgateError",
      cause,
    ]);
    expect(toolgateErrorCode(error)).toBe("SOME_PACKAGE_FAILURE");
    expect("cause" in new ToolgateError("X", "no cause")).toBe(false);
  });

  it("keeps the brand out of spreads and JSON (it is not enumerable)", () => {
    const error = new ToolError("x");
    expect(Object.getOwnPropertySymbols({ ...error })).toEqual([]);
    expect(JSON.parse(JSON.stringify(error))).toEqual({ code: "TOOL_ERROR", name: "ToolError" });
  });

  it.each(classes)(
    "$Class.name has its code, its name and is a ToolgateError",
    ({ Class, make, code }) => {
      const error = make();
      expect(error).toBeInstanceOf(ToolgateError);
      expect([error.code, error.name, toolgateErrorCode(error)]).toEqual([code, Class.name, code]);
      expect(Object.values(TOOL_CORE_ERROR_CODES)).toContain(code);
      expect(Class.isInstance(error)).toBe(true);
      expect(ToolgateError.isInstance(error)).toBe(true);
      expect(Class.isInstance(fromAnotherCopy(code))).toBe(true);
      expect(Class.isInstance(new Error("plain"))).toBe(false);
    },
  );

  it.each([
    // [class, instance of, expected]
    [ToolError, new ToolInputError("x"), true],
    [ToolInputError, new ToolError("x"), false],
    [ToolError, new ToolDefinitionError("x"), false],
    [ToolDefinitionError, new ToolError("x"), false],
    [ToolError, new ToolgateError("PINNING_ERROR", "x"), false],
    [ToolgateError, new ToolgateError("PINNING_ERROR", "x"), true],
  ] as const)("%o.isInstance(a %o) is %s (a subclass narrows)", (Class, error, expected) => {
    expect(Class.isInstance(error)).toBe(expected);
  });

  it("ToolInputError is a ToolError with its own code, and ToolError keeps data", () => {
    const error = new ToolInputError("limit must be positive", { data: { limit: -1 } });
    expect(error).toBeInstanceOf(ToolError);
    expect([error.code, error.data]).toEqual(["TOOL_INPUT_ERROR", { limit: -1 }]);
    expect(new ToolError("x", { data: { id: 42 } }).data).toEqual({ id: 42 });
  });

  it.each([
    ["a string", "TOOL_ERROR"],
    ["null", null],
    ["undefined", undefined],
    ["a plain error", new Error("TOOL_ERROR")],
    ["a non-string brand", fromAnotherCopy(1 as unknown as string)],
  ])("toolgateErrorCode of %s is undefined", (_, value) => {
    expect(toolgateErrorCode(value)).toBeUndefined();
    expect(ToolgateError.isInstance(value)).toBe(false);
  });
});
