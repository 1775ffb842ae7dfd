import {
  type Hints,
  hints,
  Tool,
  type ToolContext,
  ToolDefinitionError,
  ToolResponse,
} from "@toolgate/tool-core";
import { minimalEnv, timeoutOption } from "@toolgate/tool-core/internal";
import { type ArgPolicy, defaultArgPolicy } from "./arg-policy.js";
import {
  GIT_CONFIG_LIST_ARGS,
  type GitRead,
  gitConfigReadEnvironment,
  gitEnvironment,
  gitReadFailure,
  gitRepositoryOptions,
  printableText,
  repositoryConfigProblems,
  repositoryConfigRefusal,
  submoduleOverrides,
} from "./internal/git-hardening.js";
import {
  checkoutRefusal,
  submoduleConfigRefusal,
  submoduleReadEnvironment,
} from "./internal/git-submodule-check.js";
import { parseCommand } from "./internal/parse-command.js";
import { type RunResult, resolveProgram, runProcess } from "./internal/run-process.js";

/** Options of `CLITool`. */
export interface CLIToolOptions {
  /** Bare program names the model may run (`"git"`, `"ls"`); exact match. Empty denies all. */
  allowedCommands: readonly string[];
  /**
   * Kill the command's whole process group after this many milliseconds (1 to 2147483647);
   * `null` = no limit. See tool-core's README, "Timeouts". @default 10000
   */
  timeoutMs?: number | null;
  /** Characters kept per stream (stdout, stderr); more makes the response `partial`. @default 4000 */
  maxOutputChars?: number;
  /**
   * The child's whole environment. @default PATH, HOME and LANG copied from this process
   * (others, such as API keys, are not passed on)
   */
  env?: Readonly<Record<string, string>>;
  /** Decides which arguments may run; return a reason to refuse. @default defaultArgPolicy */
  argPolicy?: ArgPolicy;
  /** Working folder of the child. @default this process's working folder */
  cwd?: string;
}

/** `data` of every response that ran a process. */
export interface CLIResultData {
  /** The exit code, or `null` when a signal ended the process or it never started. */
  exitCode: number | null;
  /** The signal that ended the process (such as `"SIGKILL"`), or `null`. */
  signal: string | null;
  /** Standard output, cut to `maxOutputChars`. */
  stdout: string;
  /** Standard error, cut to `maxOutputChars`. */
  stderr: string;
  /** Either stream was cut, or the process was stopped for flooding its output. */
  truncated: boolean;
  /** The process was killed at `timeoutMs`. */
  timedOut: boolean;
}

/** Arguments of the `cli` tool. */
export interface CLIArgs {
  /** The command line: a program from the allowlist and its arguments, with no shell syntax. */
  command: string;
}

const MAX_COMMAND_CHARS = 8192;
// A bare program name: no slash, not `.`/`..`, no leading dash.
const BARE_NAME = /^(?!\.{1,2}$)[A-Za-z0-9._+][A-Za-z0-9._+-]*$/;
// Programs that only read and print, whatever their (default-policy) arguments; see hintsFor.
const READ_ONLY_PROGRAMS = new Set(["ls", "pwd", "cat", "echo", "wc", "head"]);
const GIT_CONFIG_READ_MS = 5000;
const DRAIN_MS = 100;

