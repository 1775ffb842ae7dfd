import { describe, expect, it } from "vitest";
import { LinearPatternError } from "../linear-pattern-error.js";
import { linearPatternProblem, linearRegExp, translatePattern } from "./linear-pattern.js";

// Each pattern against inputs chosen where RE2's own reading would differ from JavaScript's.
const SAME_AS_JAVASCRIPT: [pattern: string, inputs: string[]][] = [
  ["^\\p{L}+$", ["Ünïcödé", "Δέλτα", "abc1", "", "日本語", "a b"]],
  ["^\\p{Lu}\\p{Ll}*$", ["Éclair", "éclair", "ΣΑ", "Σα"]],
  ["^\\p{Letter}+$", ["abc", "ab1"]],
  ["^\\p{Uppercase_Letter}$", ["A", "a"]],
  ["^\\p{Script=Greek}+$", ["αβγ", "abc"]],
  ["^\\p{sc=Cyrillic}$", ["ж", "z"]],
  ["^\\p{gc=Nd}+$", ["123", "١٢٣", "12a"]],
  ["^\\P{L}+$", ["123", "12a"]],
  ["^[\\p{L}\\p{N}_-]+$", ["ab_1-ß", "a b"]],
  ["^.$", ["😀", "\r", "\n", "\u2028", "\u2029", "a", "\u0085", "ab"]],
  ["^...$", ["a😀b", "a\rb"]],
  ["^[😀-😂]+$", ["😁😀", "😃", "\ud83d"]],
  ["^\\u{1F600}$", ["😀", "😃"]],
  ["^\\uD83D\\uDE00$", ["😀", "\ud83d\ude00x"]],
  ["^[\\uD83D\\uDE00-\\uD83D\\uDE02]$", ["😁", "😃"]],
  ["^\\u00e9$", ["é", "e\u0301"]],
  ["^[^a]$", ["😀", "a", "b"]],
  ["\\s", ["\u00a0", "\ufeff", "\v", "\u3000", "\u2028", "\u200b", "x", "\u1680", "\u0085"]],
  ["^\\S+$", ["abc", "a\u00a0b", "a\u200bb", "a\vb"]],
  ["^[^\\S\\n]+$", ["\t \u00a0", "a", "\n", " \n"]],
  ["^[\\s\\d]+$", ["1 2\u3000", "1a"]],
  ["^[\\s\\S]+$", ["any\nthing\u2028😀"]],
  ["^a[]", ["a", "ab"]],
  ["^a[^]$", ["ab", "a\n", "a"]],
  ["^[x[:alpha:]+$", ["alpha", "[:", "b", "xb"]],
  ["^[\\b]$", ["\b", "b"]],
  ["^\\cJ\\cm$", ["\n\r", "cJ"]],
  ["^a\\0$", ["a\0", "a0"]],
  ["^\\x41\\u0042$", ["AB", "ab"]],
  ["^(?<year>\\d{4})-(\\d{2})$", ["2024-05", "24-05"]],
  ["(?<=\\$)\\d+", ["$42", "42"]],
  ["(?<!-)\\b\\d+$", ["-5", "5", "a 5"]],
  ["\\bword\\b", ["a word.", "swordfish"]],
  ["^\\w+$", ["abc_1", "é"]],
  ["^\\d+$", ["123", "١٢٣"]],
  ["^a|b$", ["ax", "xb", "xa"]],
  ["^a+?b??$", ["aab", "aa", "b"]],
  ["^\\/\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\$", ["/.*+?()[]{}|^$\\"]],
  ["^[a\\-z]$", ["-", "b"]],
  ["^a{2,3}$", ["aa", "aaaa"]],
  ["a$", ["a\n", "a"]],
  ["^b", ["a\nb", "b"]],
  ["^\\t\\n\\v\\f\\r$", ["\t\n\v\f\r"]],
  ["^(?:ab)+$", ["abab", "aba", ""]],
  ["^(?:a|(?:b|c))d$", ["cd", "d"]],
  // Surrogate pairs at the edges of each hex digit range, in both cases, alone and in classes.
  ["^\\uD800\\uDC00$", ["\u{10000}", "\u{10001}", "\ud800\udc00x"]],
  ["^\\uDBFF\\uDFFF$", ["\u{10FFFF}", "\u{10FFFE}"]],
  ["^\\ud83d\\ude0a$", ["😊", "😋"]],
  ["^\\uD83D\\uDC9F$", ["💟", "💞"]],
  ["^\\uD83D\\uDCaf$", ["💯", "💮"]],
  ["^\\uD83D\\uDCFA$", ["📺", "📹"]],
  ["^\\uD83D\\uDD90$", ["🖐", "🖑"]],
  ["^\\uD83D\\uDEfF$", ["\u{1F6FF}", "\u{1F6FE}"]],
  ["^[\\uD83D\\uDC00-\\uD83D\\uDCFF]+$", ["🐀💯📺📿", "🔀", "\u{1F3FF}"]],
  // A high surrogate escape followed by something that is not a low one stays one code unit.
  ["^\\uD83Dx$", ["\ud83dx", "😀x"]],
  ["^\\uD83D\\u0041$", ["\ud83dA", "A"]],
  ["^\\uD7FF$", ["\ud7ff", "\u{10000}"]],
  ["^a{3}$", ["aaa", "aa"]],
  ["^a\\u{1F600}b$", ["a😀b", "a😀bx", "a😀"]],
  ["^\\u{41}\\u{1F600}\\u{10FFFF}$", ["A😀\u{10FFFF}", "A😀"]],
  // Group names JavaScript allows and RE2 does not: each group is read as non-capturing.
  ["^(?<$d>\\d)(?<ünï>a)$", ["1a", "a1"]],
  ["^(?<_>x)(?<a$1>y)$", ["xy", "x"]],
  ["^\\p{Unassigned}$", ["\u0378", "a", "\u{10FFFF}", "\u{E0080}", "\ud800"]],
];

