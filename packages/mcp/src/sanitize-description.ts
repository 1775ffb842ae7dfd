import { removeInvisibleCharacters } from "@toolgate/tool-core";
import { cutWithMarker } from "@toolgate/tool-core/internal";

/** Default limit for descriptions and titles taken from an MCP server. */
export const DEFAULT_MAX_DESCRIPTION_CHARS = 4096;

/**
 * Makes text from an untrusted MCP server safe to show a model and a human reviewer alike:
 * removes what a reviewer cannot see but a model still reads (terminal and OSC escapes, C0/C1
 * controls but newline and tab, zero-width and bidi controls, Unicode tag characters, variation
 * selectors, Hangul fillers, lone surrogates), normalises to NFC, and cuts the result to
 * `maxChars` with a visible marker saying how much was cut.
 *
 * @param maxChars the longest result, marker included. @default 4096
 * @example
 * sanitizeDescription("Reads a file\u200b\u{E0049}\u001b[8m secretly") // "Reads a file secretly"
 */
export function sanitizeDescription(
  text: string,
  maxChars: number = DEFAULT_MAX_DESCRIPTION_CHARS,
): string {
  if (typeof text !== "string") {
    throw new TypeError(`description must be a string, got ${typeof text}`);
  }
  checkLimit(maxChars, "maxChars");
  return truncateWithMarker(removeInvisibleCharacters(text), maxChars);
}

/**
 * Cuts `text` to at most `maxChars` characters, ending with a visible marker such as
 * `… [truncated 1200 chars]` (never splitting a surrogate pair).
 */
export function truncateWithMarker(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  // Under a limit shorter than the marker, the marker itself is cut: the result never overflows.
  return cutWithMarker(text, maxChars, truncatedMarker).text.slice(0, Math.max(maxChars, 0));
}

function truncatedMarker(cut: number): string {
  return `… [truncated ${cut} chars]`;
}

/** Throws `RangeError` unless `value` is a positive safe integer. */
export function checkLimit(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${field} must be a positive integer, got ${String(value)}`);
  }
}
