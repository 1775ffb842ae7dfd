import { describe, expect, it } from "vitest";
import { clip } from "./clip.js";

describe("clip", () => {
  it.each([
    ["short text as it is", "abc", 5, "abc"],
    ["text of exactly the limit as it is", "abcde", 5, "abcde"],
    ["longer text cut with an ellipsis", "abcdef", 5, "abcde…"],
    ["the empty string", "", 0, ""],
    ["everything at a limit of 0", "ab", 0, "…"],
    ["a surrogate pair whole, dropping its first half", "ab😀c", 3, "ab…"],
    ["a surrogate pair that fits", "ab😀c", 4, "ab😀…"],
  ])("keeps %s", (_, text, max, expected) => {
    expect(clip(text, max)).toBe(expected);
  });
});
