/** The argv parsed from one command line, or the reason it was refused. */
export type ParsedCommand =
  | { readonly ok: true; readonly argv: readonly string[] }
  | { readonly ok: false; readonly reason: string };

// Characters a shell would treat as operators, redirections, substitutions, globs or brace
// expansion. No shell runs, so they would be passed on literally, which is never what the model
// meant: they are refused unquoted so the model learns to quote them.
const SHELL_SPECIAL = new Set([
  "|",
  "&",
  ";",
  "<",
  ">",
  "(",
  ")",
  "$",
  "`",
  "*",
  "?",
  "[",
  "]",
  "{",
  "}",
]);

/**
 * Splits a command line into argv the way a POSIX shell would for plain words and quoting, but
 * strictly: single quotes are literal, double quotes allow `\"`, `\\`, `` \` `` and `\$`,
 * a backslash outside quotes escapes the next character. Everything a shell would expand or
 * interpret is refused instead: operators (`| ; & && || > <`), parentheses, `$VAR`, `${x}`,
 * `$(...)` and backticks (also inside double quotes), globs (`* ? [..]`), braces, `~` and `#` at
 * the start of a word, newlines, NUL and other control characters.
 */
export function parseCommand(command: string): ParsedCommand {
  const argv: string[] = [];
  let word = "";
  let inWord = false;
  let i = 0;
  const refuse = (reason: string): ParsedCommand => ({ ok: false, reason });
  while (i < command.length) {
    const c = command[i]!;
    const code = c.charCodeAt(0);
    if (c === "\n" || c === "\r") return refuse("newlines are not allowed (one command per call)");
    if (c === " " || c === "\t") {
      if (inWord) argv.push(word);
      word = "";
      inWord = false;
      i++;
      continue;
    }
    if (code < 0x20 || code === 0x7f) {
      return refuse(`control character U+${code.toString(16).padStart(4, "0")} is not allowed`);
    }
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end === -1) return refuse(`unterminated single quote at position ${i}`);
      const text = command.slice(i + 1, end);
      const bad = firstControl(text);
      if (bad !== undefined) return refuse(bad);
      word += text;
      inWord = true;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      const start = i;
      i++;
      let closed = false;
      while (i < command.length) {
        const d = command[i]!;
        if (d === '"') {
          closed = true;
          i++;
          break;
        }
        if (d === "\\") {
          const next = command[i + 1];
          if (next === '"' || next === "\\" || next === "$" || next === "`") {
            word += next;
            i += 2;
            continue;
          }
        }
        if (d === "$" || d === "`") {
          return refuse(
            `'${d}' inside double quotes would be expanded by a shell; use single quotes for literal text`,
          );
        }
        const bad = firstControl(d);
        if (bad !== undefined) return refuse(bad);
        word += d;
        i++;
      }
      if (!closed) return refuse(`unterminated double quote at position ${start}`);
      inWord = true;
      continue;
    }
    if (c === "\\") {
      const next = command[i + 1];
      if (next === undefined) return refuse("trailing backslash");
      const bad = firstControl(next);
      if (bad !== undefined) return refuse(bad);
      word += next;
      inWord = true;
      i += 2;
      continue;
    }
    if (SHELL_SPECIAL.has(c)) {
      return refuse(
        `'${c}' at position ${i} is shell syntax (operator, redirection, substitution or glob); no shell runs here, quote it if it is meant literally`,
      );
    }
    if (!inWord && (c === "~" || c === "#")) {
      return refuse(
        `'${c}' at the start of a word at position ${i} would be ${c === "~" ? "expanded to a home folder" : "a comment"} by a shell; quote it if it is meant literally`,
      );
    }
    word += c;
    inWord = true;
    i++;
  }
  if (inWord) argv.push(word);
  if (argv.length === 0) return refuse("the command is empty");
  return { ok: true, argv };
}

function firstControl(text: string): string | undefined {
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch === "\n" || ch === "\r") return "newlines are not allowed (one command per call)";
    if ((code < 0x20 && ch !== "\t") || code === 0x7f) {
      return `control character U+${code.toString(16).padStart(4, "0")} is not allowed`;
    }
  }
  return undefined;
}
