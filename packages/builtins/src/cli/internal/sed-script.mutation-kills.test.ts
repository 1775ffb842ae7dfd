// Hostile sed scripts, written from GNU sed 4.9's parser (compile.c: match_slash,
// snarf_char_class, read_text) and each checked by hand with `sed --sandbox`, which refuses the
// same e/r/w commands at the same place (or stops there at a regex it cannot compile): wherever
// this reader allows a script, sandboxed sed compiles it without reaching an e, r or w. Written to
// kill the mutants StrykerJS found alive in sed-script.ts (docs/mutation.md), as behaviour, not as
// a copy of the reader's own tables.
import { describe, expect, it } from "vitest";
import { defaultArgPolicy } from "../arg-policy.js";
import { sedScriptProblem } from "./sed-script.js";

const refusal = (command: string) =>
  new RegExp(`^sed: the '${command}' command is refused: it (runs a|reads|writes)`);
const E_FLAG = "sed: the s///e flag is refused: it runs the result as a shell command";
const W_FLAG = "sed: the s///w flag is refused: it writes a file";

// Fails on sed-script.ts at dd3d278, which ended a regular expression at the first unescaped
// delimiter: GNU sed reads a bracket expression whole, so in `s/[/]/p/e#/p` the `/` inside
// `[/]` is part of the pattern, `e` is a flag and `#/p` a comment.
describe("sedScriptProblem: a delimiter inside a bracket expression does not end the regex", () => {
  it.each([
    ["s/[/]/x/e", E_FLAG],
    ["s/[/]/p/e#/p", E_FLAG],
    ["$s/[/]/x/e}s/a/b/gw f#", E_FLAG],
    ["s/[^/]/x/w f", W_FLAG],
    ["s/[]/]/x/e", E_FLAG],
    ["s/[^]/]/x/e", E_FLAG],
    ["s/[[:alpha:]/]/x/e", E_FLAG],
    ["s/[[.].]/]/x/e", E_FLAG],
    ["s/[[=/=]]/x/e", E_FLAG],
    ["s/[[.a.]/]/x/e", E_FLAG],
    ["s/[[.:.]]/x/e", E_FLAG],
    ["s/[[:.]]/:]]/x/e", E_FLAG],
    ["s/[[:[:]/]/x/e", E_FLAG],
    ["s/[\\/]/x/e", E_FLAG],
    ["s,[,],x,e", E_FLAG],
    ["s[a[b[e", E_FLAG],
    ["s/[[=]=]/]/x/e", E_FLAG],
    ["s/[a.:=]/x/e", E_FLAG],
    ["s/[[:alpha:]:]/x/e", E_FLAG],
    ["s/[[a:]/x/e", E_FLAG],
  ])("refuses %j", (script, reason) => {
    expect(sedScriptProblem(script)).toBe(reason);
  });

  it.each([
    ["/[/s/a]/e id #/", "e"],
    ["/[/]/w f", "w"],
    ["\\%[%]%e", "e"],
    ["/x/,/[/]/ R f", "R"],
    ["/[^]/]/I W f", "W"],
  ])("refuses %j (the %s command after the address)", (script, command) => {
    expect(sedScriptProblem(script)).toMatch(refusal(command));
  });

  // Only a regular expression has bracket expressions: a replacement or a `y` part does not.
  it.each([
    ["s/a/[/e", E_FLAG],
    ["s/a/[/w f", W_FLAG],
    ["y/[/x/;e", "sed: the 'e' command is refused: it runs a shell command"],
    ["y/a/[/;r f", "sed: the 'r' command is refused: it reads another file"],
  ])("refuses %j ([ is literal outside a regex)", (script, reason) => {
    expect(sedScriptProblem(script)).toBe(reason);
  });

  it.each([
    ...["s/[/]/x/g", "/[/]/p", "\\%[%]%p", "s/[]/]/x/", "s/[^]/]/x/", "s/[[:alpha:]/]/X/g"],
    ...["s/[[.].]/]/x/", "s/[[=/=]]/x/", "s/[\\/]/x/", "s/a[bc]d/x/", "/[[:space:]]/d"],
    ...["s/[[:digit:]][[:upper:]]/x/2", "/\\/x/p", "/[/]/,/[^/]/{s/[/]/x/}", "s/a\\[/[/"],
    ...["s/\\cA/x/", "s/a/\\c/", "s/[a\\]/x/", "y/[]/ab/", "s/\\.\\/x/y/", "s/a\\//b/"],
  ])("allows %j", (script) => {
    expect(sedScriptProblem(script)).toBeUndefined();
  });

  it.each([
    ["s/[/x/", "sed: unterminated s command"],
    ["s/x[[/y/", "sed: unterminated s command"],
    ["s/[[:a/]/x/", "sed: unterminated s command"],
    ["s/[[:a:b]]/x/e", "sed: unterminated s command"],
    ["s/[^", "sed: unterminated s command"],
    ["s/[]", "sed: unterminated s command"],
    ["s/[\n]/x/", "sed: unterminated s command"],
    ["s/[a\n]/x/", "sed: unterminated s command"],
    ["/[/p", "sed: unterminated address"],
    ["/[]/p", "sed: unterminated address"],
    ["\\%[%p", "sed: unterminated address"],
  ])("refuses %j (the bracket expression never ends)", (script, reason) => {
    expect(sedScriptProblem(script)).toBe(reason);
  });
});

