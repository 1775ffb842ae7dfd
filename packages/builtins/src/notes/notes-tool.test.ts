import { execFileSync } from "node:child_process";
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolDefinitionError, type ToolResponse } from "@toolgate/tool-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NotesTool, type NotesToolOptions } from "./notes-tool.js";

let base: string;
let root: string;
let outside: string;
let notes: NotesTool;
const context = { signal: new AbortController().signal };

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "toolgate-notes-")));
  root = join(base, "notes");
  outside = join(base, "outside");
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.md"), "top secret\n");
  notes = new NotesTool({ root });
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

function make(options: Partial<NotesToolOptions> = {}): NotesTool {
  return new NotesTool({ root, ...options });
}

function call(args: unknown, tool: NotesTool = notes, signal = context.signal) {
  return tool.run(args as never, { signal });
}

/** Every file and folder under `dir`, relative, sorted: proves a refused call changed nothing. */
function tree(dir: string = base): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).sort();
}

function expectError(response: ToolResponse, pattern: RegExp, code?: string): void {
  expect(response.status).toBe("error");
  expect(response.text).toMatch(pattern);
  // Never the host path of the root (or anything around it).
  expect(response.text).not.toContain(base);
  expect(JSON.stringify(response.data)).not.toContain(base);
  if (code !== undefined) expect(response.data).toEqual({ code });
}

describe("NotesTool construction", () => {
  it("creates a missing root with its parents and describes itself", () => {
    const deep = join(base, "a", "b", "notes");
    const tool = new NotesTool({ root: deep });
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(tool.name).toBe("notes");
    expect(tool.inputSchema).toMatchObject({
      required: ["action", "path"],
      additionalProperties: false,
    });
    expect(tool.description).toContain(".md or .txt");
    expect([tool.maxReadChars, tool.maxAppendChars, tool.maxFileBytes]).toEqual([
      8000, 50_000, 2_000_000,
    ]);
    expect(tool.extensions).toEqual([".md", ".txt"]);
  });

  it("accepts a root reached through a symlink and never shows either path", async () => {
    symlinkSync(root, join(base, "link-to-notes"));
    const tool = new NotesTool({ root: join(base, "link-to-notes") });
    expect((await call({ action: "append", path: "a.md", content: "hi" }, tool)).status).toBe(
      "success",
    );
    expect(readFileSync(join(root, "a.md"), "utf8")).toBe("hi\n");
    expectError(
      await call({ action: "read", path: "missing.md" }, tool),
      /"missing.md" does not exist/,
    );
  });

  it.each([
    [{ maxReadChars: 0 }, /maxReadChars/],
    [{ maxAppendChars: -1 }, /maxAppendChars/],
    [{ maxFileBytes: 1.5 }, /maxFileBytes/],
    [{ maxListEntries: "9" }, /maxListEntries/],
    [{ extensions: "md" }, /extensions/],
    [{ extensions: ["md"] }, /start with '\.'/],
    [{ extensions: [".a/b"] }, /start with '\.'/],
    [{ extensions: ["."] }, /start with '\.'/],
    [{ root: "" }, /root/],
  ])("refuses bad options %j", (options, pattern) => {
    expect(() => make(options as Partial<NotesToolOptions>)).toThrow(ToolDefinitionError);
    expect(() => make(options as Partial<NotesToolOptions>)).toThrow(pattern);
  });

  it("refuses a root that is a file", () => {
    writeFileSync(join(base, "file"), "");
    expect(() => new NotesTool({ root: join(base, "file") })).toThrow(ToolDefinitionError);
  });
});

