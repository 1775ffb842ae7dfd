import { removeInvisibleCharacters } from "@toolgate/tool-core";

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
  const marker = (cut: number) => `… [truncated ${cut} chars]`;
  // The marker's length depends on the number it shows; two rounds settle it.
  let keep = Math.max(0, maxChars - marker(text.length).length);
  keep = Math.max(0, maxChars - marker(text.length - keep).length);
  if (keep > 0 && isHighSurrogate(text.charCodeAt(keep - 1))) keep--;
  return (text.slice(0, keep) + marker(text.length - keep)).slice(0, Math.max(maxChars, 0));
}

/** Throws `RangeError` unless `value` is a positive safe integer. */
export function checkLimit(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${field} must be a positive integer, got ${String(value)}`);
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
