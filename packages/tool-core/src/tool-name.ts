/** The OpenAI and Anthropic function-name rule: 1 to 64 ASCII letters, digits, `_` or `-`. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** True when `name` satisfies {@link TOOL_NAME_PATTERN}. */
export function isValidToolName(name: unknown): name is string {
  return typeof name === "string" && TOOL_NAME_PATTERN.test(name);
}
