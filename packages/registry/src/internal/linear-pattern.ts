// JSON Schema `pattern`s (ECMAScript syntax) run on RE2JS, a linear-time engine: a pattern such as
// `^(a+)+$` from an untrusted schema, or hostile arguments against the app's own schema, cannot
// freeze the event loop. Patterns are translated so they mean on RE2 what they mean in
// JavaScript with the `u` flag; what RE2 cannot run in linear time (backreferences, lookahead)
// is refused with a reason instead of falling back to a backtracking engine.
import { createRequire } from "node:module";
import { clip } from "@toolgate/tool-core/internal";
import type { RE2JS } from "re2js";
import { LinearPatternError } from "../linear-pattern-error.js";

// re2js is one 260 KB module: it loads on the first pattern, not when the registry is imported.
// `require` takes its CommonJS build, which loads synchronously, as ajv compiles synchronously.
const require = createRequire(import.meta.url);
let engine: typeof RE2JS | undefined;

/** What ajv calls to compile a `pattern` (its `code.regExp` option). */
export interface LinearRegExpEngine {
  (pattern: string, flags: string): { test(text: string): boolean };
  code: string;
}

// What `\s` matches in JavaScript (WhiteSpace and LineTerminator); RE2's `\s` is ASCII only.
const SPACE =
  "\\x09-\\x0D\\x20\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
// Its complement as ranges, so that `\S` can also stand inside a class (`[^\S\n]`).
const NOT_SPACE =
  "\\x00-\\x08\\x0E-\\x1F\\x21-\\x9F\\x{A1}-\\x{167F}\\x{1681}-\\x{1FFF}\\x{200B}-\\x{2027}" +
  "\\x{202A}-\\x{202E}\\x{2030}-\\x{205E}\\x{2060}-\\x{2FFF}\\x{3001}-\\x{FEFE}\\x{FF00}-\\x{10FFFF}";
// JavaScript's `.` (no `s` flag) stops at every line terminator; RE2's only at `\n`.
const DOT = "[^\\n\\r\\x{2028}\\x{2029}]";
const ANYTHING = "[\\x00-\\x{10FFFF}]";
const NOTHING = "[^\\x00-\\x{10FFFF}]";

// Long General_Category names; RE2 knows only the short ones.
const CATEGORIES: Record<string, string> = {
  Letter: "L",
  Cased_Letter: "LC",
  Uppercase_Letter: "Lu",
  Lowercase_Letter: "Ll",
  Titlecase_Letter: "Lt",
  Modifier_Letter: "Lm",
  Other_Letter: "Lo",
  Mark: "M",
  Combining_Mark: "M",
  Nonspacing_Mark: "Mn",
  Spacing_Mark: "Mc",
  Enclosing_Mark: "Me",
  Number: "N",
  Decimal_Number: "Nd",
  digit: "Nd",
  Letter_Number: "Nl",
  Other_Number: "No",
  Punctuation: "P",
  punct: "P",
  Connector_Punctuation: "Pc",
  Dash_Punctuation: "Pd",
  Open_Punctuation: "Ps",
  Close_Punctuation: "Pe",
  Initial_Punctuation: "Pi",
  Final_Punctuation: "Pf",
  Other_Punctuation: "Po",
  Symbol: "S",
  Math_Symbol: "Sm",
  Currency_Symbol: "Sc",
  Modifier_Symbol: "Sk",
  Other_Symbol: "So",
  Separator: "Z",
  Space_Separator: "Zs",
  Line_Separator: "Zl",
  Paragraph_Separator: "Zp",
  Other: "C",
  Control: "Cc",
  cntrl: "Cc",
  Format: "Cf",
  Surrogate: "Cs",
  Private_Use: "Co",
  Unassigned: "Cn",
};

