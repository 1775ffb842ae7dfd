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
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  describeFsError,
  listFolder,
  type NotesRoot,
  openNote,
  resolveRoot,
  withSizes,
} from "./confined-fs.js";
import { parseNotePath } from "./note-path.js";
import { NotesFailure } from "./notes-failure.js";

// These tests use the hook between the checks and the open to play the attacker who swaps a
// path in that window, which the tool alone cannot be made to hit on demand.
let base: string;
let outside: string;
let root: NotesRoot;
const EXT = [".md"];
const file = (path: string) => parseNotePath(path, "file", EXT);

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "toolgate-notes-race-")));
  root = resolveRoot(join(base, "notes"));
  outside = join(base, "outside");
  mkdirSync(outside);
  mkdirSync(join(root.path, "sub"));
  writeFileSync(join(root.path, "sub", "a.md"), "inside\n");
  writeFileSync(join(outside, "a.md"), "outside secret\n");
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

/** Replaces root/sub with a link to the outside folder. */
function swapFolderForLink(): void {
  renameSync(join(root.path, "sub"), join(base, "sub-moved"));
  symlinkSync(outside, join(root.path, "sub"));
}

async function refusal(promise: Promise<unknown>): Promise<NotesFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NotesFailure);
  expect((error as Error).message).not.toContain(base);
  return error as NotesFailure;
}

describe("openNote under a race between check and open", () => {
  it("refuses a read when a folder on the path is swapped for a link (dev/ino differ)", async () => {
    const error = await refusal(
      openNote(root, file("sub/a.md"), "read", { beforeOpen: swapFolderForLink }),
    );
    expect(error.code).toBe("changed_during_call");
    expect(error.message).toMatch(/"sub\/a.md" changed while it was being opened/);
  });

  it("refuses an append to an existing note behind a swapped folder and writes nothing", async () => {
    const error = await refusal(
      openNote(root, file("sub/a.md"), "append", { beforeOpen: swapFolderForLink }),
    );
    expect(error.code).toBe("changed_during_call");
    expect(readFileSync(join(outside, "a.md"), "utf8")).toBe("outside secret\n");
  });

  it("refuses a new note behind a swapped folder: the re-walk finds the link", async () => {
    const error = await refusal(
      openNote(root, file("sub/new.md"), "append", { beforeOpen: swapFolderForLink }),
    );
    expect(error.code).toBe("changed_during_call");
    // Without openat() the kernel may already have created the file there; it stays empty
    // because the handle is closed before any write.
    expect(statSync(join(outside, "new.md")).size).toBe(0);
  });

  it("refuses a different file renamed over the checked one", async () => {
    writeFileSync(join(root.path, "sub", "other.md"), "other\n");
    const error = await refusal(
      openNote(root, file("sub/a.md"), "read", {
        beforeOpen: () =>
          renameSync(join(root.path, "sub", "other.md"), join(root.path, "sub", "a.md")),
      }),
    );
    expect(error.code).toBe("changed_during_call");
  });

  it("O_NOFOLLOW refuses a dangling link placed after the check, creating nothing outside", async () => {
    const error = await refusal(
      openNote(root, file("sub/fresh.md"), "append", {
        beforeOpen: () =>
          symlinkSync(join(outside, "created.md"), join(root.path, "sub", "fresh.md")),
      }),
    );
    expect(error.code).toBe("symlink");
    expect(existsSync(join(outside, "created.md"))).toBe(false);
  });

  it("O_NOFOLLOW refuses a link to an outside file placed after the check", async () => {
    const error = await refusal(
      openNote(root, file("sub/a.md"), "read", {
        beforeOpen: () => {
          unlinkSync(join(root.path, "sub", "a.md"));
          symlinkSync(join(outside, "a.md"), join(root.path, "sub", "a.md"));
        },
      }),
    );
    expect(error.code).toBe("symlink");
  });

  it.each(["read", "append"] as const)(
    "a FIFO swapped in after the check is refused for %s without hanging",
    async (mode) => {
      const error = await refusal(
        openNote(root, file("sub/a.md"), mode, {
          beforeOpen: () => {
            unlinkSync(join(root.path, "sub", "a.md"));
            execFileSync("mkfifo", [join(root.path, "sub", "a.md")]);
          },
        }),
      );
      expect(error.code).toBe("not_a_file");
    },
  );

  it("opens normally when nothing is swapped", async () => {
    const opened = await openNote(root, file("sub/a.md"), "read");
    expect(opened.created).toBe(false);
    expect(opened.stat.size).toBe(7n);
    await opened.handle.close();
  });
});

