import { spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { Readable } from "node:stream";

/** How to run one process. */
export interface RunOptions {
  /** What the child sees as its own name (argv[0]). @default file */
  readonly argv0?: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Kill the group after this long; `null` = no limit. */
  readonly timeoutMs: number | null;
  /** Characters kept per stream; the rest is counted and discarded. */
  readonly maxOutputChars: number;
  /**
   * Bytes per stream after which the process group is killed because nobody will read the rest.
   * Memory stays bounded either way; this only saves the time of draining a flood.
   */
  readonly floodBytes: number;
  /** How long to wait for the pipes to drain after the child exits (a grandchild may hold them). */
  readonly drainMs: number;
  readonly signal?: AbortSignal;
}

/** What happened to one process. */
export interface RunResult {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Bytes each stream wrote in total (including the discarded part). */
  readonly stdoutBytes: number;
  readonly stderrBytes: number;
  readonly stdoutTruncated: boolean;
  readonly stderrTruncated: boolean;
  /** Either stream was cut, or the process was stopped for flooding. */
  readonly truncated: boolean;
  readonly timedOut: boolean;
  /** Why the process could not be started (bad working folder, exec failure), if it was not. */
  readonly startError?: string;
  /** Killed because its output passed `floodBytes`. */
  readonly flooded: boolean;
  readonly aborted: boolean;
}

/**
 * Finds `name` in the `PATH` the child will get (not the parent's), as an absolute path to an
 * executable regular file. Empty and relative `PATH` entries are skipped: they would resolve
 * against the working folder, which the command may control.
 */
export function resolveProgram(name: string, path: string | undefined): string | undefined {
  if (!path) return undefined;
  for (const dir of path.split(":")) {
    if (dir === "" || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here: try the next folder
    }
  }
  return undefined;
}

/** Keeps the first bytes of a stream (enough for `maxChars` characters) and counts the rest. */
class CappedSink {
  readonly #chunks: Buffer[] = [];
  readonly #maxBytes: number;
  #kept = 0;
  total = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.#maxBytes - this.#kept;
    if (room <= 0) return;
    // Copy the slice we keep so the large pooled chunk can be freed.
    const part = chunk.length <= room ? chunk : Buffer.from(chunk.subarray(0, room));
    this.#chunks.push(part);
    this.#kept += part.length;
  }

  text(maxChars: number): { text: string; truncated: boolean } {
    let text = Buffer.concat(this.#chunks, this.#kept).toString("utf8");
    let truncated = this.total > this.#kept;
    if (truncated && text.endsWith("\uFFFD")) text = text.slice(0, -1); // cut mid-character
    if (text.length > maxChars) {
      text = text.slice(0, maxChars);
      if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
      truncated = true;
    }
    return { text, truncated };
  }
}

/**
 * Runs `file` with `argv` (no shell), stdin closed, in its own process group. Resolves when the
 * child has exited and its pipes have drained, or `drainMs` after exit at the latest (the pipes
 * are then destroyed: a grandchild that left the group may hold them open forever). On timeout,
 * abort or flood the whole group gets SIGKILL, and when the call ends whatever is left in the
 * group is killed too. Never rejects.
 */
export function runProcess(
  file: string,
  argv: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  return new Promise((resolve) => {
    // UTF-8 needs at most 4 bytes per character (a surrogate pair is 2 chars for 4 bytes).
    const out = new CappedSink(options.maxOutputChars * 4);
    const err = new CappedSink(options.maxOutputChars * 4);
    let timedOut = false;
    let flooded = false;
    let aborted = false;
    let exit: { code: number | null; signal: string | null } | undefined;
    let spawnError: Error | undefined;
    let openStreams = 2;
    let settled = false;
    let drainTimer: NodeJS.Timeout | undefined;

    const child = spawn(file, argv as string[], {
      argv0: options.argv0,
      env: options.env,
      cwd: options.cwd,
      shell: false,
      detached: true, // own process group, so the whole group can be killed
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
    });

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is already gone
      }
    };

    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(drainTimer);
      options.signal?.removeEventListener("abort", onAbort);
      // Nothing the call started outlives it: leftover members of the group (background jobs,
      // a grandchild holding the pipes) are killed. The group id cannot have been reused while
      // any member is alive, and without members the kill finds nothing.
      killGroup();
      child.stdout?.destroy();
      child.stderr?.destroy();
      const stdout = out.text(options.maxOutputChars);
      const stderr = err.text(options.maxOutputChars);
      resolve({
        ...(spawnError && { startError: spawnError.message }),
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        stdout: stdout.text,
        stderr: stderr.text,
        stdoutBytes: out.total,
        stderrBytes: err.total,
        stdoutTruncated: stdout.truncated,
        stderrTruncated: stderr.truncated,
        truncated: stdout.truncated || stderr.truncated || flooded,
        timedOut,
        flooded,
        aborted,
      });
    };

    const maybeFinish = () => {
      if (exit !== undefined && openStreams === 0) finish();
    };

    const watch = (stream: Readable | null, sink: CappedSink) => {
      if (!stream) {
        openStreams--;
        return;
      }
      stream.on("data", (chunk: Buffer) => {
        sink.push(chunk);
        if (!flooded && sink.total > options.floodBytes) {
          flooded = true;
          killGroup();
        }
      });
      stream.once("close", () => {
        openStreams--;
        maybeFinish();
      });
      stream.on("error", () => {});
    };
    watch(child.stdout, out);
    watch(child.stderr, err);

    const timer =
      options.timeoutMs === null
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            killGroup();
          }, options.timeoutMs);

    const onAbort = () => {
      aborted = true;
      killGroup();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });

    child.once("error", (error) => {
      // spawn failed (e.g. ENOENT between resolve and spawn): there will be no exit event.
      spawnError = error;
      exit = { code: null, signal: null };
      finish();
    });
    child.once("exit", (code, signal) => {
      exit = { code, signal };
      clearTimeout(timer);
      drainTimer = setTimeout(finish, options.drainMs);
      maybeFinish();
    });
  });
}
