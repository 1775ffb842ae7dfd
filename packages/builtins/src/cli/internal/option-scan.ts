// Helpers for reading GNU-style options out of argv. Private to the CLI tool.

/** Short and long options a program accepts, for allowlist checks. */
export interface OptionAllowlist {
  /** Short options that take no value, e.g. `"alh"`. */
  readonly flags: string;
  /** Short options that take a value (attached `-n5` or the next token `-n 5`). */
  readonly withValue?: string;
  /** Long option names; a trailing `=` marks one that takes a value. */
  readonly long: readonly string[];
  /** `-5` style numeric options (head, tail). */
  readonly digits?: boolean;
  /**
   * The program reads long options only when spelled in full and without `=value` (curl):
   * abbreviations and `--name=value` are refused instead of guessed at.
   */
  readonly exactLong?: boolean;
}

/** One option as the program will read it: its full name (`-d`, `--data`) and value if any. */
interface ReadOption {
  readonly option: string;
  readonly value?: string;
}

/** What `readOptions` found: the options and operands, or the first option not allowed. */
export type OptionReading =
  | {
      readonly ok: true;
      readonly options: readonly ReadOption[];
      readonly operands: readonly string[];
    }
  | { readonly ok: false; readonly option: string; readonly reason: string };

/**
 * Reads `args` against an allowlist the way GNU getopt_long does: `--name` may be any
 * unambiguous prefix of an allowed long option (unless `exactLong`); clustered short options
 * (`-la`) are read one letter at a time; a value-taking option consumes the rest of its token
 * or the next token. Anything unknown or ambiguous is refused. After `--` everything is an
 * operand; a lone `-` is an operand.
 */