describe("linearRegExp", () => {
  it.each(SAME_AS_JAVASCRIPT)("%j matches what JavaScript matches", (pattern, inputs) => {
    const linear = linearRegExp(pattern, "u");
    const native = new RegExp(pattern, "u");
    for (const input of inputs) {
      expect([input, linear.test(input)]).toEqual([input, native.test(input)]);
    }
  });

  // Unicode's long General_Category names and aliases (UCD PropertyValueAliases.txt).
  const LONG_CATEGORIES = [
    "Letter",
    "Cased_Letter",
    "Uppercase_Letter",
    "Lowercase_Letter",
    "Titlecase_Letter",
    "Modifier_Letter",
    "Other_Letter",
    "Mark",
    "Combining_Mark",
    "Nonspacing_Mark",
    "Spacing_Mark",
    "Enclosing_Mark",
    "Number",
    "Decimal_Number",
    "digit",
    "Letter_Number",
    "Other_Number",
    "Punctuation",
    "punct",
    "Connector_Punctuation",
    "Dash_Punctuation",
    "Open_Punctuation",
    "Close_Punctuation",
    "Initial_Punctuation",
    "Final_Punctuation",
    "Other_Punctuation",
    "Symbol",
    "Math_Symbol",
    "Currency_Symbol",
    "Modifier_Symbol",
    "Other_Symbol",
    "Separator",
    "Space_Separator",
    "Line_Separator",
    "Paragraph_Separator",
    "Other",
    "Control",
    "cntrl",
    "Format",
    "Surrogate",
    "Private_Use",
  ];
  const SAMPLES = [
    ..."aZǅʰא\u0301\u0903\u20dd0٣Ⅻ½_-([)]«»!+$^¦© \u2028\u2029\u0007\u00ad\ue000\ud800😀𝒜",
  ];

  it.each(LONG_CATEGORIES)("reads \\p{%s} and \\p{gc=…} as JavaScript does", (name) => {
    for (const pattern of [`^\\p{${name}}$`, `^\\P{General_Category=${name}}$`]) {
      const linear = linearRegExp(pattern, "u");
      const native = new RegExp(pattern, "u");
      for (const char of SAMPLES) {
        expect([pattern, char, linear.test(char)]).toEqual([pattern, char, native.test(char)]);
      }
    }
  });

  it("reads \\s, \\S and . as JavaScript does for every character of the BMP", () => {
    const patterns = ["^\\s$", "^\\S$", "^.$", "^[^\\S\\r]$", "^[\\S\\n]$"];
    for (const pattern of patterns) {
      const linear = linearRegExp(pattern, "u");
      const native = new RegExp(pattern, "u");
      const differ: string[] = [];
      for (let code = 0; code <= 0xffff; code++) {
        const char = String.fromCharCode(code);
        if (linear.test(char) !== native.test(char)) differ.push(code.toString(16));
      }
      for (const char of ["😀", "\u{10FFFF}", "\u{E0041}"]) {
        if (linear.test(char) !== native.test(char)) differ.push(char);
      }
      expect([pattern, differ]).toEqual([pattern, []]);
    }
  });

  // Each would take minutes to hours on a backtracking engine: a regression hangs this test
  // until vitest's timeout instead of passing.
  const CATASTROPHIC: [pattern: string, hostile: string, matching: string][] = [
    ["^(a+)+$", `${"a".repeat(40)}!`, "aaaa"],
    ["(a|a)*b", "a".repeat(40), "aab"],
    ["^(a*)*$", `${"a".repeat(40)}\u0000`, "aaa"],
    ["^(\\w+\\s?)*$", `${"x".repeat(40)}!`, "two words"],
    ["^(x+x+)+y$", "x".repeat(40), "xxy"],
    ["^(\\d+)*$", `${"1".repeat(40)}!`, "123"],
    ["(?<=^!(a+)+)c", `${"a".repeat(40)}c`, "!aac"],
    ["^(a|a?)+$", `${"a".repeat(40)}b`, "aa"],
    ["^([a-z0-9]+[-.]?)*@", `${"a".repeat(40)}!`, "a.b-c@"],
    ["^(\\w|\\d)+$", `${"1".repeat(40)}!`, "a1"],
  ];

  it.each(CATASTROPHIC)(
    "answers %j against hostile input at once, and correctly",
    (pattern, hostile, matching) => {
      const linear = linearRegExp(pattern, "u");
      expect(linear.test(hostile)).toBe(false);
      expect(linear.test(matching)).toBe(true);
      expect(linear.test(hostile.repeat(2_000))).toBe(false);
    },
  );

  const REFUSED: [pattern: string, reason: RegExp][] = [
    ["^(a)\\1$", /backreferences \('\\1'\)/],
    ["(?<q>['\"]).*\\k<q>", /backreferences \('\\k<name>'\)/],
    ["^(?=.*\\d)(?=.*[a-z]).{8,}$", /lookahead '\(\?='/],
    ["^(?!admin$).+", /lookahead '\(\?!'/],
    ["(?<=(x)\\1)y", /backreferences/],
    ["^a{1001}$", /invalid repeat count/],
    ["^\\p{Script_Extensions=Latin}$", /property '\\p\{Script_Extensions=Latin\}'/],
    ["^\\p{scx=Grek}$", /property '\\p\{scx=Grek\}'/],
    ["^(a)(b)(c)(d)(e)(f)(g)(h)(i)\\9$", /backreferences \('\\9'\)/],
    ["^(a)(b)\\2$", /backreferences \('\\2'\)/],
    ["^\\p{Script_Extensions=Greek}\\p{L}$", /property '\\p\{Script_Extensions=Greek\}'/],
  ];

  it.each(REFUSED)("refuses %j with a reason", (pattern, reason) => {
    expect(linearPatternProblem(pattern)).toMatch(reason);
    let thrown: unknown;
    try {
      linearRegExp(pattern, "u");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LinearPatternError);
    const error = thrown as LinearPatternError;
    expect(error.pattern).toBe(pattern);
    expect(error.reason).toMatch(reason);
    expect(error.message).toBe(
      `pattern ${JSON.stringify(pattern)} cannot run on the linear-time regex engine: ${error.reason}`,
    );
  });

  it.each(["^[a-z]+$", "\\p{L}", "(?<=a)b", "(?<!a)b", "[^]", ""])("accepts %j", (pattern) => {
    expect(linearPatternProblem(pattern)).toBeUndefined();
  });

  it.each(["(", "a{2,1}", "\\-", "\\q", "\\p{Nope}", "]"])(
    "keeps JavaScript's syntax: %j is an invalid pattern",
    (pattern) => {
      expect(() => linearRegExp(pattern, "u")).toThrow(SyntaxError);
      expect(linearPatternProblem(pattern)).toMatch(
        /^it is not a valid pattern \(Invalid regular expression/,
      );
    },
  );

  it("refuses a pattern that is not a string", () => {
    expect(linearPatternProblem(42 as unknown as string)).toBe("it is not a string");
  });

  it("clips a long pattern in the message", () => {
    const pattern = `(a)\\1${"b".repeat(200)}`;
    expect(() => linearRegExp(pattern, "u")).toThrow(
      `pattern ${JSON.stringify(`${pattern.slice(0, 100)}…`)} cannot run`,
    );
  });

  it.each([
    [99, false],
    [100, false],
    [101, true],
    [140, true],
  ])("shows a pattern of %i characters in the message clipped: %s", (length, clipped) => {
    const pattern = `${"b".repeat(length - 5)}(a)\\1`;
    expect(pattern).toHaveLength(length);
    const shown = clipped ? `${pattern.slice(0, 100)}…` : pattern;
    expect(() => linearRegExp(pattern, "u")).toThrow(`pattern ${JSON.stringify(shown)} cannot run`);
  });

  it("names the error class and keeps a surrogate escape that is not half of a pair", () => {
    expect(() => linearRegExp("(a)\\1", "u")).toThrow(
      expect.objectContaining({ name: "LinearPatternError" }),
    );
    // A letter before a low surrogate, two low surrogates, and a high one before a letter.
    expect(translatePattern("\\u0041\\uDC00")).toBe("\\x{41}\\x{DC00}");
    expect(translatePattern("\\uDC00\\uDC01")).toBe("\\x{DC00}\\x{DC01}");
    expect(translatePattern("\\uDBFF\\u0041")).toBe("\\x{DBFF}\\x{41}");
  });

  // Only reachable by calling the translation directly: JavaScript refuses these first.
  it.each([
    ["a\\", "the escape '\\' is not supported"],
    ["\\q", "the escape '\\q' is not supported"],
    ["[\\q]", "the escape '\\q' is not supported"],
  ])("refuses the escape in %j with a reason", (pattern, reason) => {
    expect(() => translatePattern(pattern)).toThrow(
      `pattern ${JSON.stringify(pattern)} cannot run on the linear-time regex engine: ${reason}`,
    );
  });

  // Groups the `u` flag accepts only on engines newer than Node 20 (modifiers such as `(?i:…)`):
  // the translation refuses them rather than passing them to RE2, which reads them differently.
  it.each([
    ["(?i:a)b", "the group '(?i' is not supported"],
    ["(?-i:a)", "the group '(?-' is not supported"],
    ["a(?", "the group '(?' is not supported"],
  ])("refuses the group in %j with a reason", (pattern, reason) => {
    expect(() => translatePattern(pattern)).toThrow(
      `pattern ${JSON.stringify(pattern)} cannot run on the linear-time regex engine: ${reason}`,
    );
  });

  it("tells apart many distinct patterns (the cache is bounded, not shared by mistake)", () => {
    for (let i = 0; i < 1_100; i++) {
      const linear = linearRegExp(`^x${i}$`, "u");
      expect(linear.test(`x${i}`)).toBe(true);
      expect(linear.test(`x${i + 1}`)).toBe(false);
    }
    expect(linearRegExp("^x0$", "u").test("x0")).toBe(true);
  });
});
