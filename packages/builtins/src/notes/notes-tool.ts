import {
  type Hints,
  hints,
  type JsonObjectSchema,
  Tool,
  type ToolContext,
  ToolDefinitionError,
  ToolResponse,
} from "@toolgate/tool-core";
import { isRecord } from "@toolgate/tool-core/internal";
import {
  type ListedEntry,
  listFolder,
  type NotesRoot,
  openNote,
  resolveRoot,
  withSizes,
} from "./internal/confined-fs.js";
import { KeyedLock } from "./internal/keyed-lock.js";
import {
  hasAllowedExtension,
  isAddressableName,
  type NotePath,
  parseNotePath,
  quote,
} from "./internal/note-path.js";
import { NotesFailure } from "./internal/notes-failure.js";
import { NOTES_ERROR_CODES, type NotesErrorCode } from "./notes-error-codes.js";

/** Options of {@link NotesTool}. */
export interface NotesToolOptions {
  /**
   * The notes folder. Created (with its parents) when missing; its real path is pinned when the
   * tool is made, and every call stays inside it.
   */
  root: string;
  /** Longest text a `read` returns, in characters (Unicode code points); longer notes come back partial. @default 8000 */
  maxReadChars?: number;
  /** Longest `content` one `append` accepts, in characters (Unicode code points). @default 50000 */
  maxAppendChars?: number;
  /** Size a note may reach; an append that would pass it is refused and the note left unchanged. @default 2000000 */
  maxFileBytes?: number;
  /** File extensions notes may have, compared case-insensitively; an empty list allows no file. @default [".md", ".txt"] */
  extensions?: readonly string[];
  /** Most entries one `list` shows; more make the response partial. @default 200 */
  maxListEntries?: number;
  /**
   * Whether note text is treated as outside content (the registry then wraps it as data, not
   * instructions). Leave it on when anyone else can write into the folder.
   * @default true
   */
  externalContent?: boolean;
}

/** Arguments of the `notes` tool. */
export interface NotesArgs {
  /** What to do: read a note, append to one (creating it when missing), or list a folder. */
  action: "read" | "append" | "list";
  /** Relative to the notes folder, with '/' between folders; "" or "." is the folder itself (list). */
  path: string;
  /** The text to add (append only). */
  content?: string;
}

/** What `data` of a successful `read` holds. */
export interface NotesReadData {
  /** The note's path, relative to the notes folder. */
  path: string;
  /** Size of the note on disk. */
  bytes: number;
  /** Characters returned in `content`. */
  chars: number;
  /** True when the note is longer than `maxReadChars` and `content` is its start. */
  truncated: boolean;
  /** The note's text (its start, when `truncated`). */
  content: string;
}

/** What `data` of a successful `append` holds. */
export interface NotesAppendData {
  /** The note's path, relative to the notes folder. */
  path: string;
  /** Bytes this append wrote. */
  bytesWritten: number;
  /** Size of the note after the append. */
  bytes: number;
  /** True when the append created the note. */
  created: boolean;
}

/** What `data` of a successful `list` holds. */
export interface NotesListData {
  /** The folder's path, relative to the notes folder. */
  path: string;
  /** The notes and folders shown, at most `maxListEntries`. */
  entries: ListedEntry[];
  /** Entries found that the tool can address, before `maxListEntries` cut them. */
  total: number;
  /** True when `maxListEntries` cut the list. */
  truncated: boolean;
  /** Entries not shown: hidden names, links, other file types and extensions. */
  skipped: number;
}

export type { ListedEntry as NotesListEntry };

/** What `data` of an error response holds. */
export interface NotesErrorData {
  /** Why the call failed. */
  code: NotesErrorCode;
}

const SCAN_LIMIT = 10_000;
const KNOWN_ARGS = new Set(["action", "path", "content"]);
const READ_ONLY = hints({ readOnly: true, openWorld: false });
// One lock map per process, keyed by device and inode, so two tools on one folder share it.
const appendLock = new KeyedLock();

