// Terms for the tool-search index: words split at snake_case, kebab-case and camelCase
// boundaries, lower-cased, stop words dropped, and cut to a crude stem so that "issues",
// "issue" and "issued" meet. The same function reads tool definitions and queries.

const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from i in into is it its me my of on or our please so that the their them then this to us we what which with you your".split(
    " ",
  ),
);

// Word pieces: letters and digits; camelCase splits before an upper-case letter that follows a
// lower-case letter or digit, and inside an acronym before its last letter ("HTTPServer").
const WORD = /[\p{L}\p{N}]+/gu;
const CAMEL = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

const stems = new Map<string, string>();
const MAX_REMEMBERED_STEMS = 50_000;

/** The terms of `text`, in order, repeats kept (term frequency counts them). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const [word] of text.matchAll(WORD)) {
    for (const part of word.split(CAMEL)) {
      const lower = part.toLowerCase();
      if (lower.length === 0 || STOP_WORDS.has(lower)) continue;
      out.push(stem(lower));
    }
  }
  return out;
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
