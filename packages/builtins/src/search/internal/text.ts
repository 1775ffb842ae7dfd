import { removeInvisibleCharacters } from "@toolgate/tool-core";

const REDACTED = "[redacted]";
// Inline markup some services put in snippets (Brave marks query words with <strong>).
const INLINE_TAGS = /<\/?(?:strong|b|em|i|span|mark)\b[^<>]{0,200}>/gi;
const ENTITIES: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
  "&apos;": "'",
  "&nbsp;": " ",
};
const ENTITY = /&(?:amp|lt|gt|quot|#39|#x27|apos|nbsp);/g;

/**
 * One line of text from an outside source: invisible characters removed, inline markup and
 * common entities undone, whitespace (newlines too, so content cannot fake our list structure)
 * collapsed, secrets removed, then capped at `maxChars` code units.
 */
export function cleanLine(value: string, secrets: readonly string[], maxChars: number): string {
  const text = removeInvisibleCharacters(value)
    .replace(INLINE_TAGS, "")
    .replace(ENTITY, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  return truncate(scrubSecrets(text, secrets), maxChars);
}

/** Cuts `text` to at most `maxChars` code units (ending in "…"), never inside a surrogate pair. */
export function truncate(text: string, maxChars: number): string {
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
