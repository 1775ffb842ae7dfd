// Terms for the tool-search index: words split at snake_case, kebab-case and camelCase
// boundaries, lower-cased, stop words dropped, and cut to a crude stem so that "issues",
// "issue" and "issued" meet. The same function reads tool definitions and queries.

const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from i in into is it its me my of on or our please so that the their them then this to us we what which with you your".split(
    " ",
  ),
);

const stems = new Map<string, string>();
const MAX_REMEMBERED_STEMS = 50_000;

// Character kinds: a separator, a lower-case letter or other letter, a digit, an upper-case letter.
const SEPARATOR = 0;
const LOWER = 1;
const DIGIT = 2;
const UPPER = 3;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const UPPER_CASE = /^\p{Lu}$/u;

/**
 * The terms of `text`, in order, repeats kept (term frequency counts them): its words, lower-cased,
 * stop words dropped, stemmed.
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  eachWord(text, (word) => {
    const term = termOf(word);
    if (term !== undefined) out.push(term);
  });
  return out;
}

/** The term of one word from `eachWord`, or undefined for a stop word. */
export function termOf(word: string): string | undefined {
  const lower = word.toLowerCase();
  return STOP_WORDS.has(lower) ? undefined : stem(lower);
}

/**
 * Calls `onWord` with each word of `text`, case kept. Words are runs of letters and digits;
 * camelCase splits before an upper-case letter that follows a lower-case letter or digit, and
 * inside an acronym before its last letter ("HTTPServer" → HTTP, Server). A hand-written scanner:
 * indexing 10,000 tools must stay well under 100 ms.
 */
export function eachWord(text: string, onWord: (word: string) => void): void {
  let start = -1;
  let previous = SEPARATOR;
  let i = 0;
  while (i <= text.length) {
    let kind = SEPARATOR;
    let width = 1;
    if (i < text.length) {
      const code = text.charCodeAt(i);
      if (code >= 97 && code <= 122) kind = LOWER;
      else if (code >= 65 && code <= 90) kind = UPPER;
      else if (code >= 48 && code <= 57) kind = DIGIT;
      else if (code >= 128) {
        const point = text.codePointAt(i)!;
        const char = String.fromCodePoint(point);
        width = char.length;
        if (LETTER_OR_DIGIT.test(char)) kind = UPPER_CASE.test(char) ? UPPER : LOWER;
      }
    }
    const nextIsLower = kind === UPPER && previous === UPPER && isLowerAt(text, i + width);
    const boundary =
      kind === SEPARATOR ||
      (kind === UPPER && (previous === LOWER || previous === DIGIT)) ||
      nextIsLower;
    if (boundary && start !== -1) {
      onWord(text.slice(start, i));
      start = -1;
    }
    if (kind !== SEPARATOR && start === -1) start = i;
    previous = kind;
    i += width;
  }
}

function isLowerAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code >= 97 && code <= 122) return true;
  if (Number.isNaN(code) || code < 128) return false;
  const char = String.fromCodePoint(text.codePointAt(at)!);
  return LETTER_OR_DIGIT.test(char) && !UPPER_CASE.test(char) && !/\p{N}/u.test(char);
}

/** A crude suffix-stripping stem, the same for every form it meets (not a dictionary form). */
export function stem(word: string): string {
  let known = stems.get(word);
  if (known !== undefined) return known;
  known = strip(word);
  if (stems.size >= MAX_REMEMBERED_STEMS) stems.clear();
  stems.set(word, known);
  return known;
}

function strip(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (/(?:ch|sh|x|ss|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
    w = w.slice(0, -1);
  }
  if (w.endsWith("ing") && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith("ed") && w.length > 4) w = undouble(w.slice(0, -2));
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  const last = w.at(-1);
  return last !== undefined && w.at(-2) === last && !"lsz".includes(last) ? w.slice(0, -1) : w;
}