describe("listFolder under a race", () => {
  it("refuses when the listed folder is swapped for a link", async () => {
    const error = await refusal(
      listFolder(
        root,
        parseNotePath("sub", "folder", EXT),
        { scanLimit: 100, keepFile: () => true, keepName: () => true },
        { beforeOpen: swapFolderForLink },
      ),
    );
    expect(error.code).toBe("changed_during_call");
  });

  it("stops reading after scanLimit entries", async () => {
    for (let i = 0; i < 20; i++) writeFileSync(join(root.path, "sub", `n${i}.md`), "");
    const result = await listFolder(root, parseNotePath("sub", "folder", EXT), {
      scanLimit: 5,
      keepFile: () => true,
      keepName: () => true,
    });
    expect(result.complete).toBe(false);
    expect(result.entries).toHaveLength(5);
  });
});

describe("describeFsError", () => {
  const errno = (code: string | undefined) =>
    Object.assign(new Error(`${code}: /host/secret/path`), { code });

  it.each<[code: string | undefined, failure: string, message: string]>([
    ["ELOOP", "symlink", '"a/b.md" is a symbolic link; links are not followed'],
    ["ENOENT", "not_found", '"a/b.md" does not exist'],
    ["ENOTDIR", "not_a_folder", 'a part of "a/b.md" is not a folder'],
    ["EISDIR", "not_a_file", '"a/b.md" is a folder, not a file'],
    ["ENXIO", "not_a_file", '"a/b.md" is not a regular file'],
    ["ENODEV", "not_a_file", '"a/b.md" is not a regular file'],
    ["ETXTBSY", "not_a_file", '"a/b.md" is not a regular file'],
    ["ENAMETOOLONG", "invalid_path", '"a/b.md" is too long for the file system'],
    ["EACCES", "io_error", 'permission denied for "a/b.md"'],
    ["EPERM", "io_error", 'permission denied for "a/b.md"'],
    ["EROFS", "io_error", 'permission denied for "a/b.md"'],
    ["ENOSPC", "io_error", 'no space left on the disk for "a/b.md"'],
    ["EDQUOT", "io_error", 'no space left on the disk for "a/b.md"'],
    ["EIO", "io_error", 'could not access "a/b.md" (EIO)'],
    [undefined, "io_error", 'could not access "a/b.md" (unknown error)'],
  ])("%s becomes %s, naming only the relative path", (code, failure, message) => {
    const result = describeFsError(errno(code), "a/b.md");
    expect(result).toBeInstanceOf(NotesFailure);
    expect([result.code, result.message]).toEqual([failure, message]);
  });

  it("passes a NotesFailure through unchanged and survives a thrown non-error", () => {
    const failure = new NotesFailure("hard_link", "kept");
    expect(describeFsError(failure, "x.md")).toBe(failure);
    for (const thrown of [undefined, null, "text"]) {
      expect(describeFsError(thrown, "x.md").message).toBe(
        'could not access "x.md" (unknown error)',
      );
    }
  });
});