describe("NotesTool confirmation and hints", () => {
  it("asks for confirmation for every action but read and list", () => {
    expect(notes.needsConfirmation({ action: "read", path: "a.md" })).toBe(false);
    expect(notes.needsConfirmation({ action: "list", path: "" })).toBe(false);
    expect(notes.needsConfirmation({ action: "append", path: "a.md", content: "x" })).toBe(true);
    expect(notes.needsConfirmation({ action: "delete", path: "a.md" } as never)).toBe(true);
    expect(notes.needsConfirmation(null as never)).toBe(true);
  });

  it("reports read and list as read-only, append as a non-destructive write", () => {
    expect(notes.hintsFor({ action: "read", path: "a.md" }).readOnly).toBe(true);
    expect(notes.hintsFor({ action: "list", path: "" }).readOnly).toBe(true);
    expect(notes.hintsFor({ action: "append", path: "a.md" })).toEqual({
      readOnly: false,
      destructive: false,
      idempotent: false,
      openWorld: false,
    });
    expect(notes.externalContent).toBe(true);
    expect(make({ externalContent: false }).externalContent).toBe(false);
  });
});

describe("NotesTool read", () => {
  it("reads a note with its size", async () => {
    mkdirSync(join(root, "ideas"));
    writeFileSync(join(root, "ideas", "todo.md"), "- one\n- two\n");
    const response = await call({ action: "read", path: "ideas/todo.md" });
    expect(response.status).toBe("success");
    expect(response.text).toBe("- one\n- two\n");
    expect(response.data).toEqual({
      path: "ideas/todo.md",
      bytes: 12,
      chars: 12,
      truncated: false,
      content: "- one\n- two\n",
    });
  });

  it("says when a note is empty or missing", async () => {
    writeFileSync(join(root, "empty.txt"), "");
    expect((await call({ action: "read", path: "empty.txt" })).text).toBe(
      'Note "empty.txt" is empty.',
    );
    expectError(
      await call({ action: "read", path: "nope.md" }),
      /"nope.md" does not exist/,
      "not_found",
    );
    expectError(
      await call({ action: "read", path: "no/such/dir.md" }),
      /folder "no" does not exist/,
      "not_found",
    );
  });

  it("truncates at maxReadChars and says so (partial)", async () => {
    writeFileSync(join(root, "long.md"), "abcdefghijKLMNOP");
    const response = await call({ action: "read", path: "long.md" }, make({ maxReadChars: 10 }));
    expect(response.status).toBe("partial");
    expect(response.text).toMatch(
      /^abcdefghij\n\n\[truncated: showing the first 10 characters of "long.md", which has 16 bytes\]$/,
    );
    expect(response.data).toMatchObject({ content: "abcdefghij", chars: 10, truncated: true });
  });

  it("counts characters as code points and never splits a surrogate pair", async () => {
    writeFileSync(join(root, "emoji.md"), "😀".repeat(20));
    const response = await call({ action: "read", path: "emoji.md" }, make({ maxReadChars: 5 }));
    expect(response.data).toMatchObject({ content: "😀".repeat(5), chars: 5, truncated: true });
  });

  it("a note of exactly maxReadChars is complete, not partial", async () => {
    writeFileSync(join(root, "exact.md"), "ééééé");
    const response = await call({ action: "read", path: "exact.md" }, make({ maxReadChars: 5 }));
    expect(response.status).toBe("success");
    expect(response.text).toBe("ééééé");
  });

  it("reads only the start of a large note", async () => {
    writeFileSync(join(root, "big.txt"), "x".repeat(3_000_000));
    const response = await call({ action: "read", path: "big.txt" }, make({ maxReadChars: 100 }));
    expect(response.status).toBe("partial");
    expect(response.data).toMatchObject({ bytes: 3_000_000, chars: 100 });
  });

  it("refuses a folder whose name looks like a note", async () => {
    mkdirSync(join(root, "dir.md"));
    expectError(
      await call({ action: "read", path: "dir.md" }),
      /"dir.md" is a folder, not a note; use action 'list'/,
      "not_a_file",
    );
  });
});