/**
 * Runs one allowlisted program with arguments, without a shell.
 *
 * - The command line is split into argv with shell-style quoting; operators, redirections,
 *   substitutions, variables, globs, `~`, newlines and control characters are refused.
 * - The program must be a bare name on `allowedCommands` and is resolved in the child's `PATH`.
 * - `argPolicy` (by default `defaultArgPolicy`) refuses dangerous programs and options.
 * - The child gets a minimal environment, stdin closed, its own process group; on timeout the
 *   whole group is killed. Each stream is capped at `maxOutputChars` with bounded memory.
 * - git runs with system and global config off and fixed command keys (fsmonitor, hooks, pager,
 *   editor, ssh, credential helper, gpg) forced off; a command is refused when the repository's
 *   config sets a key that runs a program under a name it chooses (filter, diff, merge or archive
 *   drivers, aliases, remote programs, includes, ...), naming the key; every submodule that
 *   `.gitmodules` names gets `ignore=all` and `fetchRecurseSubmodules=false` forced, and the
 *   config of every populated submodule (at any depth) is checked the same way; `checkout`,
 *   `switch` and `stash apply`/`pop` need `-q`, and `--autostash` is refused.
 *
 * Every call that can run needs confirmation (`requiresConfirmation: true`); refused ones are
 * answered at once.
 *
 * @example
 * const cli = new CLITool({ allowedCommands: ["git", "ls"], cwd: "/srv/repo" });
 * await cli.run({ command: "git log --oneline -5" }, { signal });
 */
export class CLITool extends Tool<CLIArgs> {
  /** Bare program names the model may run. */
  readonly allowedCommands: ReadonlySet<string>;
  /** The limit in milliseconds, or `null` for none. */
  readonly timeoutMs: number | null;
  /** Characters kept per stream (stdout, stderr). */
  readonly maxOutputChars: number;
  readonly #env: Readonly<Record<string, string>>;
  readonly #argPolicy: ArgPolicy;
  readonly #cwd: string | undefined;

  constructor(options: CLIToolOptions) {
    const allowed = checkOptions(options);
    const timeoutMs = timeoutOption(options.timeoutMs, "CLITool: timeoutMs", 10_000);
    super({
      name: "cli",
      description: `Run one command (no shell: no pipes, redirections, variables or globs). Allowed programs: ${allowed.length > 0 ? allowed.join(", ") : "(none)"}.`,
      inputSchema: {
        type: "object",
        properties: {
          command: {
            type: "string",
            description: "The command line, e.g. `git status` or `ls -la src`",
            minLength: 1,
            maxLength: MAX_COMMAND_CHARS,
          },
        },
        required: ["command"],
        additionalProperties: false,
      },
      requiresConfirmation: true,
      // Output can carry other people's text (files, repositories, web pages): guard it.
      externalContent: true,
    });
    this.allowedCommands = new Set(allowed);
    this.timeoutMs = timeoutMs;
    this.maxOutputChars = options.maxOutputChars ?? 4000;
    this.#env = Object.freeze({ ...(options.env ?? minimalEnv()) });
    this.#argPolicy = options.argPolicy ?? defaultArgPolicy;
    this.#cwd = options.cwd;
  }

  /**
   * A human is asked only about commands that can run: one that the parser, the allowlist or the
   * policy refuses is answered with the refusal straight away, without bothering anyone.
   */
  override needsConfirmation(args: CLIArgs): boolean {
    return typeof this.#check(args) !== "string";
  }

