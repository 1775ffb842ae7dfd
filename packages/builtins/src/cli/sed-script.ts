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
  // Reads a delimited part starting after the delimiter; returns false if unterminated.
  const readDelimited = (delim: string): boolean => {
    while (i < n) {
      const c = script[i]!;
      if (c === "\\") {
        i += 2;
        continue;
      }
      i++;
      if (c === delim) return true;
    }
    return false;
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
      if (!readDelimited(delim)) return "sed: unterminated address";
      while (i < n && (script[i] === "I" || script[i] === "M")) i++;
    }
    return undefined;
  };
  while (i < n) {
    skipSpace();
    if (i >= n) break;
    const start = script[i]!;
    if (start === ";" || start === "\n" || start === "}" || start === "{") {
      i++;
      continue;
    }
    if (start === "#") {
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
      if (!readDelimited(delim) || !readDelimited(delim)) {
        return `sed: unterminated ${cmd} command`;
      }
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