const INPUT_SCHEMA: JsonObjectSchema = {
  type: "object",
  properties: {
    action: {
      type: "string",
      enum: ["read", "append", "list"],
      description: "read a note, append text to a note, or list a folder",
    },
    path: {
      type: "string",
      description:
        "Relative path inside the notes folder, e.g. 'ideas/todo.md'; for list, '' is the top folder",
    },
    content: { type: "string", description: "Text to append (append only)" },
  },
  required: ["action", "path"],
  additionalProperties: false,
};

/**
 * Reads, appends to and lists text notes inside one folder. Every path is confined to the real
 * path of `root`: absolute paths, `..`, `~`, NUL bytes, backslashes, colons, hidden names and
 * symbolic links anywhere on the path (dangling ones too) are refused, files are opened with
 * `O_NOFOLLOW|O_NONBLOCK` and their identity checked with `fstat`, appends refuse hard-linked
 * files, and FIFOs and devices are refused. Appends to one file are serialised in the process
 * and written with one `O_APPEND` write each, so concurrent appends never interleave.
 *
 * @example
 * const notes = new NotesTool({ root: "./agent-notes" });
 * await notes.run({ action: "append", path: "ideas/todo.md", content: "- try the new parser" }, ctx);
 * await notes.run({ action: "read", path: "ideas/todo.md" }, ctx);
 */
export class NotesTool extends Tool<NotesArgs> {
  /** Longest text a `read` returns, in characters. */
  readonly maxReadChars: number;
  /** Longest `content` one `append` accepts, in characters. */
  readonly maxAppendChars: number;
  /** Size in bytes a note may reach. */
  readonly maxFileBytes: number;
  /** Most entries one `list` shows. */
  readonly maxListEntries: number;
  /** File extensions notes may have, compared case-insensitively. */
  readonly extensions: readonly string[];
  readonly #root: NotesRoot;

  constructor(options: NotesToolOptions) {
    if (typeof options !== "object" || options === null) {
      throw new ToolDefinitionError("NotesTool options must be an object with a 'root' folder");
    }
    const extensions = checkExtensions(options.extensions ?? [".md", ".txt"]);
    super({
      name: "notes",
      description:
        "Read, append to, and list text notes in one folder. Actions: 'read' a note, 'append' text " +
        "to a note (creates it and its folders), 'list' a folder ('' for the top). Paths are " +
        `relative, use '/', and notes end with ${extensions.join(" or ") || "(no extension allowed)"}; ` +
        "'..', hidden names and links are refused.",
      inputSchema: INPUT_SCHEMA,
      hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
      externalContent: options.externalContent ?? true,
      parallel: true,
    });
    this.maxReadChars = positiveInteger(options.maxReadChars, 8000, "maxReadChars");
    this.maxAppendChars = positiveInteger(options.maxAppendChars, 50_000, "maxAppendChars");
    this.maxFileBytes = positiveInteger(options.maxFileBytes, 2_000_000, "maxFileBytes");
    this.maxListEntries = positiveInteger(options.maxListEntries, 200, "maxListEntries");
    this.extensions = extensions;
    if (typeof options.root !== "string" || options.root === "") {
      throw new ToolDefinitionError("NotesTool: 'root' must be a non-empty folder path");
    }
    try {
      this.#root = resolveRoot(options.root);
    } catch (cause) {
      const reason = (cause as NodeJS.ErrnoException).code ?? (cause as Error).message;
      throw new ToolDefinitionError(
        `NotesTool: cannot use ${options.root} as notes root (${reason})`,
      );
    }
  }

  /** True for `append` (and anything unknown); `read` and `list` change nothing. */
  override needsConfirmation(args: NotesArgs): boolean {
    const action = typeof args === "object" && args !== null ? args.action : undefined;
    return action !== "read" && action !== "list";
  }

  /** Read-only hints for `read` and `list`. */
  override hintsFor(args: NotesArgs): Hints {
    return this.needsConfirmation(args) ? this.hints : READ_ONLY;
  }