  // The argv to run, or why the command is refused (checks that need no process).
  #check(args: CLIArgs): readonly string[] | string {
    const command = (args as unknown as Record<string, unknown> | null)?.command;
    if (typeof command !== "string") return "`command` must be a string";
    if (command.length > MAX_COMMAND_CHARS) {
      return `the command is longer than ${MAX_COMMAND_CHARS} characters`;
    }
    const parsed = parseCommand(command);
    if (!parsed.ok) return parsed.reason;
    const program = parsed.argv[0]!;
    if (!this.allowedCommands.has(program)) {
      const hint = program.includes("/") ? " (give the bare program name, not a path)" : "";
      const allowed = [...this.allowedCommands].join(", ") || "none";
      return `program '${program}' is not allowed${hint}; allowed: ${allowed}`;
    }
    const switching = program === "git" ? checkoutRefusal(parsed.argv.slice(1)) : undefined;
    return this.#argPolicy(parsed.argv) ?? switching ?? parsed.argv;
  }

  /**
   * Read-only (and closed-world) for `ls`, `pwd`, `cat`, `echo`, `wc` and `head` when the
   * command parses, the program is allowed and the default policy accepts its options (none of
   * those options write); worst case otherwise.
   */
  override hintsFor(args: CLIArgs): Hints {
    const parsed = typeof args?.command === "string" ? parseCommand(args.command) : undefined;
    if (parsed?.ok) {
      const program = parsed.argv[0]!;
      if (
        READ_ONLY_PROGRAMS.has(program) &&
        this.allowedCommands.has(program) &&
        defaultArgPolicy(parsed.argv) === undefined
      ) {
        return hints({ readOnly: true, openWorld: false });
      }
    }
    return this.hints;
  }

  async run(
    args: CLIArgs,
    context?: ToolContext,
  ): Promise<ToolResponse<CLIResultData | undefined>> {
    const refuse = (reason: string) =>
      ToolResponse.error<CLIResultData | undefined>(`Refused: ${reason}`);
    const checked = this.#check(args);
    if (typeof checked === "string") return refuse(checked);
    const argv = checked;
    const program = argv[0]!;
    if (context?.signal.aborted) return refuse("the call was cancelled before it started");
    const file = resolveProgram(program, this.#env.PATH);
    if (file === undefined) return refuse(`program '${program}' was not found in PATH`);

    let env: Record<string, string> = { ...this.#env };
    if (program === "git") {
      const read = (args: readonly string[]) => this.#readGit(file, argv, args, context?.signal);
      const refusal = await this.#gitConfigRefusal(read);
      if (refusal !== undefined) return ToolResponse.error(refusal);
      // Only after the config check: reading .gitmodules from HEAD or the index reads objects.
      const submodules = await submoduleOverrides(read);
      if (typeof submodules === "string") return ToolResponse.error(submodules);
      if (submodules.top !== undefined) {
        // Every populated submodule is a repository git may enter: its config is checked too.
        const readIn = (folder: string, args: readonly string[]) =>
          this.#readGit(file, [], args, context?.signal, folder);
        const entered = await submoduleConfigRefusal(submodules.top, read, readIn);
        if (entered !== undefined) return ToolResponse.error(entered);
      }
      env = gitEnvironment(this.#env, submodules.config);
    }
    const result = await runProcess(file, argv.slice(1), {
      argv0: program,
      env,
      cwd: this.#cwd,
      timeoutMs: this.timeoutMs,
      maxOutputChars: this.maxOutputChars,
      floodBytes: Math.max(8 * 1024 * 1024, this.maxOutputChars * 256),
      drainMs: DRAIN_MS,
      signal: context?.signal,
    });
    return this.#respond(result);
  }

  // One git read before the command (`args` after the command's repository options), with the
  // config-read environment and a short limit; in a submodule's `folder` when one is given.
  // The limit fits the index listing of a large repository (about 100 characters per file).
  #readGit(
    file: string,
    argv: readonly string[],
    args: readonly string[],
    signal: AbortSignal | undefined,
    folder?: string,
  ): Promise<RunResult> {
    return runProcess(file, [...gitRepositoryOptions(argv.slice(1)), ...args], {
      env:
        folder === undefined
          ? gitConfigReadEnvironment(this.#env)
          : submoduleReadEnvironment(this.#env),
      cwd: folder ?? this.#cwd,
      timeoutMs: Math.min(this.timeoutMs ?? GIT_CONFIG_READ_MS, GIT_CONFIG_READ_MS),
      maxOutputChars: 16 * 1024 * 1024,
      floodBytes: 64 * 1024 * 1024,
      drainMs: DRAIN_MS,
      signal,
    });
  }

  // Why git must not run here: the repository's config (includes followed) sets a key that runs
  // a program and cannot be forced off, or the config could not be read. One read per call.
  async #gitConfigRefusal(read: GitRead): Promise<string | undefined> {
    const listing = await read(GIT_CONFIG_LIST_ARGS);
    // Outside a repository the listing is just ours (exit 0); any failure (a bad config line, a
    // missing -C folder) is refused rather than guessed at.
    const why = gitReadFailure(listing);
    if (why !== undefined) {
      return `Refused: could not read the repository's git config to check it (${printableText(why, 300)})`;
    }
    const problems = repositoryConfigProblems(listing.stdout);
    return problems.length > 0 ? repositoryConfigRefusal(problems) : undefined;
  }

  #respond(result: RunResult): ToolResponse<CLIResultData> {
    const data: CLIResultData = {
      exitCode: result.exitCode,
      signal: result.signal,
      stdout: result.stdout,
      stderr: result.stderr,
      truncated: result.truncated,
      timedOut: result.timedOut,
    };
    if (result.startError !== undefined) {
      return ToolResponse.error(`Could not start the command: ${result.startError}`, data);
    }
    const parts: string[] = [];
    if (result.timedOut) {
      parts.push(`Timed out after ${this.timeoutMs} ms; the command and its children were killed.`);
    } else if (result.aborted) {
      parts.push("Cancelled; the command and its children were killed.");
    } else if (result.flooded) {
      parts.push(
        `Stopped after ${Math.max(result.stdoutBytes, result.stderrBytes)} bytes of output: the rest would have been discarded.`,
      );
    } else if (result.exitCode !== 0) {
      parts.push(
        result.exitCode === null
          ? `Killed by ${result.signal ?? "a signal"}.`
          : `Exit code ${result.exitCode}.`,
      );
    }
    parts.push(section("stdout", result.stdout, result.stdoutBytes, result.stdoutTruncated));
    if (result.stderr !== "") {
      parts.push(section("stderr", result.stderr, result.stderrBytes, result.stderrTruncated));
    }
    const text = parts.filter((p) => p !== "").join("\n") || "(no output)";
    const failed = result.timedOut || result.aborted || (!result.flooded && result.exitCode !== 0);
    if (failed) return ToolResponse.error(text, data);
    return result.truncated ? ToolResponse.partial(text, data) : ToolResponse.ok(text, data);
  }
}

function section(name: string, text: string, bytes: number, cut: boolean): string {
  const note = cut
    ? `\n[${name} truncated: first ${text.length} characters of ${bytes} bytes]`
    : "";
  if (name === "stdout") return text === "" && !cut ? "" : `${text}${note}`;
  return `[stderr]\n${text}${note}`;
}

function checkOptions(options: CLIToolOptions): string[] {
  if (typeof options !== "object" || options === null) {
    throw new ToolDefinitionError("CLITool options must be an object with allowedCommands");
  }
  const { allowedCommands, maxOutputChars, env, argPolicy, cwd } = options;
  if (!Array.isArray(allowedCommands)) {
    throw new ToolDefinitionError("CLITool: allowedCommands must be an array of program names");
  }
  for (const name of allowedCommands) {
    if (typeof name !== "string" || !BARE_NAME.test(name)) {
      throw new ToolDefinitionError(
        `CLITool: allowedCommands entry ${JSON.stringify(name)} must be a bare program name (no slashes, not starting with '-')`,
      );
    }
  }
  if (
    maxOutputChars !== undefined &&
    (!Number.isSafeInteger(maxOutputChars) || maxOutputChars <= 0)
  ) {
    throw new ToolDefinitionError(
      `CLITool: maxOutputChars must be a positive integer, got ${maxOutputChars}`,
    );
  }
  if (env !== undefined) {
    if (typeof env !== "object" || env === null) {
      throw new ToolDefinitionError("CLITool: env must be an object of strings");
    }
    for (const [key, value] of Object.entries(env)) {
      if (
        typeof value !== "string" ||
        key.includes("=") ||
        key.includes("\0") ||
        value.includes("\0")
      ) {
        throw new ToolDefinitionError(
          `CLITool: env entry ${JSON.stringify(key)} must be a string without '=' in its name or NUL`,
        );
      }
    }
  }
  if (argPolicy !== undefined && typeof argPolicy !== "function") {
    throw new ToolDefinitionError("CLITool: argPolicy must be a function");
  }
  if (cwd !== undefined && typeof cwd !== "string") {
    throw new ToolDefinitionError("CLITool: cwd must be a string");
  }
  return [...new Set(allowedCommands as string[])];
}
