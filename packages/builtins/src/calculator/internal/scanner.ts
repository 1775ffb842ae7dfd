import { CalculatorError } from "../calculator-error.js";

/** Token kinds (small integers so the parser's comparisons stay cheap). */
export const TOKEN = {
  end: 0,
  number: 1,
  name: 2,
  plus: 3,
  minus: 4,
  star: 5,
  slash: 6,
  doubleSlash: 7,
  percent: 8,
  power: 9,
  open: 10,
  close: 11,
  comma: 12,
} as const;

export type TokenKind = (typeof TOKEN)[keyof typeof TOKEN];

const TOKEN_TEXT: readonly string[] = [
  "end of input",
  "number",
  "name",
  "'+'",
  "'-'",
  "'*'",
  "'/'",
  "'//'",
  "'%'",
  "'**'",
  "'('",
  "')'",
  "','",
];

/** How a token kind is named in error messages. */
export function describeToken(kind: TokenKind): string {
  return TOKEN_TEXT[kind]!;
}

// Why a printable ASCII character that starts no token is refused.
const REFUSED_ASCII: ReadonlyMap<string, string> = new Map([
  ["=", "assignment and comparison ('=') are not supported"],
  ["<", "comparisons ('<') are not supported"],
  [">", "comparisons ('>') are not supported"],
  ["!", "'!' is not supported (no comparisons or factorial)"],
  ["&", "bitwise operators ('&') are not supported"],
  ["|", "bitwise operators ('|') are not supported"],
  ["^", "'^' is not supported: write '**' for powers"],
  ["~", "bitwise operators ('~') are not supported"],
  ["@", "'@' is not supported"],
  ["'", "strings are not supported"],
  ['"', "strings are not supported"],
  ["`", "'`' is not supported"],
  ["[", "indexing and lists ('[') are not supported"],
  ["]", "indexing and lists (']') are not supported"],
  ["{", "sets and dictionaries ('{') are not supported"],
  ["}", "sets and dictionaries ('}') are not supported"],
  [".", "member access ('.') is not supported: call functions directly, e.g. sqrt(2)"],
  [";", "statements (';') are not supported: give one expression"],
  [":", "':' is not supported (no slices, lambdas or assignments)"],
  ["#", "comments ('#') are not supported"],
  ["\\", "'\\' is not supported"],
  ["$", "'$' is not supported"],
  ["?", "'?' is not supported"],
]);

// Look-alikes a model may type, with the ASCII to use instead.
const LOOKALIKES: ReadonlyMap<number, string> = new Map([
  [0x2212, "-"], // minus sign
  [0x2013, "-"], // en dash
  [0x2014, "-"], // em dash
  [0x00d7, "*"], // multiplication sign
  [0x22c5, "*"], // dot operator
  [0x00b7, "*"], // middle dot
  [0x2217, "*"], // asterisk operator
  [0x00f7, "/"], // division sign
  [0x2215, "/"], // division slash
  [0x2044, "/"], // fraction slash
  [0xff0b, "+"], // fullwidth plus
  [0xff0d, "-"], // fullwidth hyphen-minus
  [0xff0a, "*"], // fullwidth asterisk
  [0xff0f, "/"], // fullwidth solidus
  [0xff05, "%"], // fullwidth percent
  [0xff08, "("], // fullwidth parentheses
  [0xff09, ")"],
  [0xff0c, ","], // fullwidth comma
  [0xff0e, "."], // fullwidth full stop
  [0x03c0, "pi"], // greek small letter pi
  [0x221a, "sqrt(...)"], // square root
  [0x00b2, "**2"], // superscript two
  [0x00b3, "**3"], // superscript three
  [0x00a0, "a space"], // no-break space
]);

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isNamePart(c: number): boolean {
  return isNameStart(c) || isDigit(c);
}

function isRadixDigit(c: number, radix: number): boolean {
  if (radix === 16) return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
  return c >= 48 && c < 48 + radix;
}

/**
 * Internal: a forward-only tokenizer of Python's arithmetic subset. Every step moves `end`
 * forward and looks at each character a bounded number of times, so scanning is linear in the
 * input whatever it contains. `next()` throws `CalculatorError` for anything outside the subset.
 */