  /** Runs one action; every failure is an error response naming the problem, never a throw. */
  async run(args: NotesArgs, context?: ToolContext): Promise<ToolResponse> {
    try {
      if (!isRecord(args)) {
        throw badArgs("arguments must be an object with 'action' and 'path'");
      }
      for (const key of Object.keys(args)) {
        if (!KNOWN_ARGS.has(key)) throw badArgs(`unknown argument ${quote(key)}`);
      }
      const { action } = args;
      if (action !== "append" && args.content !== undefined && args.content !== null) {
        throw badArgs(`'content' is only used with action 'append', not ${quote(String(action))}`);
      }
      switch (action) {
        case "read":
          return await this.#read(parseNotePath(args.path, "file", this.extensions));
        case "append":
          return await this.#append(
            parseNotePath(args.path, "file", this.extensions),
            args.content,
            context?.signal,
          );
        case "list":
          return await this.#list(parseNotePath(args.path ?? "", "folder", this.extensions));
        default:
          throw badArgs(
            `'action' must be "read", "append" or "list", got ${typeof action === "string" ? quote(action) : typeof action}`,
          );
      }
    } catch (error) {
      if (error instanceof NotesFailure) {
        return ToolResponse.error<NotesErrorData>(`notes: ${error.message}`, { code: error.code });
      }
      // Not expected; name only the error type, as a message could carry a host path.
      const type = error instanceof Error ? error.name : typeof error;
      return ToolResponse.error<NotesErrorData>(`notes: unexpected failure (${type})`, {
        code: NOTES_ERROR_CODES.io,
      });
    }
  }

  async #read(note: NotePath): Promise<ToolResponse<NotesReadData>> {
    const { handle, stat } = await openNote(this.#root, note, "read");
    try {
      const size = Number(stat.size);
      // Enough bytes for maxReadChars characters of up to 4 bytes each, plus one more character.
      const want = Math.min(size, this.maxReadChars * 4 + 4);
      const buffer = Buffer.alloc(want);
      let filled = 0;
      while (filled < want) {
        const { bytesRead } = await handle.read(buffer, filled, want - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      const decoded = new TextDecoder().decode(buffer.subarray(0, filled));
      const { end, count } = codePointPrefix(decoded, this.maxReadChars);
      const content = decoded.slice(0, end);
      const truncated = end < decoded.length;
      const data = { path: note.display, bytes: size, chars: count, truncated, content };
      if (truncated) {
        return ToolResponse.partial(
          `${content}\n\n[truncated: showing the first ${this.maxReadChars} characters of ${quote(note.display)}, which has ${size} bytes]`,
          data,
        );
      }
      return ToolResponse.ok(
        content === "" ? `Note ${quote(note.display)} is empty.` : content,
        data,
      );
    } finally {
      await handle.close();
    }
  }

  async #append(
    note: NotePath,
    content: unknown,
    signal: AbortSignal | undefined,
  ): Promise<ToolResponse<NotesAppendData>> {
    if (content === undefined || content === null) {
      throw badArgs("action 'append' needs 'content', the text to add");
    }
    if (typeof content !== "string")
      throw badArgs(`'content' must be a string, got ${typeof content}`);
    if (content.trim() === "") throw badArgs("'content' is empty; there is nothing to append");
    const chars = codePointPrefix(content, Number.POSITIVE_INFINITY).count;
    if (chars > this.maxAppendChars) {
      throw tooLarge(
        `'content' is too long (${chars} characters; the limit is ${this.maxAppendChars})`,
      );
    }
    // Each append is one line-terminated entry, so entries never run together.
    const entry = Buffer.from(content.endsWith("\n") ? content : `${content}\n`);
    if (entry.length > this.maxFileBytes) {
      throw tooLarge(
        `'content' is ${entry.length} bytes, more than a note may hold (${this.maxFileBytes} bytes)`,
      );
    }
    if (signal?.aborted) throw cancelled();
    const { handle, stat, created } = await openNote(this.#root, note, "append");
    try {
      return await appendLock.run(`${stat.dev}:${stat.ino}`, async () => {
        const size = Number((await handle.stat({ bigint: true })).size);
        let bytes = entry;
        if (size > 0) {
          // A note edited by hand may lack a final newline; start the entry on its own line.
          const last = Buffer.alloc(1);
          await handle.read(last, 0, 1, size - 1);
          if (last[0] !== 0x0a) bytes = Buffer.concat([Buffer.from("\n"), entry]);
        }
        if (size + bytes.length > this.maxFileBytes) {
          throw tooLarge(
            `appending ${bytes.length} bytes would make ${quote(note.display)} ${size + bytes.length} bytes, over the limit of ${this.maxFileBytes}; the note is unchanged`,
          );
        }
        if (signal?.aborted) throw cancelled();
        // One write of the whole entry with O_APPEND: other writers cannot land inside it.
        let offset = 0;
        while (offset < bytes.length) {
          const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
          offset += bytesWritten;
        }
        const total = size + bytes.length;
        const text =
          created && size === 0
            ? `Created ${quote(note.display)} with ${bytes.length} bytes.`
            : `Appended ${bytes.length} bytes to ${quote(note.display)} (now ${total} bytes).`;
        return ToolResponse.ok(text, {
          path: note.display,
          bytesWritten: bytes.length,
          bytes: total,
          created: created && size === 0,
        });
      });
    } finally {
      await handle.close();
    }
  }

  async #list(folder: NotePath): Promise<ToolResponse<NotesListData>> {
    const { entries, skipped, complete } = await listFolder(this.#root, folder, {
      scanLimit: SCAN_LIMIT,
      keepName: isAddressableName,
      keepFile: (name) => hasAllowedExtension(name, this.extensions),
    });
    const shown = await withSizes(this.#root, folder, entries.slice(0, this.maxListEntries));
    const truncated = entries.length > this.maxListEntries || !complete;
    const where = folder.segments.length === 0 ? "the notes folder" : quote(folder.display);
    const lines = shown.map((entry) =>
      entry.type === "folder" ? `- ${entry.name}/` : `- ${entry.name} (${entry.bytes} bytes)`,
    );
    let text =
      shown.length === 0 ? `No notes in ${where}.` : `Entries in ${where}:\n${lines.join("\n")}`;
    if (skipped > 0) {
      text += `\n(${skipped} other entries not shown: hidden names, links, other file types or extensions)`;
    }
    if (entries.length > this.maxListEntries) {
      text += `\n[truncated: showing ${shown.length} of ${entries.length} entries]`;
    }
    if (!complete) {
      text += `\n[truncated: the folder has more than ${SCAN_LIMIT} entries; only the first ${SCAN_LIMIT} were read]`;
    }
    const data = {
      path: folder.display,
      entries: shown,
      total: entries.length,
      truncated,
      skipped,
    };
    return truncated ? ToolResponse.partial(text, data) : ToolResponse.ok(text, data);
  }
}