export function readOptions(args: readonly string[], spec: OptionAllowlist): OptionReading {
  const longs = spec.long.map((entry) =>
    entry.endsWith("=") ? { name: entry.slice(0, -1), value: true } : { name: entry, value: false },
  );
  const options: ReadOption[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    if (token === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (token.startsWith("--")) {
      const eq = token.indexOf("=");
      const name = eq === -1 ? token.slice(2) : token.slice(2, eq);
      if (spec.exactLong && eq !== -1) {
        return { ok: false, option: token, reason: "is not read as --name=value" };
      }
      const exact = longs.find((o) => o.name === name);
      const candidates =
        exact || spec.exactLong
          ? exact
            ? [exact]
            : []
          : longs.filter((o) => o.name.startsWith(name));
      if (candidates.length !== 1) {
        const reason = candidates.length === 0 ? "is not in the allowed set" : "is ambiguous";
        return { ok: false, option: `--${name}`, reason };
      }
      const found = candidates[0]!;
      // `--color=never`: an optional value is attached; a required one may be the next token.
      if (eq !== -1) {
        options.push({ option: `--${found.name}`, value: token.slice(eq + 1) });
      } else if (found.value) {
        options.push({ option: `--${found.name}`, value: args[++i] ?? "" });
      } else {
        options.push({ option: `--${found.name}` });
      }
      continue;
    }
    if (token.startsWith("-") && token.length > 1) {
      for (let j = 1; j < token.length; j++) {
        const letter = token[j]!;
        if (spec.digits && letter >= "0" && letter <= "9") continue;
        if (spec.flags.includes(letter)) {
          options.push({ option: `-${letter}` });
          continue;
        }
        if (spec.withValue?.includes(letter)) {
          const attached = token.slice(j + 1);
          options.push({
            option: `-${letter}`,
            value: attached !== "" ? attached : (args[++i] ?? ""),
          });
          break;
        }
        return { ok: false, option: `-${letter}`, reason: "is not in the allowed set" };
      }
      continue;
    }
    operands.push(token);
  }
  return { ok: true, options, operands };
}

/**
 * Checks `args` against an allowlist (see `readOptions`); returns why an option is refused.
 */
export function checkAllowlist(
  program: string,
  args: readonly string[],
  spec: OptionAllowlist,
): string | undefined {
  const reading = readOptions(args, spec);
  if (reading.ok) return undefined;
  const allowed = spec.long.map((entry) => `--${entry.replace(/=$/, "")}`).join(" ");
  return reading.option.startsWith("--")
    ? `${program}: option ${reading.option} ${reading.reason} (allowed: ${allowed})`
    : `${program}: option ${reading.option} ${reading.reason}`;
}

/** Denylist of a program's dangerous options. */
export interface OptionDenylist {
  /** Dangerous long option names (without `--`). Any unique-prefix abbreviation is refused too. */
  readonly long: readonly string[];
  /** Dangerous short option letters, refused anywhere in a cluster such as `-xvIgzip`. */
  readonly short?: string;
  /**
   * Short options that take a value: scanning a cluster stops at them, so `-tX` does not read
   * the value `X` as an option. Unknown letters are read as flags (the conservative choice).
   */
  readonly withValue?: string;
  /** Real long options that are a prefix of a dangerous one (`--text` vs `--textconv`). */
  readonly safeExact?: readonly string[];
}

/**
 * Returns why `token` is a dangerous option under `deny`, if it is. `--name[=value]` is refused
 * when `name` is a prefix of a dangerous long option (GNU getopt and git accept unique
 * abbreviations such as `--upload-pa=x`) unless it is exactly a known safe option.
 */
export function deniedOption(
  program: string,
  token: string,
  deny: OptionDenylist,
): string | undefined {
  if (token.startsWith("--") && token.length > 2) {
    const eq = token.indexOf("=");
    const name = eq === -1 ? token.slice(2) : token.slice(2, eq);
    if (deny.safeExact?.includes(name)) return undefined;
    const hit = deny.long.find((d) => d.startsWith(name));
    if (hit !== undefined) {
      return `${program}: option --${name}${name === hit ? "" : ` (an abbreviation of --${hit})`} is refused: it can run programs or write files`;
    }
    return undefined;
  }
  if (token.startsWith("-") && !token.startsWith("--") && deny.short) {
    for (let j = 1; j < token.length; j++) {
      const letter = token[j]!;
      if (deny.short.includes(letter)) {
        return `${program}: option -${letter} is refused: it can run programs or write files`;
      }
      if (deny.withValue?.includes(letter)) break;
    }
  }
  return undefined;
}

/** Runs `deniedOption` over every token; `--` does not hide later tokens from the check. */
export function checkDenylist(
  program: string,
  args: readonly string[],
  deny: OptionDenylist,
): string | undefined {
  for (const token of args) {
    const reason = deniedOption(program, token, deny);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

/**
 * Yields `[option, value]` for each use of the named value-taking options, in all spellings:
 * `-d v`, `-dv`, `-xd v` (cluster), `--data v`, `--data=v` and unique abbreviations of the long
 * name. `withValue` lists every short option of the program that takes a value, so a cluster is
 * cut where a value starts.
 */
export function* optionValues(
  args: readonly string[],
  shorts: string,
  longs: readonly string[],
  withValue: string,
): Generator<[string, string]> {
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    if (token.startsWith("--") && token.length > 2) {
      const eq = token.indexOf("=");
      const name = eq === -1 ? token.slice(2) : token.slice(2, eq);
      const exact = longs.find((l) => l === name);
      const hits = exact ? [exact] : longs.filter((l) => l.startsWith(name));
      if (hits.length > 0) {
        const value = eq === -1 ? (args[i + 1] ?? "") : token.slice(eq + 1);
        if (eq === -1) i++;
        yield [`--${hits[0]}`, value];
      }
      continue;
    }
    if (token.startsWith("-")) {
      for (let j = 1; j < token.length; j++) {
        const letter = token[j]!;
        if (!withValue.includes(letter) && !shorts.includes(letter)) continue;
        const attached = token.slice(j + 1);
        const value = attached !== "" ? attached : (args[i + 1] ?? "");
        if (attached === "") i++;
        if (shorts.includes(letter)) yield [`-${letter}`, value];
        break;
      }
    }
  }
}