describe("NotesTool append", () => {
  it("creates the note and its folders, then appends line-terminated entries", async () => {
    const first = await call({ action: "append", path: "a/b/c.md", content: "first" });
    expect(first.status).toBe("success");
    expect(first.text).toBe('Created "a/b/c.md" with 6 bytes.');
    expect(first.data).toEqual({ path: "a/b/c.md", bytesWritten: 6, bytes: 6, created: true });
    const second = await call({ action: "append", path: "a/b/c.md", content: "second\n" });
    expect(second.text).toBe('Appended 7 bytes to "a/b/c.md" (now 13 bytes).');
    expect(readFileSync(join(root, "a/b/c.md"), "utf8")).toBe("first\nsecond\n");
    expect(statSync(join(root, "a/b/c.md")).mode & 0o777).toBe(0o600);
  });

  it("starts the entry on its own line when the note lacks a final newline", async () => {
    writeFileSync(join(root, "hand.md"), "edited by hand");
    await call({ action: "append", path: "hand.md", content: "from the model" });
    expect(readFileSync(join(root, "hand.md"), "utf8")).toBe("edited by hand\nfrom the model\n");
  });

  it.each([
    [{ content: "" }, /'content' is empty/],
    [{ content: "  \n\t" }, /'content' is empty/],
    [{}, /needs 'content'/],
    [{ content: 42 }, /'content' must be a string, got number/],
  ])("refuses bad content %j and creates nothing", async (extra, pattern) => {
    const before = tree();
    expectError(
      await call({ action: "append", path: "sub/x.md", ...extra }),
      pattern,
      "invalid_arguments",
    );
    expect(tree()).toEqual(before);
  });

  it("refuses content over maxAppendChars, counting code points", async () => {
    const tool = make({ maxAppendChars: 3 });
    expect((await call({ action: "append", path: "x.md", content: "😀😀😀" }, tool)).status).toBe(
      "success",
    );
    expectError(
      await call({ action: "append", path: "x.md", content: "abcd" }, tool),
      /'content' is too long \(4 characters; the limit is 3\)/,
      "too_large",
    );
    expect(readFileSync(join(root, "x.md"), "utf8")).toBe("😀😀😀\n");
  });

  it("refuses an append that would pass maxFileBytes and leaves the note unchanged", async () => {
    const tool = make({ maxFileBytes: 20 });
    await call({ action: "append", path: "x.md", content: "0123456789" }, tool);
    expectError(
      await call({ action: "append", path: "x.md", content: "0123456789" }, tool),
      /would make "x.md" 22 bytes, over the limit of 20; the note is unchanged/,
      "too_large",
    );
    expect(readFileSync(join(root, "x.md"), "utf8")).toBe("0123456789\n");
    // Exactly at the limit is fine.
    expect((await call({ action: "append", path: "x.md", content: "01234567" }, tool)).status).toBe(
      "success",
    );
    expect(statSync(join(root, "x.md")).size).toBe(20);
  });

  it("refuses content larger than a whole note before touching the disk", async () => {
    const before = tree();
    expectError(
      await call(
        { action: "append", path: "new/x.md", content: "x".repeat(50) },
        make({ maxFileBytes: 10 }),
      ),
      /more than a note may hold/,
    );
    expect(tree()).toEqual(before);
  });

  it("writes nothing when the call is already cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    expectError(
      await call({ action: "append", path: "x.md", content: "x" }, notes, controller.signal),
      /cancelled/,
      "cancelled",
    );
    expect(existsSync(join(root, "x.md"))).toBe(false);
  });

  it("1,000 appends from 50 concurrent callers leave 1,000 intact entries", async () => {
    // Two tool instances on one root share the per-file lock.
    const tools = [notes, make()];
    const padding = "x".repeat(300);
    await Promise.all(
      Array.from({ length: 50 }, async (_, caller) => {
        for (let i = 0; i < 20; i++) {
          const content = `entry ${caller}-${i} ${padding} end`;
          const response = await call(
            { action: "append", path: "log/shared.md", content },
            tools[caller % 2],
          );
          expect(response.status).toBe("success");
        }
      }),
    );
    const lines = readFileSync(join(root, "log/shared.md"), "utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(1000);
    for (const line of lines) expect(line).toMatch(/^entry \d+-\d+ x{300} end$/);
    expect(new Set(lines).size).toBe(1000);
  });

  it("checks the size limit and writes atomically: concurrent appends stop exactly at the limit", async () => {
    const tool = make({ maxFileBytes: 100 }); // ten entries of 10 bytes
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(
          { action: "append", path: "cap.md", content: `entry-${String(i).padStart(3, "0")}` },
          tool,
        ),
      ),
    );
    expect(responses.filter((r) => r.status === "success")).toHaveLength(10);
    expect(responses.filter((r) => r.status === "error")).toHaveLength(40);
    expect(statSync(join(root, "cap.md")).size).toBe(100);
  });
});