describe("openNote refusals name the relative path", () => {
  it.each<[label: string, path: string, mode: "read" | "append", code: string, message: string]>([
    ["a missing note", "sub/none.md", "read", "not_found", 'note "sub/none.md" does not exist'],
    ["a missing folder (read)", "none/a.md", "read", "not_found", 'folder "none" does not exist'],
    [
      "a file used as a folder",
      "sub/a.md/b.md",
      "append",
      "not_a_folder",
      '"sub/a.md" is not a folder',
    ],
    [
      "a folder named like a note",
      "dir.md",
      "read",
      "not_a_file",
      "\"dir.md\" is a folder, not a note; use action 'list'",
    ],
    [
      "a link to a folder on the path",
      "link/a.md",
      "read",
      "symlink",
      '"link" is a symbolic link; links are not followed',
    ],
    [
      "a link as the note",
      "link.md",
      "read",
      "symlink",
      '"link.md" is a symbolic link; links are not followed',
    ],
    ["a FIFO as the note", "fifo.md", "read", "not_a_file", '"fifo.md" is not a regular file'],
    [
      "a hard-linked note (append)",
      "sub/a.md",
      "append",
      "hard_link",
      '"sub/a.md" has other hard links (2); appending to it is refused',
    ],
  ])("%s", async (_label, path, mode, code, message) => {
    mkdirSync(join(root.path, "dir.md"));
    symlinkSync(join(root.path, "sub"), join(root.path, "link"));
    symlinkSync(join(root.path, "sub", "a.md"), join(root.path, "link.md"));
    execFileSync("mkfifo", [join(root.path, "fifo.md")]);
    linkSync(join(root.path, "sub", "a.md"), join(base, "a-hard.md"));
    const error = await refusal(openNote(root, file(path), mode));
    expect([error.code, error.message]).toEqual([code, message]);
  });

  it("reads a hard-linked note, and appends create missing folders and the note", async () => {
    linkSync(join(root.path, "sub", "a.md"), join(base, "a-hard.md"));
    const read = await openNote(root, file("sub/a.md"), "read");
    await read.handle.close();
    const created = await openNote(root, file("new/deeper/n.md"), "append");
    await created.handle.write("x");
    await created.handle.close();
    expect(created.created).toBe(true);
    expect(readFileSync(join(root.path, "new", "deeper", "n.md"), "utf8")).toBe("x");
    const again = await openNote(root, file("new/deeper/n.md"), "append");
    expect(again.created).toBe(false);
    await again.handle.close();
  });

  it.each([
    ["removed", () => renameSync(root.path, join(base, "gone"))],
    [
      "replaced by another folder",
      () => {
        renameSync(root.path, join(base, "gone"));
        mkdirSync(root.path);
      },
    ],
    [
      "replaced by a link to itself elsewhere",
      () => {
        renameSync(root.path, join(base, "gone"));
        symlinkSync(join(base, "gone"), root.path);
      },
    ],
  ])("refuses every call when the root was %s", async (_label, change) => {
    change();
    // One call at a time: a rejection made before it is awaited would be unhandled.
    for (const call of [
      () => openNote(root, file("sub/a.md"), "read"),
      () => openNote(root, file("sub/a.md"), "append"),
      () => listFolder(root, parseNotePath(".", "folder", EXT), anything),
    ]) {
      const error = await refusal(call());
      expect([error.code, error.message]).toEqual([
        "root_unavailable",
        "the notes folder is missing or was replaced; nothing was done",
      ]);
    }
  });
});

const anything = { scanLimit: 100, keepFile: () => true, keepName: () => true };

describe("openNote and listFolder when a folder is replaced by a real folder", () => {
  /** Replaces root/sub with a new, empty folder: same path, another identity. */
  function replaceFolder(): void {
    renameSync(join(root.path, "sub"), join(base, "sub-moved"));
    mkdirSync(join(root.path, "sub"));
  }

  it("refuses a new note made in the replacement folder", async () => {
    const error = await refusal(
      openNote(root, file("sub/new.md"), "append", { beforeOpen: replaceFolder }),
    );
    expect(error.code).toBe("changed_during_call");
  });

  it("refuses to list the replacement folder", async () => {
    const error = await refusal(
      listFolder(root, parseNotePath("sub", "folder", EXT), anything, {
        beforeOpen: replaceFolder,
      }),
    );
    expect(error.code).toBe("changed_during_call");
  });

  it("refuses to list a folder replaced by a file", async () => {
    const toFile = await refusal(
      listFolder(root, parseNotePath("sub", "folder", EXT), anything, {
        beforeOpen: () => {
          renameSync(join(root.path, "sub"), join(base, "sub-moved"));
          writeFileSync(join(root.path, "sub"), "");
        },
      }),
    );
    expect(toFile.code).toBe("changed_during_call");
  });

  it("says when the listed folder is gone after the checks", async () => {
    const gone = await refusal(
      listFolder(root, parseNotePath("sub", "folder", EXT), anything, {
        beforeOpen: () => renameSync(join(root.path, "sub"), join(base, "sub-moved")),
      }),
    );
    expect([gone.code, gone.message]).toEqual(["not_found", '"sub" does not exist']);
  });

  it("refuses to list the root when it is replaced after the checks", async () => {
    const error = await refusal(
      listFolder(root, parseNotePath(".", "folder", EXT), anything, {
        beforeOpen: () => {
          renameSync(root.path, join(base, "gone"));
          mkdirSync(root.path);
        },
      }),
    );
    expect(error.code).toBe("changed_during_call");
  });
});

describe("listFolder", () => {
  it("lists folders and kept files sorted, counting what it skips", async () => {
    const sub = join(root.path, "sub");
    mkdirSync(join(sub, "B-folder"));
    writeFileSync(join(sub, "c.md"), "");
    writeFileSync(join(sub, "skip.txt"), "");
    writeFileSync(join(sub, "_hidden-by-name.md"), "");
    symlinkSync(join(sub, "a.md"), join(sub, "link.md"));
    const result = await listFolder(root, parseNotePath("sub", "folder", EXT), {
      scanLimit: 100,
      keepFile: (name) => name.endsWith(".md"),
      keepName: (name) => !name.startsWith("_"),
    });
    expect(result).toEqual({
      entries: [
        { name: "B-folder", type: "folder" },
        { name: "a.md", type: "file" },
        { name: "c.md", type: "file" },
      ],
      skipped: 3,
      complete: true,
    });
  });

  it("reads exactly scanLimit entries: a folder of that many is complete", async () => {
    const result = await listFolder(root, parseNotePath("sub", "folder", EXT), {
      ...anything,
      scanLimit: 1,
    });
    expect([result.entries.length, result.complete]).toEqual([1, true]);
  });
});

