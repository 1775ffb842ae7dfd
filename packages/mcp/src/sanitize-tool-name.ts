const MAX_NAME_LENGTH = 64;
const DISALLOWED = /[^a-zA-Z0-9_-]/g;

/**
 * Turns any string into a tool name within the name rule (`^[a-zA-Z0-9_-]{1,64}$`): every
 * disallowed character (including each half of a surrogate pair) becomes `_`, and the result is
 * cut to 64 characters. An empty string becomes `_`.
 *
 * @example
 * sanitizeToolName("github_search.issues") // "github_search_issues"
 */
export function sanitizeToolName(name: string): string {
  if (typeof name !== "string") {
    throw new TypeError(`tool name must be a string, got ${typeof name}`);
  }
  const cleaned = name.replace(DISALLOWED, "_").slice(0, MAX_NAME_LENGTH);
  return cleaned === "" ? "_" : cleaned;
}

/**
 * `name` if it is not taken, else `name_2`, `name_3`, ... (cut so the result stays within 64
 * characters). Marks the result as taken.
 */
export function uniqueToolName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) {
    const suffix = `_${n}`;
    candidate = name.slice(0, MAX_NAME_LENGTH - suffix.length) + suffix;
  }
  taken.add(candidate);
  return candidate;
}
