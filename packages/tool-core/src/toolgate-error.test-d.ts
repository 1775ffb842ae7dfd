import { expectTypeOf } from "vitest";
import type { ToolCoreErrorCode } from "./tool-core-error-codes.js";
import type { ToolDefinitionError } from "./tool-definition-error.js";
import { ToolError } from "./tool-error.js";
import { ToolInputError } from "./tool-input-error.js";
import { ToolgateError } from "./toolgate-error.js";

// The base accepts any package's code; each subclass narrows `code` to its own.
expectTypeOf<ToolgateError["code"]>().toEqualTypeOf<string>();
expectTypeOf<ToolError["code"]>().toEqualTypeOf<"TOOL_ERROR" | "TOOL_INPUT_ERROR">();
expectTypeOf<ToolInputError["code"]>().toEqualTypeOf<"TOOL_INPUT_ERROR">();
expectTypeOf<ToolDefinitionError["code"]>().toEqualTypeOf<"TOOL_DEFINITION_ERROR">();
expectTypeOf<ToolError["code"]>().toExtend<ToolCoreErrorCode>();
new ToolgateError("ANY_PACKAGE_CODE", "a code from another package's map");

// isInstance narrows an unknown value to the class it is called on.
declare const caught: unknown;
if (ToolError.isInstance(caught)) expectTypeOf(caught).toEqualTypeOf<ToolError>();
if (ToolInputError.isInstance(caught))
  expectTypeOf(caught.code).toEqualTypeOf<"TOOL_INPUT_ERROR">();
if (ToolgateError.isInstance(caught)) expectTypeOf(caught.code).toEqualTypeOf<string>();
