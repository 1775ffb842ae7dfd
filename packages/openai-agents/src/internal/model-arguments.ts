import type { FunctionTool } from "@openai/agents-core";

/** The model's arguments as the SDK's argument "validator" hands them on: untouched. */
class ModelArguments {
  readonly value: unknown;

  constructor(value: unknown) {
    this.value = value;
  }
}

/**
 * The tool's JSON Schema as the model sees it, carrying a permissive validator the SDK finds
 * through its zod seam (`parameters._zod.def.type === "object"` → `parameters.parse(text)`).
 * Without it the runner parses the arguments itself: cut-off JSON, or JSON that is not an
 * object, would get the SDK's own parse error instead of toolgate's input error, and a tool with
 * a dynamic `needsApproval` would be offered for approval without being asked. With it every
 * call reaches `needsApproval` and `invoke`, and the channel judges the text. Both properties are
 * non-enumerable, so the schema sent to the model (as JSON) is the tool's schema alone.
 */
export function withPermissiveArguments(schema: object): FunctionTool["parameters"] {
  const parameters = structuredClone(schema) as FunctionTool["parameters"];
  Object.defineProperties(parameters, {
    _zod: { value: Object.freeze({ def: Object.freeze({ type: "object" }) }) },
    parse: { value: (text: unknown) => new ModelArguments(text) },
  });
  return parameters;
}

/** What to hand the channel: the model's own text when the SDK passed it through us. */
export function modelArguments(input: unknown): Record<string, unknown> | string {
  // Anything but the SDK's text is handed on as is, for the channel to judge (and refuse).
  const value = input instanceof ModelArguments ? input.value : input;
  return value as Record<string, unknown> | string;
}
