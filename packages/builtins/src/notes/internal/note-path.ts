import { isAbsolute, relative } from "node:path";
import { removeInvisibleCharacters } from "@toolgate/tool-core";
import { clip } from "@toolgate/tool-core/internal";
import { NOTES_ERROR_CODES, NotesFailure } from "./notes-failure.js";

/** Longest accepted path argument, in UTF-8 bytes (well under Linux's PATH_MAX of 4096). */
const MAX_PATH_BYTES = 1024;
/** Longest accepted file or folder name, in UTF-8 bytes (NAME_MAX on Linux and macOS). */
const MAX_NAME_BYTES = 255;
/** Deepest accepted nesting, in path segments. */
const MAX_DEPTH = 32;

/** A checked path: NFC segments relative to the notes root, and how to show it to the model. */
export interface NotePath {
  readonly segments: readonly string[];
  /** Relative path for messages; "." for the notes root itself. */
  readonly display: string;
}

// C0 controls, DEL and C1 controls: no business in a file name, and they garble messages.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

// Invisible and direction-changing characters (tool-core's shared list): a name with them can
// look like another name.
const hasInvisibleCharacters = (text: string) =>
  removeInvisibleCharacters(text) !== text.normalize("NFC");

const invalid = (message: string) => new NotesFailure(NOTES_ERROR_CODES.invalidPath, message);

/** Quotes a name for a message, cut short so a hostile argument cannot flood the text. */
export function quote(name: string): string {
  return JSON.stringify(clip(name, 60));
}

/**
 * Checks a path argument and splits it into segments. `kind: "folder"` accepts "" or "." for
 * the root and one trailing "/"; `kind: "file"` requires one of `extensions` (case-insensitive).
 *
 * @throws NotesFailure with a readable reason.
 */
export function parseNotePath(
  raw: unknown,
  kind: "file" | "folder",
  extensions: readonly string[],
): NotePath {
  if (typeof raw !== "string") {
    throw new NotesFailure(
      NOTES_ERROR_CODES.invalidArguments,
      `'path' must be a string, got ${raw === null ? "null" : typeof raw}`,
    );
  }
  // Cheap bound before normalising: NFC never shrinks a string below a quarter of its length.
  if (raw.length > MAX_PATH_BYTES * 4) {
    throw invalid(
      `path is too long (${raw.length} characters; the limit is ${MAX_PATH_BYTES} bytes)`,
    );
  }
  if (raw.includes("\u0000")) throw invalid("path contains a NUL byte");
  if (CONTROL.test(raw)) throw invalid("path contains control characters");
  if (hasInvisibleCharacters(raw)) {
    throw invalid("path contains invisible or text-direction characters");
  }
  let path = raw.normalize("NFC");
  if (kind === "folder" && (path === "" || path === "." || path === "./")) {
    return { segments: [], display: "." };
  }
  if (path === "") throw invalid("path is empty; give a file name such as 'todo.md'");
  const bytes = Buffer.byteLength(path);
  if (bytes > MAX_PATH_BYTES) {
    throw invalid(`path is too long (${bytes} bytes; the limit is ${MAX_PATH_BYTES})`);
  }
  if (path.startsWith("/")) {
    throw invalid("absolute paths are not allowed; give a path relative to the notes folder");
  }
  if (path.startsWith("~")) {
    throw invalid("'~' (a home folder) is not allowed; give a path relative to the notes folder");
  }
  if (path.includes("\\")) throw invalid("backslashes are not allowed in paths; use '/'");
  if (path.includes(":")) throw invalid("colons are not allowed in paths");
  if (kind === "folder" && path.endsWith("/")) path = path.slice(0, -1);
  const segments = path.split("/");
  if (segments.length > MAX_DEPTH) {
    throw invalid(
      `path is nested too deeply (${segments.length} levels; the limit is ${MAX_DEPTH})`,
    );
  }
  for (const segment of segments) checkSegment(segment);
  const name = segments[segments.length - 1] as string;
  if (kind === "file" && !hasAllowedExtension(name, extensions)) {
    throw invalid(
      extensions.length === 0
        ? "no file extensions are allowed by this notes tool"
        : `${quote(name)} does not end with an allowed extension (${extensions.join(", ")})`,
    );
  }
  return { segments, display: segments.join("/") };
}

function checkSegment(segment: string): void {
  if (segment === "") throw invalid("path has an empty segment ('//' or a trailing '/')");
  if (segment === "..") throw invalid("'..' is not allowed: paths cannot leave the notes folder");
  if (segment === ".") throw invalid("'.' segments are not allowed; write the path without them");
  if (segment.startsWith(".")) {
    throw invalid(`hidden names (starting with '.') are not allowed: ${quote(segment)}`);
  }
  const bytes = Buffer.byteLength(segment);
  if (bytes > MAX_NAME_BYTES) {
    throw invalid(
      `name ${quote(segment)} is too long (${bytes} bytes; the limit is ${MAX_NAME_BYTES})`,
    );
  }
}

/** Whether `name` ends with one of `extensions` and has something before it. */
export function hasAllowedExtension(name: string, extensions: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return extensions.some((ext) => lower.length > ext.length && lower.endsWith(ext.toLowerCase()));
}

/** Whether a directory entry's name is one the tool could address (listing shows only those). */
export function isAddressableName(name: string): boolean {
  try {
    if (name.normalize("NFC") !== name || name.includes("/")) return false;
    if (name.startsWith("~") || name.includes("\\") || name.includes(":")) return false;
    if (CONTROL.test(name) || hasInvisibleCharacters(name)) return false;
    checkSegment(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `candidate` is `root` or inside it, compared by path segments: a root `/d/notes` does
 * not contain `/d/notes_evil`. Both must be absolute and normalised.
 */
export function isWithinRoot(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  if (rel === "") return true;
  if (isAbsolute(rel)) return false;
  return rel !== ".." && !rel.startsWith("../");
}
