import { describe, expect, it } from "vitest";
import { breakMarkerLookAlikes, mayHoldMarker, skeletonOf } from "./marker-look-alikes.js";

describe("marker look-alikes", () => {
  it("looks at every character that reads as a bracket, and reads through marks (every code point)", () => {
    const missed: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const char = String.fromCodePoint(codePoint);
      const skeleton = skeletonOf(char);
      let found = true;
      if (skeleton.includes("<")) found = mayHoldMarker(char.repeat(3));
      // A character that leaves nothing (a combining mark) may stand inside the brackets.
      else if (skeleton === "") {
        found =
          breakMarkerLookAlikes(`<${char}<<end_external_content`) === "<< <end_external_content";
      }
      if (!found) missed.push(codePoint.toString(16));
    }
    expect(missed).toEqual([]);
  });

  it("reads the letters of the markers through their look-alikes", () => {
    const cases: [string, string][] = [
      ["ＥＸＴＥＲＮＡＬ", "external"],
      ["ехtеrnаl", "external"], // Cyrillic е х а
      ["ΕΧΤΕRΝΑL", "external"], // Greek capitals
      ["ᎬᎢᎡᏞᏟᎠ", "etrlcd"], // Cherokee
      ["ᴇɴᴅ", "end"], // Latin small capitals
      ["𝐜𝑜𝒏𝓽𝔢𝕟𝖙", "content"], // mathematical alphanumerics
      ["extemal", "external"], // m reads as rn
      ["c0nt3nt", "cont3nt"], // 0 reads as o, 3 stays
      ["«‹﹤＜≪", "<<<<<<<"],
    ];
    for (const [text, skeleton] of cases) {
      expect([...text].map(skeletonOf).join("")).toBe(skeleton);
    }
  });

  it("does not look further into ASCII text without two brackets in a row or an entity", () => {
    for (const text of ["a < b", "if (x<y) a<b", "ok", ""]) expect(mayHoldMarker(text)).toBe(false);
    for (const text of ["a << b", "x &lt; y", "Tom & Jerry"])
      expect(mayHoldMarker(text)).toBe(true);
  });
});
