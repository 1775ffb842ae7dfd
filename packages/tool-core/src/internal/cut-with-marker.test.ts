import { describe, expect, it } from "vitest";
import { cutWithMarker } from "./cut-with-marker.js";

const marker = (cut: number, total: number) => `[-${cut}/${total}]`;

describe("cutWithMarker", () => {
  it.each([
    ["text that fits as it is", "abcdef", 6, "abcdef", 6],
    ["marker included in the budget", "a".repeat(20), 12, `${"a".repeat(4)}[-16/20]`, 4],
    // The first round sizes the marker for 100 cut (10 chars) and keeps 10; 90 cut needs only 9.
    [
      "the marker's length settled in two rounds",
      "a".repeat(100),
      20,
      `${"a".repeat(11)}[-89/100]`,
      11,
    ],
    ["only the marker when it alone overflows", "a".repeat(20), 3, "[-20/20]", 0],
    ["a surrogate pair whole", `abc😀${"z".repeat(20)}`, 12, "abc[-22/25]", 3],
  ])("gives %s", (_, text, max, expected, kept) => {
    expect(cutWithMarker(text, max, marker)).toEqual({ text: expected, keptChars: kept });
  });
});
