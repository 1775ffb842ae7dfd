// sed scripts written by hand from GNU sed's manual ("sed scripts", "Addresses"), not from the
// reader's own tables: each allowed one only edits the stream, each refused one names why.
import { describe, expect, it } from "vitest";
import { sedScriptProblem } from "./sed-script.js";

describe("sedScriptProblem", () => {
  it.each([
    ...["p", " p", "\tp", "1 p", "1\t p", "1,5 p", "$p", "$!N", "0~4p", "2~3 p"],
    ...["1,+2p", "1,~4p", "/x/p", "/x/ p", "/x/I p", "/x/M,/y/IM p", "\\%x%p", "\\,a\\,b, p"],
    ...["/a\\/b/p", "/x/!p", "/x/ ! p", "1!!p", "/x/,/y/ { p ; n }", "{p};{n}", ";;p;;"],
    ...["s/a/b/", "s/a/b/g", "s/a/b/ g", "s|a|b|gI", "s/a/b/2p", "s/a/b/mM", "s,a\\,b,c,"],
    ...["s/\\/x/\\/y/", "y/abc/xyz/", "y,a\\,b,xyz,", "s/a/b/;p", "s/x/y/g}", "sexexe"],
    ...[":a", ": a;N;ba", "b", "bend;p", "t x ; p", "Tx;p", "q", "q5", "Q 3", "l 20", "L", "="],
    ...["d;D;g;G;h;H;n;N;P;x;z;F", "v", "1a text w e r", "$i\\ inserted ; e id", "c changed"],
    ...["# only a comment", "p # e id", "1,3{p;p}", ""],
  ])("allows %j", (script) => {
    expect(sedScriptProblem(script)).toBeUndefined();
  });

  it.each([
    ...[
      ["e", "e"],
      ["1e id", "e"],
      ["1 e id", "e"],
      ["$!e", "e"],
      ["/x/ e id", "e"],
    ],
    ...[
      ["\\%x% e", "e"],
      ["/x/I,/y/M e", "e"],
      ["1,+2 e", "e"],
      ["0~2 e", "e"],
      ["{e}", "e"],
    ],
    ...[
      ["p;e", "e"],
      ["p ; \te", "e"],
      ["s/a/b/;e", "e"],
      ["y/a/b/;e", "e"],
      ["s/a/b/g}e", "e"],
    ],
    ...[
      ["w /tmp/x", "w"],
      ["1W /tmp/x", "W"],
      ["r /etc/shadow", "r"],
      ["$R /etc/x", "R"],
    ],
    ...[
      ["/a\\/b/ w x", "w"],
      ["\\,a\\,b, r x", "r"],
      ["2 q ; w x", "w"],
      ["l 5;e", "e"],
    ],
  ])("refuses %j (the %s command)", (script, command) => {
    expect(sedScriptProblem(script)).toBe(
      `sed: the '${command}' command is refused: it ${command === "e" ? "runs a shell command" : command === "r" || command === "R" ? "reads another file" : "writes a file"}`,
    );
  });

  it.each(["s/a/id/e", "s/a/b/ge", "s|a|b|2e", "s/a/b/Ie"])("refuses %j (s///e)", (script) => {
    expect(sedScriptProblem(script)).toBe(
      "sed: the s///e flag is refused: it runs the result as a shell command",
    );
  });

  it.each(["s/a/b/w /tmp/x", "s/a/b/gw x", "s,a,b,pw x"])("refuses %j (s///w)", (script) => {
    expect(sedScriptProblem(script)).toBe("sed: the s///w flag is refused: it writes a file");
  });

  it.each([
    ["/x", "sed: unterminated address"],
    ["\\", "sed: unterminated address"],
    ["\\%x", "sed: unterminated address"],
    ["/x/,/y", "sed: unterminated address"],
    ["s", "sed: bad s command"],
    ["s\\a\\b\\", "sed: bad s command"],
    ["y", "sed: bad y command"],
    ["s/a", "sed: unterminated s command"],
    ["s/a/b", "sed: unterminated s command"],
    ["y/a/", "sed: unterminated y command"],
    ["k", "sed: command 'k' is not in the allowed set"],
    ["1 k", "sed: command 'k' is not in the allowed set"],
    ["p;K", "sed: command 'K' is not in the allowed set"],
  ])("refuses %j with a reason", (script, reason) => {
    expect(sedScriptProblem(script)).toBe(reason);
  });
});
