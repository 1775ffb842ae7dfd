import { Buffer } from "node:buffer";

// Finds what a model would read as one of the guard's markers (`<<<external_content` or
// `<<<end_external_content`) however it is spelled: fullwidth or small-form brackets, angle
// quotation marks, Cyrillic, Greek, Cherokee or mathematical letters, small capitals, accents and
// combining marks, HTML entities for "<". Text is compared by a skeleton in the spirit of Unicode
// UTS #39: each character is compatibility-decomposed (NFKD), its marks dropped, mapped to the
// ASCII it looks like, and lower-cased.

/**
 * Characters that look like the ASCII the markers are spelled with and that NFKD does not already
 * turn into it, as hex code points by what they look like. Derived from Unicode's confusables.txt
 * 13.0 (UTS #39): the characters whose skeleton, after NFKD and with marks dropped, is made of the
 * letters of "end_external_content", "_", "-" or "<" (sequences such as "rn" for "m" included),
 * with their upper- and lower-case forms; plus Latin small capitals and angle brackets that
 * confusables.txt leaves out but a reader takes for the letter or for "<" (« 〈 ⟨ 《 ⟪ ❬ ❰ ⧼,
 * ᴇ ɴ ᴅ ʀ ʟ ᴛ ᴀ, and the epsilons ε ɛ є Ɛ Є). Keeping only these, not the whole table, keeps
 * the registry's import cheap.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  "-":
    "2d7 6d4 2010 2011 2012 2013 2043 207b 208b 2212 2238 2796 2a29 2a2a 2cba 2cbb 2e1a " +
    "fb29 fe32 fe58",
  "<":
    "2c2 1438 16b2 2039 2329 276c 276e 2770 27e8 29fc 3008 304f 3050 31db fe3f ff3e 1d236 " +
    "21fe8",
  "<<": "ab 226a 27ea 300a fe3d",
  "<<<": "22d8",
  _: "7fa",
  a:
    "251 386 391 3ac 3b1 410 430 4d0 4d1 4d2 4d3 13aa 15c5 1d00 1d45 1e9a 1f00 1f01 1f02 " +
    "1f03 1f04 1f05 1f06 1f07 1f08 1f09 1f0a 1f0b 1f0c 1f0d 1f0e 1f0f 1f70 1f71 1f80 1f81 " +
    "1f82 1f83 1f84 1f85 1f86 1f87 1f88 1f89 1f8a 1f8b 1f8c 1f8d 1f8e 1f8f 1fb0 1fb1 1fb2 " +
    "1fb3 1fb4 1fb6 1fb7 1fb8 1fb9 1fba 1fbb 1fbc 2376 237a 2c6d a4ee ab7a 102a0 16f40 " +
    "1d6a8 1d6c2 1d6e2 1d6fc 1d71c 1d736 1d756 1d770 1d790 1d7aa 1e030 1e051",
  c:
    "a2 23b 23c 3f2 3f9 421 441 4aa 4ab 13df 1c83 1d04 20a1 2ca4 2ca5 a4da abaf ffe0 " +
    "102a2 10302 10415 1043d 1051c 118e9 118f2 1e03f 1e05e 1e06b 1f16e 1f74c",
  d:
    "d0 110 111 189 18b 18c 256 257 500 501 13a0 13e7 146f 15de 15ea 1d05 20ab a4d2 a4d3 " +
    "ab70 abb7 1078b 1078c",
  e:
    "246 247 388 395 400 401 415 435 450 451 4bc 4bd 4be 4bf 4d6 4d7 13ac 1d07 1f18 1f19 " +
    "1f1a 1f1b 1f1c 1f1d 1fc8 1fc9 212e 22ff 2d39 a4f0 ab32 ab7c 10286 118a6 118ae 1d6ac " +
    "1d6e6 1d720 1d75a 1d794 1e035 1e056 " +
    "3b5 25b 454 190 404",
  l:
    "141 142 196 197 19a 1c0 23d 26b 26d 29f 38a 399 3aa 406 407 4c0 5c0 5d5 5df 622 625 " +
    "627 661 673 6f1 7ca 13de 14aa 16c1 1da9 1dab 1f38 1f39 1f3a 1f3b 1f3c 1f3d 1f3e 1f3f " +
    "1fd8 1fd9 1fda 1fdb 2223 2224 23fd 2c62 2c92 2c93 2cd0 2cd1 2d4f a4e1 a4f2 ab5e abae " +
    "fb35 fb4b fd3c fd3d fe81 fe82 fe87 fe88 fe8d fe8e ffe8 1028a 10309 10320 1041b 10443 " +
    "10526 107b6 118a3 118b2 118d2 16f16 16f28 1d22a 1d6b0 1d6ea 1d724 1d75e 1d798 1e8c7 " +
    "1ee00 1ee80",
  n:
    "19d 19e 220 272 273 274 39d 3ae 3b7 548 578 57c 1260 144e 1d70 1dae 1daf 1db0 1f20 " +
    "1f21 1f22 1f23 1f24 1f25 1f26 1f27 1f74 1f75 1f90 1f91 1f92 1f93 1f94 1f95 1f96 1f97 " +
    "1fc2 1fc3 1fc4 1fc6 1fc7 2229 22c2 2c9a 2c9b a4e0 a4f5 1018e 10513 1d245 1d6b4 1d6c8 " +
    "1d6ee 1d702 1d728 1d73c 1d762 1d776 1d79c 1d7b0",
  o:
    "d8 f8 19f 1fe 1ff 275 38c 398 39f 3b8 3bf 3c3 3cc 3d1 3f4 41e 43e 472 473 4e6 4e7 " +
    "4e8 4e9 4ea 4eb 555 585 5e1 647 665 6be 6c0 6c1 6c2 6d5 6f5 6ff 7c0 966 9e6 a66 ae6 " +
    "b20 b66 be6 c02 c66 c82 ce6 d02 d20 d66 d82 e50 ed0 1010 101d 1040 10ff 12d0 13be " +
    "13eb 1c82 1cbf 1d0f 1d11 1db1 1dbf 1f40 1f41 1f42 1f43 1f44 1f45 1f48 1f49 1f4a 1f4b " +
    "1f4c 1f4d 1f78 1f79 1ff8 1ff9 2296 229d 236c 2c9e 2c9f 2d31 2d41 2d54 3007 a4f3 a74a " +
    "a74b ab3d ab3e ab74 ab8e abbb fb41 fba4 fba5 fba6 fba7 fba8 fba9 fbaa fbab fbac fbad " +
    "fcd9 fee9 feea feeb feec 10292 102ab 10404 1042c 104c2 104ea 10516 107a2 114d0 118b5 " +
    "118c8 118d7 118e0 1d21a 1d6af 1d6b6 1d6b9 1d6c9 1d6d0 1d6d4 1d6dd 1d6e9 1d6f0 1d6f3 " +
    "1d703 1d70a 1d70e 1d717 1d723 1d72a 1d72d 1d73d 1d744 1d748 1d751 1d75d 1d764 1d767 " +
    "1d777 1d77e 1d782 1d78b 1d797 1d79e 1d7a1 1d7b1 1d7b8 1d7bc 1d7c5 1e03c 1e04e 1e05c " +
    "1ee24 1ee64 1ee84 1f714",
  r:
    "1a6 24c 24d 27c 27d 280 433 453 493 13a1 13d2 1587 1d26 1d72 2c64 2c85 a4e3 ab47 " +
    "ab48 ab71 ab81 aba2 104b4 104dc 107a8 107aa 16f35 1d216 1e033 1e054",
  rn:
    "b5 271 39c 3bc 3fa 3fb 41c 4cd 13b7 15f0 16d6 1d6f 1dac 20a5 2c6e 2c98 2c99 a4df " +
    "102b0 10311 11700 118e3 1d6b3 1d6cd 1d6ed 1d707 1d727 1d741 1d761 1d77b 1d79b 1d7b5",
  rna: "3382",
  t:
    "166 167 1ad 1ae 23e 288 3a4 3c4 422 442 4ac 4ad 13a2 1c84 1c85 1d1b 1d75 20ae 22a4 " +
    "2361 27d9 2c66 2ca6 2ca7 a4d4 ab72 10297 102b1 10315 107af 118bc 16f0a 1d6bb 1d6d5 " +
    "1d6f5 1d70f 1d72f 1d749 1d769 1d783 1d7a3 1d7bd 1e040 1f768",
  x:
    "d7 3a7 3c7 425 445 4b2 4b3 1541 157d 166d 166e 16b7 1d61 1d6a 2573 292b 292c 2a2f " +
    "2a30 2cac 2cad 2d5d a4eb a7b3 ab53 ab55 10196 10290 102b4 10317 10322 10527 118ec " +
    "1d6be 1d6d8 1d6f8 1d712 1d732 1d74c 1d76c 1d786 1d7a6 1d7c0 1e043 1e061",
};

let lookAlikes: Map<number, string> | undefined;

// Built on the first text that needs it: most text never does, and importing stays cheap.
function lookAlikeOf(codePoint: number): string | undefined {
  if (lookAlikes === undefined) {
    lookAlikes = new Map();
    for (const [ascii, codes] of Object.entries(LOOK_ALIKES)) {
      for (const hex of codes.split(" ")) lookAlikes.set(Number.parseInt(hex, 16), ascii);
    }
  }
  return lookAlikes.get(codePoint);
}

// ASCII look-alikes: "I", "|" and "1" read as "l", "0" as "o", "m" as "rn" (confusables.txt).
const ASCII_SKELETON = Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  if (char === "I" || char === "|" || char === "1") return "l";
  if (char === "0") return "o";
  const lower = char.toLowerCase();
  return lower === "m" ? "rn" : lower;
});

const MARKS = /\p{M}/gu;

/** The skeleton of one character: what it looks like, in lower-case ASCII where it can be. */
export function skeletonOf(char: string): string {
  const codePoint = char.codePointAt(0) ?? 0;
  if (codePoint < 0x80) return ASCII_SKELETON[codePoint] ?? char;
  const lookAlike = lookAlikeOf(codePoint);
  if (lookAlike !== undefined) return lookAlike;
  const decomposed = char.normalize("NFKD").replace(MARKS, "");
  if (decomposed === char) return char;
  let skeleton = "";
  for (const part of decomposed) {
    const code = part.charCodeAt(0);
    // An accented letter decomposes to one that may itself be a look-alike (έ to ε).
    skeleton += code < 0x80 ? (ASCII_SKELETON[code] ?? part) : (lookAlikeOf(code) ?? part);
  }
  return skeleton;
}