describe("NotesTool path confinement", () => {
  it.each([
    ["../x.md", /'\.\.' is not allowed/],
    ["a/../../x.md", /'\.\.' is not allowed/],
    ["a/../b.md", /'\.\.' is not allowed/],
    ["../notes_evil/x.md", /'\.\.' is not allowed/],
    ["/etc/passwd.md", /absolute paths are not allowed/],
    ["~", /'~' \(a home folder\) is not allowed/],
    ["~/x.md", /'~' \(a home folder\) is not allowed/],
    ["a\u0000.md", /NUL byte/],
    ["a\nb.md", /control characters/],
    ["a\u202egnp.md", /invisible or text-direction characters/],
    ["a\u200b.md", /invisible or text-direction characters/],
    ["a\ufe0f.md", /invisible or text-direction characters/],
    ["a\u3164.md", /invisible or text-direction characters/],
    ["a\u{e0041}.md", /invisible or text-direction characters/],
    ["a\u2028b.md", /invisible or text-direction characters/],
    ["a\\b.md", /backslashes are not allowed/],
    ["..\\x.md", /backslashes are not allowed/],
    ["c:x.md", /colons are not allowed/],
    ["C:/x.md", /colons are not allowed/],
    [".hidden.md", /hidden names/],
    ["a/.git/x.md", /hidden names .*"\.git"/],
    ["./a.md", /'\.' segments are not allowed/],
    ["a//b.md", /empty segment/],
    ["", /path is empty/],
    ["x.exe", /"x.exe" does not end with an allowed extension \(\.md, \.txt\)/],
    ["x", /does not end with an allowed extension/],
    ["x.md.sh", /does not end with an allowed extension/],
    [".md", /hidden names/],
    ["dir/", /empty segment/],
  ])("refuses %j for read and append, creating nothing", async (path, pattern) => {
    const before = tree();
    expectError(await call({ action: "read", path }), pattern, "invalid_path");
    expectError(await call({ action: "append", path, content: "x" }), pattern, "invalid_path");
    expect(tree()).toEqual(before);
  });

  it("refuses the root's own absolute path without echoing it", async () => {
    const response = await call({ action: "append", path: `${root}/a.md`, content: "x" });
    expectError(response, /absolute paths are not allowed/);
    expect(existsSync(join(root, "a.md"))).toBe(false);
  });

  it("a root /d/notes never admits its sibling /d/notes_evil", async () => {
    mkdirSync(join(base, "notes_evil"));
    writeFileSync(join(base, "notes_evil", "x.md"), "evil");
    symlinkSync(join(base, "notes_evil"), join(root, "evil"));
    expectError(
      await call({ action: "read", path: "evil/x.md" }),
      /"evil" is a symbolic link/,
      "symlink",
    );
    expectError(
      await call({ action: "list", path: "evil" }),
      /"evil" is a symbolic link/,
      "symlink",
    );
  });

  it("refuses a symlink inside the root pointing out, for read and append", async () => {
    symlinkSync(join(outside, "secret.md"), join(root, "evil.md"));
    expectError(
      await call({ action: "read", path: "evil.md" }),
      /"evil.md" is a symbolic link/,
      "symlink",
    );
    expectError(
      await call({ action: "append", path: "evil.md", content: "pwned" }),
      /symbolic link/,
      "symlink",
    );
    expect(readFileSync(join(outside, "secret.md"), "utf8")).toBe("top secret\n");
  });

  it("refuses a dangling symlink and creates nothing outside the root", async () => {
    symlinkSync(join(outside, "created.md"), join(root, "dangle.md"));
    expectError(
      await call({ action: "append", path: "dangle.md", content: "pwned" }),
      /symbolic link/,
      "symlink",
    );
    expectError(await call({ action: "read", path: "dangle.md" }), /symbolic link/, "symlink");
    expect(existsSync(join(outside, "created.md"))).toBe(false);
  });

  it("refuses a symlinked folder anywhere on the path, even one pointing inside the root", async () => {
    symlinkSync(outside, join(root, "linked"));
    mkdirSync(join(root, "a"));
    symlinkSync(outside, join(root, "a", "b"));
    symlinkSync(join(root, "a"), join(root, "inner"));
    expectError(
      await call({ action: "read", path: "linked/secret.md" }),
      /"linked" is a symbolic link/,
    );
    expectError(
      await call({ action: "append", path: "linked/new.md", content: "x" }),
      /"linked" is a symbolic link/,
    );
    expectError(
      await call({ action: "append", path: "a/b/c/new.md", content: "x" }),
      /"a\/b" is a symbolic link/,
    );
    expectError(
      await call({ action: "append", path: "inner/new.md", content: "x" }),
      /"inner" is a symbolic link/,
    );
    expect(readdirSync(outside)).toEqual(["secret.md"]);
    expect(readdirSync(join(root, "a"))).toEqual(["b"]);
  });

  it("refuses appends to hard-linked files but reads them", async () => {
    writeFileSync(join(outside, "target.md"), "original\n");
    linkSync(join(outside, "target.md"), join(root, "hard.md"));
    expectError(
      await call({ action: "append", path: "hard.md", content: "pwned" }),
      /"hard.md" has other hard links \(2\); appending to it is refused/,
      "hard_link",
    );
    expect(readFileSync(join(outside, "target.md"), "utf8")).toBe("original\n");
    expect((await call({ action: "read", path: "hard.md" })).text).toBe("original\n");
  });

  it("refuses a FIFO without hanging", async () => {
    execFileSync("mkfifo", [join(root, "pipe.md")]);
    expectError(
      await call({ action: "read", path: "pipe.md" }),
      /"pipe.md" is not a regular file/,
      "not_a_file",
    );
    expectError(
      await call({ action: "append", path: "pipe.md", content: "x" }),
      /not a regular file/,
      "not_a_file",
    );
  });

  it("refuses a device reached through a symlink", async () => {
    symlinkSync("/dev/null", join(root, "null.md"));
    symlinkSync("/dev", join(root, "dev"));
    expectError(await call({ action: "read", path: "null.md" }), /symbolic link/);
    expectError(await call({ action: "append", path: "null.md", content: "x" }), /symbolic link/);
    expectError(await call({ action: "read", path: "dev/null.md" }), /"dev" is a symbolic link/);
  });

  it("refuses very long names and paths with a readable error", async () => {
    expectError(
      await call({ action: "append", path: `${"n".repeat(300)}.md`, content: "x" }),
      /name "n{60}…" is too long \(303 bytes; the limit is 255\)/,
    );
    const long = `${`${"a".repeat(100)}/`.repeat(12)}x.md`;
    expectError(
      await call({ action: "read", path: long }),
      /path is too long \(1216 bytes; the limit is 1024\)/,
    );
    expectError(await call({ action: "read", path: "a".repeat(10_000_000) }), /path is too long/);
  });

  it("answers a path the file system finds too long with a readable error", async () => {
    // A root near PATH_MAX (4096): the path argument is within our limits, the OS refuses.
    const deepRoot = join(base, ...Array.from({ length: 14 }, (_, i) => `${i}`.padEnd(250, "r")));
    const tool = new NotesTool({ root: deepRoot });
    const path = `${"a".repeat(200)}/${"b".repeat(200)}/${"c".repeat(200)}.md`;
    expectError(
      await call({ action: "append", path, content: "x" }, tool),
      /is too long for the file system/,
    );
    expectError(await call({ action: "read", path }, tool), /is too long for the file system/);
  });

  it("refuses a file used as a folder on the path", async () => {
    writeFileSync(join(root, "b.md"), "x");
    expectError(
      await call({ action: "read", path: "b.md/x.md" }),
      /"b.md" is not a folder/,
      "not_a_folder",
    );
    expectError(
      await call({ action: "append", path: "b.md/x.md", content: "x" }),
      /"b.md" is not a folder/,
      "not_a_folder",
    );
  });

  it("refuses deep nesting, and accepts nesting within the limit", async () => {
    expectError(
      await call({ action: "append", path: `${"d/".repeat(40)}x.md`, content: "x" }),
      /nested too deeply \(41 levels; the limit is 32\)/,
    );
    const ok = `${"d/".repeat(31)}x.md`;
    expect((await call({ action: "append", path: ok, content: "deep" })).status).toBe("success");
    expect((await call({ action: "read", path: ok })).text).toBe("deep\n");
  });

  it("normalises names to NFC", async () => {
    const decomposed = "cafe\u0301.md";
    const composed = "caf\u00e9.md";
    await call({ action: "append", path: decomposed, content: "x" });
    expect(readdirSync(root)).toEqual([composed]);
    expect((await call({ action: "read", path: composed })).text).toBe("x\n");
    expect((await call({ action: "read", path: decomposed })).text).toBe("x\n");
  });

  it("matches extensions case-insensitively and honours the extensions option", async () => {
    expect((await call({ action: "append", path: "UP.MD", content: "x" })).status).toBe("success");
    const logs = make({ extensions: [".log"] });
    expect((await call({ action: "append", path: "a.log", content: "x" }, logs)).status).toBe(
      "success",
    );
    expectError(await call({ action: "append", path: "a.md", content: "x" }, logs), /\(\.log\)/);
    const none = make({ extensions: [] });
    expectError(
      await call({ action: "read", path: "a.md" }, none),
      /no file extensions are allowed/,
    );
  });
});