// Also fails at dd3d278, which read on across a newline: sed ends every delimited part at an
// unescaped newline and refuses the script (`unterminated`), while an escaped one is allowed.
describe("sedScriptProblem: an unescaped newline ends a regex, replacement or y part", () => {
  it.each([
    ["s/a/b\nc/p", "sed: unterminated s command"],
    ["s/a\n/b/", "sed: unterminated s command"],
    ["y/a\n/b/", "sed: unterminated y command"],
    ["y/a/b\n/", "sed: unterminated y command"],
    ["/a\nb/p", "sed: unterminated address"],
    ["\\%a\n%p", "sed: unterminated address"],
    ["\\\n", "sed: unterminated address"],
    ["\\\nx\np", "sed: unterminated address"],
  ])("refuses %j", (script, reason) => {
    expect(sedScriptProblem(script)).toBe(reason);
  });

  it.each(["s/a/b\\\nc/p", "s/a\\\nb/c/", "y/a\\\nb/cde/", "/a\\\nb/p"])("allows %j", (script) => {
    expect(sedScriptProblem(script)).toBeUndefined();
  });
});

// GNU sed 4.9 reads `\c` then `/` as an escape and a delimiter; later GNU sed reads `\c/` as one
// control character and goes on. A regex where that matters is refused.
describe("sedScriptProblem: \\c before a delimiter, backslash, [ or newline in a regex", () => {
  it.each([
    ["s/\\c/x/p", "/"],
    ["s/\\c\\/x/p", "\\"],
    ["s/x\\c[/y/", "["],
    ["/\\c/p", "/"],
    ["\\%\\c%x%p", "%"],
    ["s/\\c\n/x/", "\n"],
    ["scx\\ccycp", "c"],
  ])("refuses %j", (script, next) => {
    expect(sedScriptProblem(script)).toBe(
      `sed: '\\c${next}' in a regular expression is read differently by GNU sed versions`,
    );
  });

  // In a replacement `\c` is an escape in every version, so the `/` after it ends the part.
  it("reads s/a/\\c/e as GNU sed does", () => {
    expect(sedScriptProblem("s/a/\\c/e")).toBe(E_FLAG);
  });
});

// Fails at dd3d278: sed continues an `a`, `i` or `c` text that ends in a backslash into the next
// -e script (`sed -e 'a\' -e hello` appends "hello"), so the next script's first line is text,
// not the commands it was checked as, and its second line is commands again.
describe("sed -e scripts: a text that runs on into the next script", () => {
  it.each([
    ["a\\", "a"],
    ["1a\\", "a"],
    ["$i\\", "i"],
    ["/x/c\\", "c"],
    ["a x\\", "a"],
    ["a \\", "a"],
    ["a\\\\\\", "a"],
    ["a\\\nx\\", "a"],
    ["p;i\\\n\\", "i"],
  ])("refuses %j", (script, command) => {
    expect(sedScriptProblem(script)).toBe(
      `sed: the text of '${command}' runs on past the end of the script`,
    );
  });

  it.each(["a x", "a x\\\\", "a\\\\", "a\\ ", "a\\\nx", "1i\\\nx\\\ny", "$a\\\nx\np"])(
    "allows %j (the text ends with the script)",
    (script) => {
      expect(sedScriptProblem(script)).toBeUndefined();
    },
  );

  it.each([
    [["-e", "a\\", "-e", "s/a/b\ne echo PWNED;/"], /runs on past the end/],
    [["-e", "$a x\\", "-e", "s/a/\ne id #/"], /runs on past the end/],
    [["-n", "--expression=1i\\", "-e", "p\ne id"], /runs on past the end/],
    [["-e", "a\\", "--expression", "y/a/\nw f;/"], /runs on past the end/],
    [["-e", "p", "-e", "e id"], refusal("e")],
    [["-e", "p", "--expression=w f"], refusal("w")],
    [["-s", "-e", "s/a/b/", "-e", "s/[/]/x/e"], /^sed: the s\/\/\/e flag/],
    [["-ne", "s/[/]/p/e#/p"], /^sed: the s\/\/\/e flag/],
    [["-f", "script.sed"], /^sed: option -f /],
    [["--file=script.sed"], /^sed: option --file/],
  ])("refuses sed %j", (args, reason) => {
    expect(defaultArgPolicy(["sed", ...args])).toMatch(reason);
  });

  it.each([
    [["-e", "a x\\\\", "-e", "p"]],
    [["-e", "1a\\\nx", "-e", "p"]],
    [["-n", "-e", "s/[/]/x/p", "f"]],
    [["--expression=/[/]/d", "f"]],
  ])("allows sed %j", (args) => {
    expect(defaultArgPolicy(["sed", ...args])).toBeUndefined();
  });
});

describe("sedScriptProblem: what follows an address or a command", () => {
  it.each([
    // `c === "/" ? 1 : 2`: a `/` address starts right after the `/`, not a character later
    ["/\\/x/p", undefined],
    ["/\\/x/ e", "sed: the 'e' command is refused: it runs a shell command"],
    // a number after q, Q, l is that command's, not the next command's address: `5~2` is not
    ["l 5~2p", "sed: command '~' is not in the allowed set"],
    ["q5~2 e", "sed: command '~' is not in the allowed set"],
  ])("%j gives %j", (script, reason) => {
    expect(sedScriptProblem(script)).toBe(reason);
  });
});