// "<" written as an HTML entity, which a model reads as "<" (the semicolon is optional in HTML).
const LESS_THAN_ENTITY = /&(?:[lL][tT]|#0*60(?![0-9])|#[xX]0*3[cC](?![0-9a-fA-F]));?/y;

// The UTF-16 code units that may start a marker: every character whose skeleton holds "<" (the
// two astral ones by their high surrogate; a test checks this list against skeletonOf for every
// code point), and "&" of the entities.
const BRACKET_UNITS = [
  0x3c, 0x26, 0xab, 0x2c2, 0x1438, 0x16b2, 0x2039, 0x226a, 0x226e, 0x22d8, 0x2329, 0x276c, 0x276e,
  0x2770, 0x27e8, 0x27ea, 0x29fc, 0x3008, 0x300a, 0x304f, 0x3050, 0x31db, 0xfe3d, 0xfe3f, 0xfe64,
  0xff1c, 0xff3e, 0xd834, 0xd847,
];
const HAS_BRACKET = new RegExp(
  `[${BRACKET_UNITS.map((unit) => `\\u${unit.toString(16).padStart(4, "0")}`).join("")}]`,
);
let isBracket: Uint8Array | undefined;

// A flag for each UTF-16 code unit, made on the first text with a bracket.
function bracketFlags(): Uint8Array {
  if (isBracket === undefined) {
    isBracket = new Uint8Array(0x10000);
    for (const unit of BRACKET_UNITS) isBracket[unit] = 1;
  }
  return isBracket;
}

// What may follow the brackets, on the skeleton: optional "end", "external" and "content", apart
// or joined by spaces, "_" or "-". The words have 18 letters: reading stops after that.
const WORDS = /^\s*(end[\s_-]*)?external[\s_-]*content/;
const BRACKET_SKELETON = /^<*$/;
const WORD_SKELETON = /^[a-z\s_-]*$/;
const WORD_LETTERS = 18;

/** True when `text` may hold a marker look-alike; false means it certainly does not. */
export function mayHoldMarker(text: string): boolean {
  // ASCII text (one UTF-8 byte a character) spells "<" only as "<" or an entity, and a marker
  // needs three "<" in a row: two quick searches, about twice as fast as one regular expression.
  if (Buffer.byteLength(text) === text.length) return text.includes("<<") || text.includes("&");
  return HAS_BRACKET.test(text);
}

/**
 * Replaces every marker look-alike in `text` by the plain, broken-up `<< <external_content` or
 * `<< <end_external_content`. The replacement is fixed ASCII and the character before a match
 * is never a "<" look-alike (the match would have started there), so the result holds no marker
 * look-alike: nothing is removed that could join two halves of one.
 */
export function breakMarkerLookAlikes(text: string): string {
  if (!mayHoldMarker(text)) return text;
  let result = "";
  let copied = 0;
  const flags = bracketFlags();
  let index = 0;
  while (index < text.length) {
    if (flags[text.charCodeAt(index)] !== 1) {
      index++;
      continue;
    }
    const marker = markerAt(text, index);
    if (typeof marker === "number") {
      index = Math.max(marker, index + 1);
      continue;
    }
    result += text.slice(copied, index);
    result += marker.closing ? "<< <end_external_content" : "<< <external_content";
    copied = marker.end;
    index = marker.end;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/**
 * Reads the bracket run at `start` and the words after it. Returns where the marker look-alike
 * ends, or, when there is none, where the bracket run ends (the next search starts there).
 */
function markerAt(text: string, start: number): { end: number; closing: boolean } | number {
  let index = start;
  let brackets = 0;
  while (index < text.length) {
    // Most brackets are "<" followed by a tag name: ASCII needs no skeleton.
    const code = text.charCodeAt(index);
    if (code === 0x3c) {
      brackets++;
      index++;
      continue;
    }
    if (code < 0x80 && code !== 0x26) break;
    const { skeleton, length } = unitAt(text, index);
    if (!BRACKET_SKELETON.test(skeleton)) break;
    brackets += skeleton.length;
    index += length;
  }
  const runEnd = index;
  if (brackets < 3) return runEnd;
  let words = "";
  let letters = 0;
  const ends: number[] = []; // for each character of `words`, where its source character ends
  while (index < text.length && letters <= WORD_LETTERS) {
    const { skeleton, length } = unitAt(text, index);
    if (!WORD_SKELETON.test(skeleton)) break;
    index += length;
    for (const char of skeleton) {
      ends.push(index);
      if (char >= "a" && char <= "z") letters++;
    }
    words += skeleton;
  }
  const match = WORDS.exec(words);
  if (match === null) return runEnd;
  return { end: ends[match[0].length - 1] ?? index, closing: match[1] !== undefined };
}

/** The skeleton of the character or "<" entity at `index`, and how many code units it takes. */
function unitAt(text: string, index: number): { skeleton: string; length: number } {
  if (text.charCodeAt(index) === 0x26) {
    LESS_THAN_ENTITY.lastIndex = index;
    const entity = LESS_THAN_ENTITY.exec(text);
    if (entity !== null) return { skeleton: "<", length: entity[0].length };
  }
  const codePoint = text.codePointAt(index) ?? 0;
  const char = String.fromCodePoint(codePoint);
  return { skeleton: skeletonOf(char), length: char.length };
}
