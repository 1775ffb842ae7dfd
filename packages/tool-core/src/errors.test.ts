import { describe, expect, it } from "vitest";
import { ToolDefinitionError } from "./tool-definition-error.js";
import { ToolError } from "./tool-error.js";
import { ToolInputError } from "./tool-input-error.js";
import { TOOLGATE_ERROR_CODES, toolgateErrorCode } from "./toolgate-error.js";

describe("errors", () => {
  it("ToolError carries its message, data and code", () => {
    const error = new ToolError("order shipped", { data: { id: 42 } });
    expect(error).toBeInstanceOf(Error);
    expect([error.message, error.data, error.code, error.name]).toEqual([
      "order shipped",
      { id: 42 },
      "TOOL_ERROR",
      "ToolError",
    ]);
    expect(toolgateErrorCode(error)).toBe(TOOLGATE_ERROR_CODES.tool);
  });

  it("ToolInputError is a ToolError with its own code", () => {
    const error = new ToolInputError("limit must be positive");
    expect(error).toBeInstanceOf(ToolError);
    expect(ToolError.isInstance(error)).toBe(true);
    expect(ToolInputError.isInstance(error)).toBe(true);
    expect(ToolInputError.isInstance(new ToolError("x"))).toBe(false);
    expect(error.code).toBe("TOOL_INPUT_ERROR");
  });

  it("ToolDefinitionError is a TypeError", () => {
    const error = new ToolDefinitionError("bad name");
    expect(error).toBeInstanceOf(TypeError);
    expect(ToolDefinitionError.isInstance(error)).toBe(true);
    expect(ToolError.isInstance(error)).toBe(false);
  });

  it("isInstance works on an error from another copy of the package (brand only)", () => {
    const foreign = new Error("from a second copy");
    Object.defineProperty(foreign, Symbol.for("toolgate.error"), { value: "TOOL_INPUT_ERROR" });
    expect(ToolInputError.isInstance(foreign)).toBe(true);
    expect(ToolError.isInstance(new Error("plain"))).toBe(false);
    expect(toolgateErrorCode("TOOL_ERROR")).toBeUndefined();
  });
});
