import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
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
import { listFolder, type NotesRoot, openNote, resolveRoot } from "./confined-fs.js";
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