describe("withSizes", () => {
  it("adds sizes of files by lstat and drops files gone or replaced by links", async () => {
    writeFileSync(join(root.path, "sub", "b.md"), "12345");
    symlinkSync(join(outside, "a.md"), join(root.path, "sub", "l.md"));
    const sized = await withSizes(root, parseNotePath("sub", "folder", EXT), [
      { name: "a.md", type: "file" },
      { name: "b.md", type: "file" },
      { name: "deeper", type: "folder" },
      { name: "gone.md", type: "file" },
      { name: "l.md", type: "file" },
    ]);
    expect(sized).toEqual([
      { name: "a.md", type: "file", bytes: 7 },
      { name: "b.md", type: "file", bytes: 5 },
      { name: "deeper", type: "folder" },
    ]);
  });
});

describe("resolveRoot", () => {
  it("creates a missing root with its parents, private to the user", () => {
    const made = resolveRoot(join(base, "x", "y", "notes"));
    expect(made.path).toBe(join(base, "x", "y", "notes"));
    expect(statSync(made.path).mode & 0o777).toBe(0o700);
  });

  it("refuses a root that is a file, naming it", () => {
    writeFileSync(join(base, "file"), "");
    expect(() => resolveRoot(join(base, "file"))).toThrow(/file/);
  });
});

describe("confined-fs details a caller relies on", () => {
  const openFds = () => readdirSync("/proc/self/fd").length;

  it("names the first missing folder on a deeper path", async () => {
    const error = await refusal(openNote(root, file("sub/none/deeper/a.md"), "read"));
    expect(error.message).toBe('folder "sub/none" does not exist');
  });

  it("refuses an append to a folder named like a note, as for a read", async () => {
    mkdirSync(join(root.path, "dir.md"));
    const error = await refusal(openNote(root, file("dir.md"), "append"));
    expect(error.message).toBe("\"dir.md\" is a folder, not a note; use action 'list'");
  });

  it("makes new folders private to the user", async () => {
    const opened = await openNote(root, file("p/q/n.md"), "append");
    await opened.handle.close();
    expect(statSync(join(root.path, "p")).mode & 0o777).toBe(0o700);
    expect(statSync(join(root.path, "p", "q")).mode & 0o777).toBe(0o700);
  });

  it("opens a note for reading only: it cannot be written through that handle", async () => {
    const opened = await openNote(root, file("sub/a.md"), "read", {});
    await expect(opened.handle.write("x")).rejects.toThrow();
    await opened.handle.close();
    expect(readFileSync(join(root.path, "sub", "a.md"), "utf8")).toBe("inside\n");
  });

  it("does not create a missing folder it is asked to list", async () => {
    const error = await refusal(
      listFolder(root, parseNotePath("none", "folder", EXT), anything, {}),
    );
    expect([error.code, error.message]).toEqual(["not_found", 'folder "none" does not exist']);
    expect(existsSync(join(root.path, "none"))).toBe(false);
  });

  it("sorts a listing by name, whatever order the folder gives", async () => {
    const names = ["m.md", "b.md", "z.md", "A.md", "k.md", "c.md", "y.md", "B.md", "a0.md"];
    for (const name of names) writeFileSync(join(root.path, "sub", name), "");
    const result = await listFolder(root, parseNotePath("sub", "folder", EXT), anything);
    const listed = result.entries.map((entry) => entry.name);
    expect(listed).toEqual([...names, "a.md"].sort());
  });

  it("leaves no file open after listing", async () => {
    const before = openFds();
    for (let i = 0; i < 10; i++) {
      await listFolder(root, parseNotePath("sub", "folder", EXT), anything);
    }
    expect(openFds()).toBe(before);
  });

  it("withSizes fails, rather than drops entries, when the folder is no longer a folder", async () => {
    rmSync(join(root.path, "sub"), { recursive: true });
    writeFileSync(join(root.path, "sub"), "");
    await expect(
      withSizes(root, parseNotePath("sub", "folder", EXT), [{ name: "a.md", type: "file" }]),
    ).rejects.toThrow(/ENOTDIR/);
  });
});
