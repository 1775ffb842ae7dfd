/**
 * `text` for a message: at most `maxChars` of its characters, then `…` when it was longer. Never
 * splits a surrogate pair (half a character would show as a replacement mark).
 *
 * @example
 * clip("a long tool name", 6) // "a long…"
 */
export function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, keepWhole(text, maxChars))}…`;
}

/** `keep`, one less when the character before it is the first half of a surrogate pair. */
export function keepWhole(text: string, keep: number): number {
  const code = keep > 0 ? text.charCodeAt(keep - 1) : 0;
  return code >= 0xd800 && code <= 0xdbff ? keep - 1 : keep;
}
