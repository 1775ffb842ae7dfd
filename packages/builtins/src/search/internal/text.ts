import { removeInvisibleCharacters } from "@toolgate/tool-core";
import { decodeHTML } from "entities/decode";

const REDACTED = "[redacted]";

// Elements whose content is never text a reader sees: dropped whole, up to their end tag.
const HIDDEN_CONTENT = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "noembed",
  "noframes",
  "object",
]);
// Elements that sit inside a line: removed without a space, so "<b>con</b>tent" stays one word.
const INLINE = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "data",
  "del",
  "dfn",
  "em",
  "font",
  "i",
  "ins",
  "kbd",
  "mark",
  "nobr",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "sup",
  "time",
  "tt",
  "u",
  "var",
  "wbr",
]);
const TAG_NAME = /[a-zA-Z][^\s/>]*/y;
const endTags = new Map<string, RegExp>();

/**
 * Plain text from text that may hold HTML, as a browser would show it: every tag removed (with
 * its attributes, quoted `>` included), the content of `script`, `style` and other hidden
 * elements dropped, comments, CDATA, doctypes and processing instructions removed, a tag left
 * open at the end dropped, a `<` that starts no tag kept as text; then entities decoded once
 * (the full HTML5 set, numeric ones too; invalid code points become U+FFFD). Decoding comes
 * last, so `&lt;script&gt;` ends as the text `<script>`, never as a tag.
 */
export function htmlToText(html: string): string {
  if (!html.includes("<")) return html.includes("&") ? decodeHTML(html) : html;
  let text = "";
  let index = 0;
  while (index < html.length) {
    const open = html.indexOf("<", index);
    if (open === -1) {
      text += html.slice(index);
      break;
    }
    text += html.slice(index, open);
    const [skipTo, replacement] = markupAt(html, open);
    text += replacement;
    index = skipTo;
  }
  return decodeHTML(text);
}

/** What the `<` at `open` starts: where its markup ends and what stands for it in the text. */
function markupAt(html: string, open: number): [end: number, replacement: string] {
  const untilAfter = (close: string, from: number) => {
    const at = html.indexOf(close, from);
    return at === -1 ? html.length : at + close.length;
  };
  if (html.startsWith("<!--", open)) return [commentEnd(html, open + 2), ""];
  if (html.startsWith("<![CDATA[", open)) return [untilAfter("]]>", open + 9), ""];
  const next = html.charAt(open + 1);
  // Doctypes, processing instructions and other "<!" or "<?" markup end at the next ">".
  if (next === "!" || next === "?") return [untilAfter(">", open + 2), ""];
  const closing = next === "/";
  TAG_NAME.lastIndex = open + (closing ? 2 : 1);
  const name = TAG_NAME.exec(html)?.[0].toLowerCase();
  // "a < b", "<3", "</ x": no tag, the "<" is text.
  if (name === undefined) return [open + 1, "<"];
  const end = tagEnd(html, TAG_NAME.lastIndex);
  const replacement = INLINE.has(name) ? "" : " ";
  if (end === -1) return [html.length, replacement];
  if (closing || !HIDDEN_CONTENT.has(name)) return [end, replacement];
  // Hidden content runs to its end tag, whatever looks like markup inside it.
  let endTag = endTags.get(name);
  if (endTag === undefined) {
    endTag = new RegExp(`</${name}[\\s/>]`, "gi");
    endTags.set(name, endTag);
  }
  endTag.lastIndex = end;
  const found = endTag.exec(html);
  if (found === null) return [html.length, ""];
  const after = tagEnd(html, found.index + found[0].length - 1);
  return [after === -1 ? html.length : after, ""];
}

/** Index just after the "-->" or "--!>" that ends a comment ("<!-->" is one), or the text's end. */
function commentEnd(html: string, from: number): number {
  for (let at = html.indexOf("--", from); at !== -1; at = html.indexOf("--", at + 1)) {
    if (html.charAt(at + 2) === ">") return at + 3;
    if (html.startsWith("!>", at + 2)) return at + 4;
  }
  return html.length;
}

/** Index just after the `>` that ends the tag whose attributes start at `from`, or -1. */
function tagEnd(html: string, from: number): number {
  let quote = "";
  let afterEquals = false;
  for (let index = from; index < html.length; index++) {
    const char = html.charAt(index);
    if (quote !== "") {
      if (char === quote) quote = "";
    } else if (char === ">") {
      return index + 1;
    } else if ((char === '"' || char === "'") && afterEquals) {
      // Only an attribute value opens a quote: a stray quote elsewhere is just a character.
      quote = char;
    } else if (char === "=") {
      afterEquals = true;
    } else if (char !== " " && char !== "\t" && char !== "\n" && char !== "\r" && char !== "\f") {
      afterEquals = false;
    }
  }
  return -1;
}

/**
 * One line of plain text from an outside source: markup turned into text (see `htmlToText`,
 * unless `html` is false), invisible characters removed before and after (entities can spell
 * them), whitespace (newlines too, so content cannot fake our list structure) collapsed, secrets
 * removed, then capped at `maxChars` code units.
 */
export function cleanLine(
  value: string,
  secrets: readonly string[],
  maxChars: number,
  { html = true }: { html?: boolean } = {},
): string {
  let text = removeInvisibleCharacters(value);
  if (html) text = removeInvisibleCharacters(htmlToText(text));
  text = text.replace(/\s+/g, " ").trim();
  return truncate(scrubSecrets(text, secrets), maxChars);
}

/** Cuts `text` to at most `maxChars` code units (ending in "…"), never inside a surrogate pair. */
function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = Math.max(0, maxChars - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Every secret as written, URL-encoded, and form-encoded, longest first. */
export function secretVariants(secrets: Iterable<string>): string[] {
  const variants = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== "string" || secret === "") continue;
    variants.add(secret);
    variants.add(encodeURIComponent(secret));
    variants.add(new URLSearchParams({ k: secret }).toString().slice(2));
  }
  return [...variants].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of every secret variant with "[redacted]". */
export function scrubSecrets(text: string, variants: readonly string[]): string {
  let result = text;
  for (const variant of variants) {
    if (result.includes(variant)) result = result.split(variant).join(REDACTED);
  }
  return result;
}
