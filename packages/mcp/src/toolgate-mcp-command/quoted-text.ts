import { sanitizeDescription } from "../sanitize-description.js";

/**
 * A string from a server or a lock file as a JSON string literal on one line: hidden and control
 * characters removed, newlines and quotes escaped as in the JSON source, clipped to `maxChars`
 * (before quoting) with a marker that says how much was cut.
 */
export function quotedText(text: string, maxChars = 200): string {
  return JSON.stringify(sanitizeDescription(text, maxChars));
}
