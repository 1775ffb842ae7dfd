// A tiny Markdown reader for the README check: just enough CommonMark to find fenced code blocks
// (``` or ~~~, indented inside lists too), their info strings and a hidden preamble comment.

/** One fenced code block of a Markdown file. */
export interface CodeBlock {
  /** 1-based line of the opening fence; the code's first line is the next one. */
  readonly line: number;
  /** The info string's first word (`ts`, `sh`, `json`), or "" for a bare fence. */
  readonly language: string;
  /** The info string's other words, e.g. `no-run`. */
  readonly flags: readonly string[];
  /** Names from a `<!-- declare: a, b -->` comment on the line before the fence. */
  readonly declares: readonly string[];
  /** The code, with the fence's indentation removed. */
  readonly code: string;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^`]*)$/;
const DECLARE = /^\s*<!--\s*declare:\s*(.*?)\s*-->\s*$/;

/**
 * The fenced code blocks of a Markdown text, in order. A block may be preceded (on the line just
 * before its fence) by `<!-- declare: a, b -->`, naming placeholders its code uses.
 *
 * @throws Error naming the line of a fence that is never closed, or of a malformed declaration.
 */
export function readmeCodeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index] ?? "");
    if (!open) continue;
    const indent = open[1]?.length ?? 0;
    const fence = open[2] ?? "";
    const [language = "", ...flags] = (open[3] ?? "").trim().split(/\s+/).filter(Boolean);
    const closing = new RegExp(`^\\s*${fence[0] === "`" ? "`" : "~"}{${fence.length},}\\s*$`);
    const code: string[] = [];
    let end = index + 1;
    while (end < lines.length && !closing.test(lines[end] ?? "")) {
      code.push(stripIndent(lines[end] ?? "", indent));
      end++;
    }
    if (end >= lines.length) {
      throw new Error(`line ${index + 1}: the code fence ${fence} is never closed`);
    }
    blocks.push({
      line: index + 1,
      language,
      flags,
      declares: declarationsBefore(lines, index),
      code: code.join("\n"),
    });
    index = end;
  }
  return blocks;
}

// Removes up to `indent` leading spaces, as CommonMark does for a fence's content.
function stripIndent(line: string, indent: number): string {
  let cut = 0;
  while (cut < indent && line[cut] === " ") cut++;
  return line.slice(cut);
}

function declarationsBefore(lines: readonly string[], fenceIndex: number): string[] {
  const previous = lines[fenceIndex - 1];
  if (previous === undefined) return [];
  const match = DECLARE.exec(previous);
  if (!match) return [];
  const names = (match[1] ?? "").split(",").map((name) => name.trim());
  for (const name of names) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) {
      throw new Error(
        `line ${fenceIndex}: ${JSON.stringify(name)} in a declare comment is not a name`,
      );
    }
  }
  return names;
}
