import { type BigIntStats, constants, lstatSync, mkdirSync, realpathSync } from "node:fs";
import { type FileHandle, lstat, mkdir, open, opendir } from "node:fs/promises";
import { join } from "node:path";
import { isWithinRoot, type NotePath, quote } from "./note-path.js";
import { NOTES_ERROR_CODES, NotesFailure } from "./notes-failure.js";

/** The notes folder, pinned by its real path and identity when the tool was made. */
export interface NotesRoot {
  readonly path: string;
  readonly dev: bigint;
  readonly ino: bigint;
}

/** Test seam: runs between the checks and the open, where an attacker would swap a path. */
export interface RaceHooks {
  beforeOpen?: () => void | Promise<void>;
}

/** An open note with the identity that was checked. The caller closes `handle`. */
export interface OpenedNote {
  readonly handle: FileHandle;
  readonly stat: BigIntStats;
  /** The file did not exist before this call. */
  readonly created: boolean;
}

/** A listed entry: a folder or a regular file, never a link. */
export interface ListedEntry {
  /** The entry's name within the folder. */
  readonly name: string;
  /** Whether it is a note file or a folder. */
  readonly type: "file" | "folder";
  /** A file's size in bytes (absent for folders). */
  readonly bytes?: number;
}

const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;
const { O_RDONLY, O_RDWR, O_APPEND, O_CREAT, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;
// O_NOFOLLOW: never open the last component through a link (a dangling one would create a file
// outside the root). O_NONBLOCK: a FIFO swapped in cannot hang the open.
const READ_FLAGS = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
const APPEND_FLAGS = O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK;

/**
 * Creates the root folder if needed (with parents) and pins its real path and identity.
 * @throws Error naming the root when it cannot be created or is not a folder.
 */
export function resolveRoot(root: string): NotesRoot {
  // Without O_NOFOLLOW (Windows) links could not be refused at open: fail closed.
  if (O_NOFOLLOW === undefined || O_DIRECTORY === undefined) {
    throw new Error("this platform has no O_NOFOLLOW; notes need Linux, macOS or a BSD");
  }
  mkdirSync(root, { recursive: true, mode: FOLDER_MODE });
  const path = realpathSync(root);
  const stat = lstatSync(path, { bigint: true });
  if (!stat.isDirectory()) throw new Error(`notes root ${root} is not a folder`);
  return { path, dev: stat.dev, ino: stat.ino };
}

const sameFile = (a: BigIntStats, b: { dev: bigint; ino: bigint }) =>
  a.dev === b.dev && a.ino === b.ino;

const changed = (shown: string) =>
  new NotesFailure(
    NOTES_ERROR_CODES.changed,
    `${quote(shown)} changed while it was being opened (a link or another file was swapped in); nothing was done`,
  );

const symlink = (shown: string) =>
  new NotesFailure(
    NOTES_ERROR_CODES.symlink,
    `${quote(shown)} is a symbolic link; links are not followed`,
  );

/** Turns a file-system error into a readable failure naming the relative path, never a host path. */
export function describeFsError(error: unknown, shown: string): NotesFailure {
  if (error instanceof NotesFailure) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const name = quote(shown);
  const E = NOTES_ERROR_CODES;
  switch (code) {
    case "ELOOP":
      return symlink(shown);
    case "ENOENT":
      return new NotesFailure(E.notFound, `${name} does not exist`);
    case "ENOTDIR":
      return new NotesFailure(E.notAFolder, `a part of ${name} is not a folder`);
    case "EISDIR":
      return new NotesFailure(E.notAFile, `${name} is a folder, not a file`);
    case "ENXIO":
    case "ENODEV":
    case "ETXTBSY":
      return new NotesFailure(E.notAFile, `${name} is not a regular file`);
    case "ENAMETOOLONG":
      return new NotesFailure(E.invalidPath, `${name} is too long for the file system`);
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return new NotesFailure(E.io, `permission denied for ${name}`);
    case "ENOSPC":
    case "EDQUOT":
      return new NotesFailure(E.io, `no space left on the disk for ${name}`);
    default:
      return new NotesFailure(E.io, `could not access ${name} (${code ?? "unknown error"})`);
  }
}

async function lstatOrNull(path: string): Promise<BigIntStats | null> {
  try {
    return await lstat(path, { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function checkRoot(root: NotesRoot): Promise<void> {
  const stat = await lstatOrNull(root.path);
  if (stat === null || !stat.isDirectory() || !sameFile(stat, root)) {
    throw new NotesFailure(
      NOTES_ERROR_CODES.rootUnavailable,
      "the notes folder is missing or was replaced; nothing was done",
    );
  }
}

/**
 * Walks the folders of `segments` one at a time with lstat, refusing links and non-folders;
 * with `create`, makes each missing folder (one level, never through a link) and checks it too.
 */
async function walkFolders(
  root: NotesRoot,
  segments: readonly string[],
  create: boolean,
): Promise<{ path: string; chain: BigIntStats[] }> {
  let path = root.path;
  const chain: BigIntStats[] = [];
  for (let i = 0; i < segments.length; i++) {
    const next = join(path, segments[i] as string);
    const shown = segments.slice(0, i + 1).join("/");
    // Defence in depth: segments were checked already, so this only fails on a bug.
    if (!isWithinRoot(root.path, next)) throw changed(shown);
    let stat = await lstatOrNull(next);
    if (stat === null && create) {
      try {
        await mkdir(next, { mode: FOLDER_MODE });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw describeFsError(error, shown);
      }
      stat = await lstatOrNull(next);
    }
    if (stat === null) {
      throw new NotesFailure(NOTES_ERROR_CODES.notFound, `folder ${quote(shown)} does not exist`);
    }
    if (stat.isSymbolicLink()) throw symlink(shown);
    if (!stat.isDirectory()) {
      throw new NotesFailure(NOTES_ERROR_CODES.notAFolder, `${quote(shown)} is not a folder`);
    }
    chain.push(stat);
    path = next;
  }
  return { path, chain };
}

/** Walks the path again after the open: every folder must be the one checked before, no link. */
async function verifyWalk(
  root: NotesRoot,
  segments: readonly string[],
  chain: readonly BigIntStats[],
  shown: string,
): Promise<string> {
  await checkRoot(root);
  let path = root.path;
  for (let i = 0; i < segments.length; i++) {
    path = join(path, segments[i] as string);
    const stat = await lstatOrNull(path);
    const before = chain[i] as BigIntStats;
    if (stat === null || !stat.isDirectory() || !sameFile(stat, before)) throw changed(shown);
  }
  return path;
}

/**
 * Opens a note for reading or appending, confined to the root: every folder on the path is
 * checked with lstat (no links), the file is opened with O_NOFOLLOW|O_NONBLOCK, and the opened
 * file's identity (fstat) must match what the walk found, before and after the open. Appends
 * create missing folders and the file, and refuse hard-linked files.
 */
export async function openNote(
  root: NotesRoot,
  note: NotePath,
  mode: "read" | "append",
  hooks?: RaceHooks,
): Promise<OpenedNote> {
  const shown = note.display;
  const folders = note.segments.slice(0, -1);
  const name = note.segments[note.segments.length - 1] as string;
  try {
    await checkRoot(root);
    const { path: folder, chain } = await walkFolders(root, folders, mode === "append");
    const filePath = join(folder, name);
    const before = await lstatOrNull(filePath);
    if (before === null && mode === "read") {
      throw new NotesFailure(NOTES_ERROR_CODES.notFound, `note ${quote(shown)} does not exist`);
    }
    if (before !== null) checkFile(before, shown, mode);
    await hooks?.beforeOpen?.();
    const handle = await open(filePath, mode === "read" ? READ_FLAGS : APPEND_FLAGS, FILE_MODE);
    try {
      const stat = await handle.stat({ bigint: true });
      checkFile(stat, shown, mode);
      if (before !== null && !sameFile(stat, before)) throw changed(shown);
      const dir = await verifyWalk(root, folders, chain, shown);
      const after = await lstatOrNull(join(dir, name));
      if (after === null || after.isSymbolicLink() || !sameFile(after, stat)) throw changed(shown);
      return { handle, stat, created: before === null };
    } catch (error) {
      await handle.close();
      throw error;
    }
  } catch (error) {
    throw describeFsError(error, shown);
  }
}

function checkFile(stat: BigIntStats, shown: string, mode: "read" | "append"): void {
  const E = NOTES_ERROR_CODES;
  if (stat.isSymbolicLink()) throw symlink(shown);
  if (stat.isDirectory()) {
    throw new NotesFailure(
      E.notAFile,
      `${quote(shown)} is a folder, not a note; use action 'list'`,
    );
  }
  if (!stat.isFile()) {
    throw new NotesFailure(E.notAFile, `${quote(shown)} is not a regular file`);
  }
  if (mode === "append" && stat.nlink > 1n) {
    throw new NotesFailure(
      E.hardLink,
      `${quote(shown)} has other hard links (${stat.nlink}); appending to it is refused`,
    );
  }
}

/**
 * Lists a folder inside the root without following links: folders and regular files that pass
 * `keepFile`, skipping dot-files, links, other file types and names the tool could not address.
 * Reads at most `scanLimit` directory entries.
 */
export async function listFolder(
  root: NotesRoot,
  folder: NotePath,
  options: {
    scanLimit: number;
    keepFile: (name: string) => boolean;
    keepName: (name: string) => boolean;
  },
  hooks?: RaceHooks,
): Promise<{ entries: ListedEntry[]; skipped: number; complete: boolean }> {
  const shown = folder.display;
  try {
    await checkRoot(root);
    const { path, chain } = await walkFolders(root, folder.segments, false);
    await hooks?.beforeOpen?.();
    // Opened with O_NOFOLLOW|O_DIRECTORY first so a link swapped in for the last folder is caught.
    const probe = await open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK).catch(
      (error: NodeJS.ErrnoException) => {
        // A link (ELOOP, or ENOTDIR with O_DIRECTORY) where the walk saw a folder: swapped.
        throw error.code === "ELOOP" || error.code === "ENOTDIR" ? changed(shown) : error;
      },
    );
    try {
      const stat = await probe.stat({ bigint: true });
      const expected = chain[chain.length - 1] ?? root;
      if (!sameFile(stat, expected)) throw changed(shown);
    } finally {
      await probe.close();
    }
    const found: { name: string; folder: boolean }[] = [];
    let skipped = 0;
    let scanned = 0;
    let complete = true;
    const dir = await opendir(path);
    for await (const entry of dir) {
      if (scanned++ >= options.scanLimit) {
        complete = false;
        break;
      }
      if (!options.keepName(entry.name)) skipped++;
      else if (entry.isDirectory()) found.push({ name: entry.name, folder: true });
      else if (entry.isFile() && options.keepFile(entry.name)) {
        found.push({ name: entry.name, folder: false });
      } else skipped++;
    }
    await verifyWalk(root, folder.segments, chain, shown);
    found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const entries: ListedEntry[] = found.map((entry) =>
      entry.folder ? { name: entry.name, type: "folder" } : { name: entry.name, type: "file" },
    );
    return { entries, skipped, complete };
  } catch (error) {
    throw describeFsError(error, shown);
  }
}

/** Sizes of listed files, by lstat (no link is followed); a file gone meanwhile is dropped. */
export async function withSizes(
  root: NotesRoot,
  folder: NotePath,
  entries: readonly ListedEntry[],
): Promise<ListedEntry[]> {
  const base = join(root.path, ...folder.segments);
  const sized: ListedEntry[] = [];
  for (const entry of entries) {
    if (entry.type === "folder") {
      sized.push(entry);
      continue;
    }
    const stat = await lstatOrNull(join(base, entry.name));
    if (stat?.isFile()) sized.push({ ...entry, bytes: Number(stat.size) });
  }
  return sized;
}
