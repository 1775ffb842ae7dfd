import { removeInvisibleCharacters } from "@toolgate/tool-core";

/** Default length of a server's text quoted in an error message or on a terminal. */
const DEFAULT_SERVER_TEXT_CHARS = 200;

/**
 * Renders a value that came from a server or a lock file as one safe line for an error message
 * or a terminal: non-strings become JSON, hidden and control characters go, newlines and tabs
 * become visible `\n` / `\t`, and a long value is clipped to `maxChars` with a marker that gives
 * its full length. Only the first `2 * maxChars` characters are ever cleaned, so a
 * multi-megabyte value costs no more than a short one.
 */
export function serverText(value: unknown, maxChars: number = DEFAULT_SERVER_TEXT_CHARS): string {
  const text = typeof value === "string" ? value : toJson(value);
  const line = removeInvisibleCharacters(text.slice(0, maxChars * 2))
    .replace(/\r?\n/g, "\\n")
    .replace(/\t/g, "\\t");
  if (text.length <= maxChars * 2 && line.length <= maxChars) return line;
  return `${line.slice(0, maxChars)}… [${text.length} chars in all]`;
}

/** {@link serverText} at 100 characters: a server's tool name or reason inside a one-line error. */
export function shortServerText(value: unknown): string {
  return serverText(value, 100);
}

function toJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