describe("NotesTool list", () => {
  beforeEach(() => {
    mkdirSync(join(root, "zeta"));
    mkdirSync(join(root, "alpha"));
    writeFileSync(join(root, "b.md"), "12345");
    writeFileSync(join(root, "a.txt"), "");
    writeFileSync(join(root, ".hidden.md"), "x");
    mkdirSync(join(root, ".git"));
    writeFileSync(join(root, "script.sh"), "x");
    symlinkSync(join(outside, "secret.md"), join(root, "link.md"));
    symlinkSync(outside, join(root, "linkdir"));
    execFileSync("mkfifo", [join(root, "fifo.md")]);
  });

  it.each(["", ".", "./"])(
    "lists the root for path %j: sorted, links, dot-files and others skipped",
    async (path) => {
      const response = await call({ action: "list", path });
      expect(response.status).toBe("success");
      expect(response.data).toEqual({
        path: ".",
        entries: [
          { name: "a.txt", type: "file", bytes: 0 },
          { name: "alpha", type: "folder" },
          { name: "b.md", type: "file", bytes: 5 },
          { name: "zeta", type: "folder" },
        ],
        total: 4,
        truncated: false,
        skipped: 6,
      });
      expect(response.text).toBe(
        "Entries in the notes folder:\n- a.txt (0 bytes)\n- alpha/\n- b.md (5 bytes)\n- zeta/\n" +
          "(6 other entries not shown: hidden names, links, other file types or extensions)",
      );
    },
  );

  it("lists a subfolder and says when it is empty", async () => {
    writeFileSync(join(root, "alpha", "n.md"), "n");
    expect((await call({ action: "list", path: "alpha/" })).text).toBe(
      'Entries in "alpha":\n- n.md (1 bytes)',
    );
    expect((await call({ action: "list", path: "zeta" })).text).toBe('No notes in "zeta".');
  });

  it("refuses files, missing folders and bad paths", async () => {
    expectError(
      await call({ action: "list", path: "b.md" }),
      /"b.md" is not a folder/,
      "not_a_folder",
    );
    expectError(
      await call({ action: "list", path: "nope" }),
      /folder "nope" does not exist/,
      "not_found",
    );
    expectError(await call({ action: "list", path: "../outside" }), /'\.\.' is not allowed/);
    expectError(await call({ action: "list", path: "linkdir" }), /symbolic link/);
  });

  it("bounds the count and reports a partial listing", async () => {
    for (let i = 0; i < 12; i++)
      writeFileSync(join(root, "zeta", `n${String(i).padStart(2, "0")}.md`), "");
    const response = await call({ action: "list", path: "zeta" }, make({ maxListEntries: 5 }));
    expect(response.status).toBe("partial");
    expect(response.data).toMatchObject({ total: 12, truncated: true });
    expect((response.data as { entries: { name: string }[] }).entries.map((e) => e.name)).toEqual([
      "n00.md",
      "n01.md",
      "n02.md",
      "n03.md",
      "n04.md",
    ]);
    expect(response.text).toMatch(/\[truncated: showing 5 of 12 entries\]$/);
  });

  it("skips names the tool could not address (not NFC, colons, backslashes)", async () => {
    writeFileSync(join(root, "zeta", "cafe\u0301.md"), "");
    writeFileSync(join(root, "zeta", "a:b.md"), "");
    writeFileSync(join(root, "zeta", "a\\b.md"), "");
    writeFileSync(join(root, "zeta", "ok.md"), "");
    const response = await call({ action: "list", path: "zeta" });
    expect(response.data).toMatchObject({ entries: [{ name: "ok.md" }], skipped: 3 });
  });
});

