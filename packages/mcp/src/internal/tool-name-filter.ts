import type { LoadToolsOptions } from "../load-tools-options.js";
import { shortServerText } from "./server-text.js";

/** The longest pattern accepted: names are at most 1000 characters, so this bounds each match. */
const MAX_PATTERN_CHARS = 1000;
/** The most patterns in `include` or `exclude`. */
const MAX_PATTERNS = 1000;

/**
 * The include / exclude filter of `loadTools`, checked once and compiled. Matching a glob costs at
 * most its length times the name's: segments between `*` are found leftmost-first, with no
 * backtracking, which is exact for globs.
 */
export class ToolNameFilter {
  readonly #include: readonly Glob[] | undefined;
  readonly #exclude: readonly Glob[];

  /** @throws TypeError naming the first option or pattern that is not valid. */
  constructor(options: LoadToolsOptions) {
    if (typeof options !== "object" || options === null) {
      throw new TypeError("loadTools options must be an object");
    }
    this.#include = options.include === undefined ? undefined : globs(options.include, "include");
    this.#exclude = options.exclude === undefined ? [] : globs(options.exclude, "exclude");
  }

  /** Whether the tool with this remote name is loaded. */
  selects(remoteName: string): boolean {
    if (this.#exclude.some((glob) => glob.matches(remoteName))) return false;
    return this.#include === undefined || this.#include.some((glob) => glob.matches(remoteName));
  }
}

function globs(patterns: unknown, field: string): Glob[] {
  if (!Array.isArray(patterns)) {
    throw new TypeError(`loadTools ${field} must be an array of names or glob patterns`);
  }
  if (patterns.length > MAX_PATTERNS) {
    throw new TypeError(`loadTools ${field} has more than ${MAX_PATTERNS} patterns`);
  }
  return patterns.map((pattern, index) => {
    if (typeof pattern !== "string" || pattern === "") {
      throw new TypeError(`loadTools ${field}[${index}] must be a non-empty string`);
    }
    if (pattern.length > MAX_PATTERN_CHARS) {
      throw new TypeError(
        `loadTools ${field}[${index}] (${shortServerText(pattern)}) is longer than ${MAX_PATTERN_CHARS} characters`,
      );
    }
    return new Glob(pattern);
  });
}

/** One glob: the literal pieces between its `*`s, each of which may hold `?`. */
class Glob {
  readonly #pieces: readonly string[];
  readonly #exact: string | undefined;

  constructor(pattern: string) {
    this.#pieces = pattern.split("*");
    this.#exact = !pattern.includes("*") && !pattern.includes("?") ? pattern : undefined;
  }

  matches(name: string): boolean {
    if (this.#exact !== undefined) return name === this.#exact;
    const pieces = this.#pieces;
    const first = pieces[0]!;
    if (pieces.length === 1) return name.length === first.length && pieceAt(name, first, 0);
    const last = pieces[pieces.length - 1]!;
    if (first.length + last.length > name.length) return false;
    if (!pieceAt(name, first, 0) || !pieceAt(name, last, name.length - last.length)) return false;
    // The middle pieces, each at its leftmost place after the one before: if any placement
    // works, this one does, since a later start never leaves more room.
    let from = first.length;
    const end = name.length - last.length;
    for (let i = 1; i < pieces.length - 1; i++) {
      const piece = pieces[i]!;
      let at = from;
      while (at + piece.length <= end && !pieceAt(name, piece, at)) at++;
      if (at + piece.length > end) return false;
      from = at + piece.length;
    }
    return true;
  }
}

/** Whether `piece` (with `?` for any one character) matches `name` at `at`. */
function pieceAt(name: string, piece: string, at: number): boolean {
  for (let i = 0; i < piece.length; i++) {
    const want = piece.charCodeAt(i);
    if (want !== 63 /* ? */ && want !== name.charCodeAt(at + i)) return false;
  }
  return true;
}