/** The RE2 spelling of a JavaScript pattern with the same meaning (the `u` flag's). */
export function translatePattern(pattern: string): string {
  let out = "";
  let inClass = false;
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === "\\") {
      const [text, length] = translateEscape(pattern, i, inClass);
      out += text;
      i += length;
    } else if (inClass) {
      if (c === "]") inClass = false;
      // A `[` inside a class is a literal in JavaScript, but `[:alpha:]` is a class in RE2.
      out += c === "[" ? "\\[" : c;
      i++;
    } else if (c === "[") {
      const negated = pattern[i + 1] === "^";
      const start = i + (negated ? 2 : 1);
      if (pattern[start] === "]") {
        // `[]` matches nothing and `[^]` anything; RE2 would read that `]` as a member.
        out += negated ? ANYTHING : NOTHING;
        i = start + 1;
      } else {
        out += negated ? "[^" : "[";
        inClass = true;
        i = start;
      }
    } else if (c === ".") {
      out += DOT;
      i++;
    } else if (c === "(") {
      const [text, length] = translateGroup(pattern, i);
      out += text;
      i += length;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

// Every group becomes non-capturing: only `test` is ever asked, and RE2's lookbehind must not
// capture.
function translateGroup(pattern: string, at: number): [string, number] {
  if (pattern[at + 1] !== "?") return ["(?:", 1];
  const kind = pattern[at + 2];
  if (kind === ":") return ["(?:", 3];
  if (kind === "=" || kind === "!") {
    throw new LinearPatternError(pattern, `lookahead '(?${kind}' is not supported`);
  }
  if (kind === "<") {
    const next = pattern[at + 3];
    if (next === "=" || next === "!") return [`(?<${next}`, 4];
    // A named group `(?<name>…)`.
    return ["(?:", pattern.indexOf(">", at) - at + 1];
  }
  throw new LinearPatternError(pattern, `the group '(?${kind ?? ""}' is not supported`);
}

function translateEscape(pattern: string, at: number, inClass: boolean): [string, number] {
  const e = pattern[at + 1];
  switch (e) {
    case "s":
      return [inClass ? SPACE : `[${SPACE}]`, 2];
    case "S":
      return [inClass ? NOT_SPACE : `[${NOT_SPACE}]`, 2];
    case "b":
      // In a class `\b` is a backspace.
      return [inClass ? "\\x08" : "\\b", 2];
    case "0":
      return ["\\x00", 2];
    case "c":
      return [hex(pattern.charCodeAt(at + 2) % 32), 3];
    case "x":
      return [`\\x${pattern.slice(at + 2, at + 4)}`, 4];
    case "u":
      return translateUnicodeEscape(pattern, at);
    case "p":
    case "P":
      return translateProperty(pattern, at, e);
    case "k":
      throw new LinearPatternError(pattern, "backreferences ('\\k<name>') are not supported");
  }
  if (e !== undefined && e >= "1" && e <= "9") {
    throw new LinearPatternError(pattern, `backreferences ('\\${e}') are not supported`);
  }
  // `\d \D \w \W \B \t \n \v \f \r`, `\-` and escaped syntax characters mean the same in RE2.
  if (e !== undefined && /[dDwWBtnvfr\-^$\\.*+?()[\]{}|/]/.test(e)) return [`\\${e}`, 2];
  throw new LinearPatternError(pattern, `the escape '\\${e ?? ""}' is not supported`);
}

function translateUnicodeEscape(pattern: string, at: number): [string, number] {
  if (pattern[at + 2] === "{") {
    const end = pattern.indexOf("}", at);
    return [`\\x{${pattern.slice(at + 3, end)}}`, end - at + 1];
  }
  const code = Number.parseInt(pattern.slice(at + 2, at + 6), 16);
  // `\uD83D\uDE00` is one code point with the `u` flag.
  const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(pattern.slice(at + 6, at + 12));
  if (code >= 0xd800 && code <= 0xdbff && low) {
    const point = (code - 0xd800) * 0x400 + (Number.parseInt(low[1]!, 16) - 0xdc00) + 0x10000;
    return [hex(point), 12];
  }
  return [hex(code), 6];
}

function translateProperty(pattern: string, at: number, e: string): [string, number] {
  const end = pattern.indexOf("}", at);
  const body = pattern.slice(at + 3, end);
  const equals = body.indexOf("=");
  let name = body;
  if (equals !== -1) {
    const key = body.slice(0, equals);
    name = body.slice(equals + 1);
    if (key === "Script_Extensions" || key === "scx") {
      throw new LinearPatternError(pattern, `the property '\\${e}{${body}}' is not supported`);
    }
  }
  const short = Object.hasOwn(CATEGORIES, name) ? CATEGORIES[name] : name;
  return [`\\${e}{${short}}`, end - at + 1];
}

function hex(code: number): string {
  return `\\x{${code.toString(16).toUpperCase()}}`;
}

const MAX_CACHED = 1000;
const compiled = new Map<string, RE2JS | LinearPatternError>();

function compile(pattern: string): RE2JS | LinearPatternError {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  engine ??= (require("re2js") as typeof import("re2js")).RE2JS;
  let result: RE2JS | LinearPatternError;
  try {
    result = engine.compile(translatePattern(pattern), engine.LOOKBEHINDS);
  } catch (error) {
    result =
      error instanceof LinearPatternError
        ? error
        : new LinearPatternError(pattern, clip(String((error as Error)?.message ?? error), 100));
  }
  // Bounded: a server may list many distinct patterns.
  if (compiled.size >= MAX_CACHED) compiled.clear();
  compiled.set(pattern, result);
  return result;
}

/**
 * Compiles a JSON Schema `pattern` for ajv on the linear-time engine.
 *
 * @throws SyntaxError when the pattern is not a valid JavaScript pattern (checked natively, so
 *   every pattern keeps its JavaScript meaning); LinearPatternError when it is valid but needs
 *   backtracking (backreferences, lookahead).
 */
export const linearRegExp: LinearRegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    // Compiling is linear; only matching backtracks. This keeps JavaScript's syntax rules.
    new RegExp(pattern, flags);
    const result = compile(pattern);
    if (result instanceof LinearPatternError) throw result;
    return result;
  },
  { code: "re2js" },
);

/**
 * Why the registry cannot check a JSON Schema `pattern` (JavaScript syntax with the `u` flag),
 * or `undefined` when it can. The registry runs every `pattern` and `patternProperties` key on a
 * linear-time engine, so a hostile pattern or hostile arguments cannot freeze the process;
 * patterns that need backtracking (backreferences, lookahead) are refused: a tool whose schema
 * has one cannot be called. Lookbehind is supported.
 *
 * @example
 * linearPatternProblem("^[a-z]+$") // undefined
 * linearPatternProblem("(a)\\1")  // "backreferences ('\\1') are not supported"
 */
export function linearPatternProblem(pattern: string): string | undefined {
  if (typeof pattern !== "string") return "it is not a string";
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    return `it is not a valid pattern (${clip((error as Error).message, 100)})`;
  }
  const result = compile(pattern);
  return result instanceof LinearPatternError ? result.reason : undefined;
}
