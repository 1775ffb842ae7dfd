import { describe, expect, it } from "vitest";
import {
  hasAllowedExtension,
  isAddressableName,
  isWithinRoot,
  parseNotePath,
  quote,
} from "./note-path.js";
import { NotesFailure } from "./notes-failure.js";

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

const EXT = [".md", ".txt"];

/** The failure `parseNotePath` throws for `raw`, as code and message. */
function refusal(raw: unknown, kind: "file" | "folder" = "file", extensions = EXT) {
  try {
    parseNotePath(raw, kind, extensions);
  } catch (error) {
    expect(error).toBeInstanceOf(NotesFailure);
    return { code: (error as NotesFailure).code, message: (error as Error).message };
  }
  throw new Error(`${JSON.stringify(raw)} was accepted`);
}

describe("parseNotePath refuses each class of bad path with its own reason", () => {
  const seg = (n: number) => "s".repeat(n);
  it.each<[label: string, raw: unknown, message: string]>([
    ["a number", 7, "'path' must be a string, got number"],
    ["null", null, "'path' must be a string, got null"],
    ["an array", ["a.md"], "'path' must be a string, got object"],
    ["a NUL byte", "a\u0000.md", "path contains a NUL byte"],
    ["the first control character", "a\u0001.md", "path contains control characters"],
    ["the last C0 control", "a\u001f.md", "path contains control characters"],
    ["DEL", "a\u007f.md", "path contains control characters"],
    ["the first C1 control", "a\u0080.md", "path contains control characters"],
    ["the last C1 control", "a\u009f.md", "path contains control characters"],
    ["a zero-width space", "a\u200b.md", "path contains invisible or text-direction characters"],
    [
      "a right-to-left override",
      "\u202edm.a",
      "path contains invisible or text-direction characters",
    ],
    ["a file named by nothing", "", "path is empty; give a file name such as 'todo.md'"],
    ["a file named '.'", ".", "'.' segments are not allowed; write the path without them"],
    ["a file named './'", "./", "'.' segments are not allowed; write the path without them"],
    [
      "a '.' segment inside",
      "a/./b.md",
      "'.' segments are not allowed; write the path without them",
    ],
    ["'..'", "../x.md", "'..' is not allowed: paths cannot leave the notes folder"],
    ["'..' deeper", "a/../../x.md", "'..' is not allowed: paths cannot leave the notes folder"],
    [
      "an absolute path",
      "/etc/x.md",
      "absolute paths are not allowed; give a path relative to the notes folder",
    ],
    [
      "a home folder",
      "~/x.md",
      "'~' (a home folder) is not allowed; give a path relative to the notes folder",
    ],
    ["a backslash", "a\\x.md", "backslashes are not allowed in paths; use '/'"],
    ["a colon", "c:x.md", "colons are not allowed in paths"],
    ["a doubled slash", "a//x.md", "path has an empty segment ('//' or a trailing '/')"],
    ["a trailing slash on a file", "x.md/", "path has an empty segment ('//' or a trailing '/')"],
    ["a hidden name", ".env.md", "hidden names (starting with '.') are not allowed: \".env.md\""],
    ["a hidden folder", ".git/x.md", "hidden names (starting with '.') are not allowed: \".git\""],
    [
      "two dots then a name",
      "..x.md",
      "hidden names (starting with '.') are not allowed: \"..x.md\"",
    ],
    [
      "a name of 256 bytes",
      `${seg(253)}.md`,
      `name "${seg(60)}…" is too long (256 bytes; the limit is 255)`,
    ],
    [
      "a name of 256 bytes in 128 characters",
      `${"é".repeat(127)}.md`,
      `name "${"é".repeat(60)}…" is too long (257 bytes; the limit is 255)`,
    ],
    [
      "1,025 bytes",
      `${`${seg(200)}/`.repeat(5)}${seg(17)}.md`,
      "path is too long (1025 bytes; the limit is 1024)",
    ],
    [
      "1,025 bytes of two-byte characters",
      `${`${"é".repeat(200)}/`.repeat(2)}${"é".repeat(110)}.md`,
      "path is too long (1025 bytes; the limit is 1024)",
    ],
    [
      "4,097 characters",
      "x".repeat(4097),
      "path is too long (4097 characters; the limit is 1024 bytes)",
    ],
    ["4,096 characters", "x".repeat(4096), "path is too long (4096 bytes; the limit is 1024)"],
    [
      "33 levels",
      `${"d/".repeat(32)}x.md`,
      "path is nested too deeply (33 levels; the limit is 32)",
    ],
    [
      "a file without an allowed extension",
      "notes.doc",
      '"notes.doc" does not end with an allowed extension (.md, .txt)',
    ],
    [
      "a file that is only the extension",
      "a/.md",
      "hidden names (starting with '.') are not allowed: \".md\"",
    ],
  ])("%s", (_label, raw, message) => {
    const failure = refusal(raw);
    expect(failure.message).toBe(message);
    expect(failure.code).toBe(typeof raw === "string" ? "invalid_path" : "invalid_arguments");
  });

  it("says when no extension at all is allowed", () => {
    expect(refusal("a.md", "file", []).message).toBe(
      "no file extensions are allowed by this notes tool",
    );
  });

  it("refuses for folders what it refuses for files, but the empty root", () => {
    expect(refusal("a//b", "folder").message).toMatch(/empty segment/);
    expect(refusal("a/", "file").message).toMatch(/empty segment/);
    expect(refusal("a//", "folder").message).toMatch(/empty segment/);
    expect(refusal("../", "folder").message).toMatch(/'\.\.' is not allowed/);
    expect(refusal(".", "file").message).toMatch(/'\.' segments/);
  });
});

