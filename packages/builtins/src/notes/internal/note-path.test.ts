import { describe, expect, it } from "vitest";
import { isAddressableName, isWithinRoot, parseNotePath } from "./note-path.js";

describe("isWithinRoot", () => {
  it("compares by path segments, never by string prefix", () => {
    expect(isWithinRoot("/d/notes", "/d/notes")).toBe(true);
    expect(isWithinRoot("/d/notes", "/d/notes/a/b.md")).toBe(true);
    expect(isWithinRoot("/d/notes", "/d/notes_evil")).toBe(false);
    expect(isWithinRoot("/d/notes", "/d/notes_evil/x.md")).toBe(false);
    expect(isWithinRoot("/d/notes", "/d")).toBe(false);
    expect(isWithinRoot("/d/notes", "/etc/passwd")).toBe(false);
  });
});

describe("parseNotePath", () => {
  it("splits a valid path into NFC segments", () => {
    expect(parseNotePath("a/cafe\u0301.md", "file", [".md"])).toEqual({
      segments: ["a", "caf\u00e9.md"],
      display: "a/caf\u00e9.md",
    });
  });

  it("accepts '', '.' and './' as the root for folders only", () => {
    for (const path of ["", ".", "./"]) {
      expect(parseNotePath(path, "folder", [".md"])).toEqual({ segments: [], display: "." });
    }
    expect(() => parseNotePath(".", "file", [".md"])).toThrow(/'\.' segments/);
  });

  it("does not apply extensions to folders", () => {
    expect(parseNotePath("drafts/2024", "folder", [".md"]).segments).toEqual(["drafts", "2024"]);
  });
});

describe("isAddressableName", () => {
  it.each([
    ["note.md", true],
    [".hidden", false],
    ["cafe\u0301.md", false],
    ["a:b", false],
    ["a\\b", false],
    ["~x", false],
    ["a\tb", false],
    ["n".repeat(256), false],
  ])("%j -> %s", (name, expected) => {
    expect(isAddressableName(name)).toBe(expected);
  });
});