describe("NotesTool bad arguments and lost roots", () => {
  it.each([
    [null, /arguments must be an object/],
    [[], /arguments must be an object/],
    [
      { action: "delete", path: "a.md" },
      /'action' must be "read", "append" or "list", got "delete"/,
    ],
    [{ path: "a.md" }, /'action' must be .* got undefined/],
    [{ action: "read", path: "a.md", extra: 1 }, /unknown argument "extra"/],
    [{ action: "read", path: "a.md", content: "x" }, /'content' is only used with action 'append'/],
    [{ action: "read", path: 42 }, /'path' must be a string, got number/],
    [{ action: "read" }, /'path' must be a string, got undefined/],
  ])("answers %j with a readable error, never a throw", async (args, pattern) => {
    expectError(await call(args), pattern, "invalid_arguments");
  });

  it("treats a missing path as the root for list", async () => {
    expect((await call({ action: "list" })).text).toBe("No notes in the notes folder.");
  });

  it("refuses every call when the root was removed or replaced by a link", async () => {
    rmSync(root, { recursive: true });
    expectError(
      await call({ action: "list", path: "" }),
      /notes folder is missing or was replaced/,
      "root_unavailable",
    );
    renameSync(outside, join(base, "elsewhere"));
    symlinkSync(join(base, "elsewhere"), root);
    expectError(await call({ action: "read", path: "secret.md" }), /missing or was replaced/);
    expectError(
      await call({ action: "append", path: "x.md", content: "x" }),
      /missing or was replaced/,
    );
    expect(readdirSync(join(base, "elsewhere"))).toEqual(["secret.md"]);
  });
});