export class Scanner {
  /** Kind of the current token. */
  kind: TokenKind = TOKEN.end;
  /** 0-based offset of the current token's first character. */
  start = 0;
  /** 0-based offset just past the current token. */
  end = 0;
  /** Value of the current number token. */
  value = 0;

  readonly #maxNumberLength: number;

  constructor(
    readonly source: string,
    maxNumberLength: number,
  ) {
    this.#maxNumberLength = maxNumberLength;
  }

  /** Moves to the next token. */
  next(): void {
    const src = this.source;
    const length = src.length;
    let i = this.end;
    let c = 0;
    while (i < length) {
      c = src.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) break;
      i++;
    }
    this.start = i;
    if (i >= length) {
      this.kind = TOKEN.end;
      this.end = i;
      return;
    }
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(i + 1)))) {
      if (!this.#scanShortDecimal(i)) this.#scanNumber(i);
      return;
    }
    if (isNameStart(c)) {
      let j = i + 1;
      while (j < length && isNamePart(src.charCodeAt(j))) j++;
      this.kind = TOKEN.name;
      this.end = j;
      return;
    }
    let kind: TokenKind;
    let width = 1;
    switch (c) {
      case 43:
        kind = TOKEN.plus;
        break;
      case 45:
        kind = TOKEN.minus;
        break;
      case 42:
        if (src.charCodeAt(i + 1) === 42) {
          kind = TOKEN.power;
          width = 2;
        } else {
          kind = TOKEN.star;
        }
        break;
      case 47:
        if (src.charCodeAt(i + 1) === 47) {
          kind = TOKEN.doubleSlash;
          width = 2;
        } else {
          kind = TOKEN.slash;
        }
        break;
      case 37:
        kind = TOKEN.percent;
        break;
      case 40:
        kind = TOKEN.open;
        break;
      case 41:
        kind = TOKEN.close;
        break;
      case 44:
        kind = TOKEN.comma;
        break;
      default:
        throw this.#refuse(i);
    }
    this.kind = kind;
    this.end = i + width;
  }

  /** The text of the current token. */
  text(): string {
    return this.source.slice(this.start, this.end);
  }

  #refuse(i: number): CalculatorError {
    const src = this.source;
    const position = i + 1;
    const c = src.codePointAt(i)!;
    if (c < 128) {
      const char = src[i]!;
      const why = REFUSED_ASCII.get(char);
      if (why !== undefined) {
        return new CalculatorError("unsupported", `${why} (position ${position})`, position);
      }
      return new CalculatorError(
        "syntax",
        `syntax error at position ${position}: unexpected character U+${hex(c)}`,
        position,
      );
    }
    const code = `U+${hex(c)}`;
    let hint = LOOKALIKES.get(c);
    if (hint === undefined && c >= 0xff10 && c <= 0xff19) hint = String(c - 0xff10);
    const use = hint === undefined ? "" : `; use ${hint.length === 1 ? `'${hint}'` : hint}`;
    return new CalculatorError(
      "unsupported",
      `non-ASCII character ${code} at position ${position} is not allowed: write numbers, operators and names in ASCII${use}`,
      position,
    );
  }

  #invalidNumber(start: number, why: string): CalculatorError {
    const position = start + 1;
    return new CalculatorError(
      "syntax",
      `syntax error at position ${position}: invalid number (${why})`,
      position,
    );
  }

  /**
   * The common case, `123.45` with at most 15 digits, read in one pass without making a string:
   * the digits form an exact integer below 2**53, and one division by an exact power of ten rounds
   * correctly (Clinger's fast path). Returns false, having changed nothing, for anything else
   * (separators, exponents, prefixes, leading zeros, errors), which `scanNumber` then reads.
   */
  #scanShortDecimal(start: number): boolean {
    const src = this.source;
    let j = start;
    let mantissa = 0;
    let digits = 0;
    let fractionDigits = -1;
    for (;;) {
      const c = src.charCodeAt(j);
      if (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        digits++;
        if (fractionDigits >= 0) fractionDigits++;
      } else if (c === 46 && fractionDigits < 0) {
        fractionDigits = 0;
      } else {
        break;
      }
      j++;
    }
    const after = src.charCodeAt(j);
    if (
      digits > 15 ||
      j - start > this.#maxNumberLength ||
      isNamePart(after) || // `_`, exponent, `j`, a prefix like 0x, or a name glued on
      after === 46 ||
      (fractionDigits < 0 && digits > 1 && src.charCodeAt(start) === 48) // leading zeros
    ) {
      return false;
    }
    this.kind = TOKEN.number;
    this.value = fractionDigits > 0 ? mantissa / POWERS_OF_TEN[fractionDigits]! : mantissa;
    this.end = j;
    return true;
  }

  /** Python numeric literals: decimal with `_` separators, fractions, exponents, 0x/0o/0b. */
  #scanNumber(start: number): void {
    const src = this.source;
    let j = start;
    let value: number | undefined;
    const second = src.charCodeAt(start + 1) | 0x20; // lower case
    if (src.charCodeAt(start) === 48 && (second === 120 || second === 111 || second === 98)) {
      const radix = second === 120 ? 16 : second === 111 ? 8 : 2;
      j += 2;
      const digitsStart = j;
      for (;;) {
        if (src.charCodeAt(j) === 95) j++; // one '_' before each digit group
        if (!isRadixDigit(src.charCodeAt(j), radix)) break;
        while (isRadixDigit(src.charCodeAt(j), radix)) j++;
      }
      if (j === digitsStart || src.charCodeAt(j - 1) === 95) {
        throw this.#invalidNumber(start, `'${src.slice(start, start + 2)}' needs digits`);
      }
      this.#checkNumberEnd(start, j);
      const digits = src.slice(digitsStart, j).replaceAll("_", "");
      // BigInt reads any length exactly; converting it to a Number rounds correctly once.
      value = Number(BigInt(`0${String.fromCharCode(second)}${digits}`));
    } else {
      let isInteger = true;
      if (src.charCodeAt(j) !== 46) j = this.#scanDigits(j);
      if (src.charCodeAt(j) === 46) {
        isInteger = false;
        j++;
        if (isDigit(src.charCodeAt(j))) j = this.#scanDigits(j);
      }
      const e = src.charCodeAt(j) | 0x20;
      if (e === 101) {
        let k = j + 1;
        const sign = src.charCodeAt(k);
        if (sign === 43 || sign === 45) k++;
        if (!isDigit(src.charCodeAt(k)))
          throw this.#invalidNumber(start, "the exponent needs digits");
        j = this.#scanDigits(k);
        isInteger = false;
      }
      this.#checkNumberEnd(start, j);
      if (isInteger && j - start > 1 && src.charCodeAt(start) === 48) {
        for (let k = start + 1; k < j; k++) {
          const c = src.charCodeAt(k);
          if (c >= 49 && c <= 57) {
            throw this.#invalidNumber(
              start,
              "leading zeros are not allowed in integers; write 0o7 for octal",
            );
          }
        }
      }
      const text = src.slice(start, j);
      value = Number(text.includes("_") ? text.replaceAll("_", "") : text);
    }
    if (!Number.isFinite(value)) {
      throw new CalculatorError(
        "overflow",
        `number at position ${start + 1} is too large for a 64-bit float`,
        start + 1,
      );
    }
    this.kind = TOKEN.number;
    this.value = value;
    this.end = j;
  }

  /** Digits with single `_` between them; `j` is at a digit. */
  #scanDigits(j: number): number {
    const src = this.source;
    for (;;) {
      while (isDigit(src.charCodeAt(j))) j++;
      if (src.charCodeAt(j) === 95 && isDigit(src.charCodeAt(j + 1))) j += 2;
      else return j;
    }
  }

  #checkNumberEnd(start: number, end: number): void {
    const c = this.source.charCodeAt(end);
    if ((c | 0x20) === 106) {
      throw new CalculatorError(
        "unsupported",
        `complex numbers are not supported (position ${start + 1})`,
        start + 1,
      );
    }
    if (isNamePart(c) || c === 46) {
      throw this.#invalidNumber(start, `unexpected '${this.source[end]}' after the number`);
    }
    if (end - start > this.#maxNumberLength) {
      throw new CalculatorError(
        "number_too_long",
        `number at position ${start + 1} is too long: ${end - start} characters, the limit is ${this.#maxNumberLength}`,
        start + 1,
      );
    }
  }
}

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);

function hex(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, "0");
}
