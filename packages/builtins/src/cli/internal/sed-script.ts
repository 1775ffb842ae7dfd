// A small reader of GNU sed scripts that finds the commands able to run programs or touch files:
// `e` (execute), `w`/`W` (write), `r`/`R` (read), and the `e` and `w` flags of `s///`.
// Anything it does not understand is refused: this is an allowlist of sed syntax.

const SIMPLE = new Set("=dDgGhHlnNpPxzFqQLv".split(""));

/** Why a sed script is refused, or undefined when it only edits the stream. */
export function sedScriptProblem(script: string): string | undefined {
  let i = 0;
  const n = script.length;
  const skipSpace = () => {
    while (i < n && (script[i] === " " || script[i] === "\t")) i++;
  };
  // Reads a bracket expression after its `[` as GNU sed's snarf_char_class does: a leading `^`
  // and `]` are literal, `[:alpha:]`, `[.x.]` and `[=x=]` may hold a `]`, a backslash is literal.
  // Returns false at a newline or the end, where sed reports the part unterminated.
  const readBracket = (): boolean => {
    if (script[i] === "^") i++;
    if (script[i] === "]") i++;
    // 0: outside, 1: after an inner `[`, 2: inside `[:` (or `[.`, `[=`), 3: after its closing `:`
    let state = 0;
    let inner = "";
    while (i < n) {
      const c = script[i++]!;
      if (c === "\n") return false;
      if (c === "[") {
        if (state === 0) state = 1;
        continue;
      }
      if (c === "." || c === ":" || c === "=") {
        if (state === 1) {
          inner = c;
          state = 2;
          continue;
        }
        if (state === 2 && c === inner) {
          state = 3;
          continue;
        }
      } else if (c === "]") {
        if (state < 2) return true;
        if (state === 3) state = 0;
      }
      // sed's `state &= ~1`: any other character ends a `[` or a closing `:` that was not one.
      if (state === 1) state = 0;
      if (state === 3) state = 2;
    }
    return false;
  };
  // Reads a delimited part starting after the delimiter, as GNU sed's match_slash does; returns
  // a problem if it is unterminated (an unescaped newline ends it, which sed refuses) or
  // ambiguous. In a regular expression (`regex`: an address or the pattern of `s`) a bracket
  // expression is read whole, so the delimiter inside one does not end the part: `s/[/]/x/e`.
  const readDelimited = (delim: string, regex: boolean, unterminated: string) => {
    while (i < n) {
      const c = script[i++]!;
      if (c === "\n") return unterminated;
      if (c === delim) return undefined;
      if (c === "\\") {
        // GNU sed after 4.9 reads `\cX` in a regular expression as one unit, 4.9 as `\c` then X.
        const x = script[i + 1];
        if (regex && script[i] === "c" && (x === delim || x === "\\" || x === "[" || x === "\n")) {
          return `sed: '\\c${x}' in a regular expression is read differently by GNU sed versions`;
        }
        i++;
      } else if (c === "[" && regex && !readBracket()) {
        return unterminated;
      }
    }
    return unterminated;
  };
  // Skips to the end of the line; a backslash escapes the next character (even a newline).
  const skipLine = () => {
    while (i < n && script[i] !== "\n") i += script[i] === "\\" ? 2 : 1;
  };
  const readAddress = (): string | undefined => {
    const c = script[i];
    if (c === undefined) return undefined;
    if (/[0-9$]/.test(c)) {
      while (i < n && /[0-9$~]/.test(script[i]!)) i++;
      return undefined;
    }
    if (c === "/" || c === "\\") {
      const delim = c === "/" ? "/" : script[i + 1];
      if (delim === undefined) return "sed: unterminated address";
      i += c === "/" ? 1 : 2;
      const problem = readDelimited(delim, true, "sed: unterminated address");
      if (problem) return problem;
      while (i < n && (script[i] === "I" || script[i] === "M")) i++;
    }
    return undefined;
  };
  while (i < n) {
    skipSpace();
    if (script[i] === "#") {
      // A comment ends at the next newline: unlike text, a backslash does not escape it.
      while (i < n && script[i] !== "\n") i++;
      continue;
    }
    let problem = readAddress();
    if (problem) return problem;
    if (script[i] === ",") {
      i++;
      if (script[i] === "+" || script[i] === "~") i++;
      problem = readAddress();
      if (problem) return problem;
    }
    skipSpace();
    while (script[i] === "!") i++;
    skipSpace();
    const cmd = script[i];
    if (cmd === undefined) return undefined;
    i++;
    if (cmd === "{" || cmd === "}" || cmd === ";" || cmd === "\n") continue;
    if (cmd === "e" || cmd === "w" || cmd === "W" || cmd === "r" || cmd === "R") {
      return `sed: the '${cmd}' command is refused: it ${cmd === "e" ? "runs a shell command" : cmd === "r" || cmd === "R" ? "reads another file" : "writes a file"}`;
    }
    if (cmd === "s" || cmd === "y") {
      const delim = script[i];
      if (delim === undefined || delim === "\\" || delim === "\n") return `sed: bad ${cmd} command`;
      i++;
      const unterminated = `sed: unterminated ${cmd} command`;
      const problem =
        readDelimited(delim, cmd === "s", unterminated) ??
        readDelimited(delim, false, unterminated);
      if (problem) return problem;
      if (cmd === "s") {
        while (i < n && /[0-9gpiImMew]/.test(script[i]!)) {
          const flag = script[i]!;
          if (flag === "e")
            return "sed: the s///e flag is refused: it runs the result as a shell command";
          if (flag === "w") return "sed: the s///w flag is refused: it writes a file";
          i++;
        }
      }
      continue;
    }
    if (cmd === "a" || cmd === "i" || cmd === "c") {
      skipLine(); // the text runs to an unescaped newline; commands may follow it
      // A backslash at the very end continues the text into the next -e script, whose first line
      // sed then reads as text, not as the commands this reader would check it for.
      if (i > n) return `sed: the text of '${cmd}' runs on past the end of the script`;
      continue;
    }
    if (cmd === ":" || cmd === "b" || cmd === "t" || cmd === "T") {
      // GNU sed 4.9 ends a label at whitespace too: in `:x e id` the `e` is a command.
      skipSpace();
      while (i < n && !/[;\n \t]/.test(script[i]!)) i++;
      continue;
    }
    if (SIMPLE.has(cmd)) {
      skipSpace();
      while (i < n && /[0-9]/.test(script[i]!)) i++;
      continue;
    }
    return `sed: command '${cmd}' is not in the allowed set`;
  }
  return undefined;
}