describe("parseNotePath accepts what is within every limit", () => {
  it.each<[label: string, raw: string, kind: "file" | "folder", segments: string[]]>([
    ["a name of 255 bytes", `${"n".repeat(252)}.md`, "file", [`${"n".repeat(252)}.md`]],
    [
      "1,024 bytes",
      `${`${"p".repeat(200)}/`.repeat(5)}${"p".repeat(16)}.md`,
      "file",
      [...Array(5).fill("p".repeat(200)), `${"p".repeat(16)}.md`],
    ],
    ["32 levels", `${"d/".repeat(31)}x.md`, "file", [...Array(31).fill("d"), "x.md"]],
    ["a folder with one trailing slash", "drafts/", "folder", ["drafts"]],
    ["a nested folder with a trailing slash", "a/bc/", "folder", ["a", "bc"]],
    ["a no-break space and a tilde inside a name", "a\u00a0b~c.txt", "file", ["a\u00a0b~c.txt"]],
    ["two dots inside a name", "a..b.md", "file", ["a..b.md"]],
    ["an upper-case extension", "A.MD", "file", ["A.MD"]],
  ])("%s", (_label, raw, kind, segments) => {
    expect(parseNotePath(raw, kind, EXT)).toEqual({ segments, display: segments.join("/") });
  });
});

describe("hasAllowedExtension", () => {
  it.each<[name: string, extensions: string[], expected: boolean]>([
    ["a.md", [".md"], true],
    ["A.MD", [".md"], true],
    ["a.md", [".MD"], true],
    ["a.txt", [".md", ".txt"], true],
    [".md", [".md"], false],
    ["a.mdx", [".md"], false],
    ["amd", [".md"], false],
    ["a.md", [], false],
  ])("%j with %j -> %s", (name, extensions, expected) => {
    expect(hasAllowedExtension(name, extensions)).toBe(expected);
  });
});

describe("isAddressableName, every rule", () => {
  it.each<[name: string, expected: boolean]>([
    ["n".repeat(255), true],
    ["a b~c.md", true],
    ["a..b", true],
    ["", false],
    [".", false],
    ["..", false],
    ["a/b", false],
    ["~", false],
    ["a\u0000b", false],
    ["a\u009fb", false],
    ["a\u200bb", false],
    ["\u2066a", false],
    ["é".repeat(128), false],
  ])("%j -> %s", (name, expected) => {
    expect(isAddressableName(name)).toBe(expected);
  });
});

describe("quote", () => {
  it("quotes a name as JSON, cut after 60 characters", () => {
    expect(quote('a"b')).toBe('"a\\"b"');
    expect(quote("q".repeat(60))).toBe(`"${"q".repeat(60)}"`);
    expect(quote("q".repeat(61))).toBe(`"${"q".repeat(60)}…"`);
  });
});

describe("isWithinRoot, edge names", () => {
  it.each<[candidate: string, expected: boolean]>([
    ["/d/notes/..x", true],
    ["/d/notes/...", true],
    ["/d/notes/a/..b/c", true],
    ["/d/other", false],
    ["/d/notes/../notes_evil", false],
    ["/", false],
  ])("%s -> %s", (candidate, expected) => {
    expect(isWithinRoot("/d/notes", candidate)).toBe(expected);
  });
});