const badArgs = (message: string) => new NotesFailure(NOTES_ERROR_CODES.invalidArguments, message);
const tooLarge = (message: string) => new NotesFailure(NOTES_ERROR_CODES.tooLarge, message);
const cancelled = () =>
  new NotesFailure(NOTES_ERROR_CODES.cancelled, "the call was cancelled; the note is unchanged");

/** End index and count of the first `max` code points of `text` (never splits a surrogate pair). */
function codePointPrefix(text: string, max: number): { end: number; count: number } {
  let end = 0;
  let count = 0;
  while (end < text.length && count < max) {
    const unit = text.charCodeAt(end);
    const pair = unit >= 0xd800 && unit <= 0xdbff && end + 1 < text.length;
    end += pair && isLowSurrogate(text.charCodeAt(end + 1)) ? 2 : 1;
    count++;
  }
  return { end, count };
}

const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

function positiveInteger(value: unknown, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new ToolDefinitionError(
      `NotesTool: '${field}' must be a positive integer, got ${String(value)}`,
    );
  }
  return value;
}

const EXTENSION = /^\.[^./\\:\u0000-\u001f]+(\.[^./\\:\u0000-\u001f]+)*$/;

function checkExtensions(value: unknown): readonly string[] {
  if (!Array.isArray(value)) {
    throw new ToolDefinitionError(
      "NotesTool: 'extensions' must be an array such as ['.md', '.txt']",
    );
  }
  for (const ext of value) {
    if (typeof ext !== "string" || !EXTENSION.test(ext)) {
      throw new ToolDefinitionError(
        `NotesTool: extension ${JSON.stringify(ext)} must start with '.' and hold no '/', '\\\\' or ':'`,
      );
    }
  }
  return Object.freeze([...value] as string[]);
}
