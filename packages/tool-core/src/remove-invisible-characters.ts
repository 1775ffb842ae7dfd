// Escape sequences go first and whole, so their parameters ("[31m") do not survive as text.
const ESCAPE_SEQUENCES = new RegExp(
  [
    "\\u001b\\[[0-?]*[ -/]*[@-~]", // CSI: ESC [ params final
    "\\u009b[0-?]*[ -/]*[@-~]", // 8-bit CSI
    "\\u001b\\][^\\u0007\\u001b\\u009c\\n]*(?:\\u0007|\\u001b\\\\|\\u009c)?", // OSC, up to BEL / ST / end of line
    "\\u009d[^\\u0007\\u001b\\u009c\\n]*(?:\\u0007|\\u001b\\\\|\\u009c)?", // 8-bit OSC
    "\\u001b[PX^_][^\\u001b\\u009c\\n]*(?:\\u001b\\\\|\\u009c)?", // DCS, SOS, PM, APC strings
    "\\u001b[ -/]*[0-~]", // other two- and three-byte escapes (ESC c, ESC ( B)
  ].join("|"),
  "g",
);

// C0 controls but tab and newline, DEL, C1 controls, soft hyphen, zero-width characters, bidi
// controls, invisible operators, Hangul fillers, variation selectors, interlinear annotations,
// BOM, Unicode tags and lone surrogates (with the `u` flag a surrogate pair is one code point and
// does not match the surrogate range).
const INVISIBLE = new RegExp(
  "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5" +
    "\\u180b-\\u180f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0" +
    "\\ufff9-\\ufffb\\u{e0000}-\\u{e007f}\\u{e0100}-\\u{e01ef}\\u{d800}-\\u{dfff}]",
  "gu",
);

const LINE_SEPARATORS = /[\u2028\u2029]/g;

// Printable ASCII, tab and newline hide nothing: most text needs none of the passes.
const PLAIN = /^[\x20-\x7e\t\n]*$/;

/**
 * Removes what a human reviewer cannot see but a model still reads: terminal escape sequences,
 * control characters (newline and tab are kept), zero-width and bidi controls, Unicode tag
 * characters, variation selectors, Hangul fillers and lone surrogates; turns U+2028/U+2029 into
 * newlines and normalises to NFC. Linear in the length of the text.
 *
 * @example
 * removeInvisibleCharacters("ok\u200b\u{E0049}\u001b[31m!") // "ok!"
 */
export function removeInvisibleCharacters(text: string): string {
  if (PLAIN.test(text)) return text;
  return text
    .replace(ESCAPE_SEQUENCES, "")
    .replace(LINE_SEPARATORS, "\n")
    .replace(INVISIBLE, "")
    .normalize("NFC");
}
