import { lstatSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { clip } from "@toolgate/tool-core/internal";
import type { RunResult } from "./run-process.js";

// A repository's own config can make a plain `git status`, `git diff` or `git archive` run
// programs (core.fsmonitor, hooks, filter and diff drivers, archive formats, aliases, ssh commands).
// Two defences:
// - Keys with one fixed name are forced through GIT_CONFIG_COUNT / GIT_CONFIG_KEY_n /
//   GIT_CONFIG_VALUE_n, which has command-line precedence, so the repository cannot override them.
// - Keys named by something the repository invents (a driver, a format, a tool, an alias) cannot be
//   overridden ahead of time, so the repository's config is read first (includes followed) and
//   the command is refused when the repository sets one of them.

/** Environment for every git child: no system or global config, no prompts, no pager. */
const GIT_ENV: Readonly<Record<string, string>> = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_TERMINAL_PROMPT: "0",
  GIT_PAGER: "cat",
  PAGER: "cat",
  GIT_OPTIONAL_LOCKS: "0",
};

/** Config that always wins over the repository's (each key has one fixed name). */
const GIT_FORCED_CONFIG: readonly (readonly [string, string])[] = [
  ["core.fsmonitor", "false"],
  ["core.hooksPath", "/dev/null"],
  ["core.pager", "cat"],
  ["core.editor", "/dev/null"],
  ["sequence.editor", "/dev/null"],
  ["core.sshCommand", "ssh"],
  ["core.askPass", ""],
  ["credential.helper", ""], // an empty value resets the list of helpers
  ["gpg.program", "gpg"],
  ["gpg.openpgp.program", "gpg"],
  ["gpg.x509.program", "gpgsm"],
  ["gpg.ssh.program", "ssh-keygen"],
  ["gpg.ssh.defaultKeyCommand", ""],
  ["log.showSignature", "false"],
  ["protocol.ext.allow", "never"],
  ["protocol.fd.allow", "never"],
  // A local-path or file:// remote runs git-receive-pack / git-upload-archive in that other
  // repository with its own config and hooks, and git drops GIT_CONFIG_COUNT for it.
  ["protocol.file.allow", "never"],
  ["help.format", "man"],
  ["man.viewer", "man"],
  ["web.browser", ""],
  ["submodule.recurse", "false"],
  ["fetch.recurseSubmodules", "false"],
  ["push.recurseSubmodules", "no"], // a push inside a submodule would use its unchecked config
  ["diff.submodule", "short"],
  ["diff.ignoreSubmodules", "all"],
  ["status.submoduleSummary", "false"],
  // An autostash is applied like `git stash apply` without -q, which compares the worktree.
  ["merge.autoStash", "false"],
  ["rebase.autoStash", "false"],
];

/** Arguments (after the repository options) that list the config git will use, with origins. */
export const GIT_CONFIG_LIST_ARGS: readonly string[] = [
  "config",
  "--list",
  "--show-origin",
  "--includes",
  "--null",
];

/** A repository config key that the command is refused for, and why. */
export interface RepositoryConfigProblem {
  /** The key as git lists it: section and name lower-case, subsection as written. */
  readonly key: string;
  /** What the key does, as the end of a sentence ("which runs a program"). */
  readonly reason: string;
}

const RUNS = "which runs a program";
// Includes are refused rather than followed: what they load can change while the command runs
// (`includeIf.onbranch:` after a checkout, a tracked file after a merge) and spawned git children
// read it again.
const INCLUDES =
  "which loads more config from another file (that config can change while git runs)";
const HELPER = "which makes git run a remote-helper program (`<transport>::` address)";
// `<transport>::<address>` makes git run the program git-remote-<transport>.
const HELPER_TRANSPORT = /^[A-Za-z][A-Za-z0-9+.-]*::/;
// Values git reads as a boolean (git_parse_maybe_bool: words, empty, or an integer with a unit).
const GIT_BOOLEAN = /^(true|false|yes|no|on|off|[+-]?\d+[kmg]?|)$/i;
// Values git reads as boolean false (git_parse_maybe_bool_text, or the integer 0).
const GIT_FALSE = /^(false|no|off|0|)$/i;
// The format names whose `gpg.<format>.program` GIT_FORCED_CONFIG overrides.
const FORCED_GPG_FORMATS = new Set(["openpgp", "x509", "ssh"]);

/**
 * Why a key set by the repository makes git run a program (or write where it says), or
 * `undefined` for a key that is harmless or forced by `GIT_FORCED_CONFIG`. `value` is `undefined`
 * for a key written without `=` (a boolean true). Section and name are compared case-insensitively
 * as git does; the subsection keeps its case.
 */
export function repositoryKeyReason(key: string, value: string | undefined): string | undefined {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first <= 0) return undefined;
  const section = key.slice(0, first).toLowerCase();
  const name = key.slice(last + 1).toLowerCase();
  const subsection = first === last ? undefined : key.slice(first + 1, last);
  const sub = subsection !== undefined;
  const is = (...names: string[]) => names.includes(name);
  switch (section) {
    case "alias":
      // `!` runs a shell; any other alias runs a git command this tool's policy never saw.
      return "which defines a git alias (it can run a shell command or unchecked git options)";
    case "include":
      return is("path") && !sub ? INCLUDES : undefined;
    case "includeif":
      return is("path") && sub ? INCLUDES : undefined;
    case "filter":
      return RUNS; // clean, smudge, process, and required (which only makes sense with them)
    case "tar":
      return sub && is("command") ? RUNS : undefined;
    case "diff":
      return (sub && is("textconv", "command")) || (!sub && is("external")) ? RUNS : undefined;
    case "merge":
      return sub && is("driver") ? RUNS : undefined;
    case "difftool":
    case "mergetool":
    case "browser":
    case "man":
      return sub && is("cmd", "path") ? RUNS : undefined;
    case "guitool":
      return sub && is("cmd") ? RUNS : undefined;
    case "trailer":
      return sub && is("cmd", "command") ? RUNS : undefined;
    case "credential":
      return sub && is("helper") ? RUNS : undefined;
    case "hook": // config-based hooks (git 2.36+ `git hook`, newer gits run them for every event)
      return sub && is("command") ? RUNS : undefined;
    case "remote":
      if (sub && is("uploadpack", "receivepack", "vcs")) return RUNS;
      return sub && is("url", "pushurl") && HELPER_TRANSPORT.test(value ?? "") ? HELPER : undefined;
    case "url":
      return sub && is("insteadof", "pushinsteadof") && HELPER_TRANSPORT.test(subsection)
        ? HELPER
        : undefined;
    case "submodule":
      if (sub && is("update") && (value ?? "").trimStart().startsWith("!")) return RUNS;
      // Beats fetch.recurseSubmodules=false for that submodule (also one named by its path that
      // .gitmodules does not list, whose name no override can know ahead of time).
      if (sub && is("fetchrecursesubmodules") && !GIT_FALSE.test(value?.trim() ?? "true")) {
        return "which makes git fetch run git fetch inside that submodule, whose config is not checked";
      }
      // Any `ignore` but `all` makes status and diff run git inside the submodule, with the
      // submodule's own config, which is not checked here.
      return sub && is("ignore") && value?.trim().toLowerCase() !== "all"
        ? "which makes git status and diff run git inside that submodule, whose config is not checked"
        : undefined;
    case "pager":
      return value === undefined || GIT_BOOLEAN.test(value.trim()) ? undefined : RUNS;
    case "gpg":
      return sub && is("program") && !FORCED_GPG_FORMATS.has(subsection) ? RUNS : undefined;
    case "core":
      // git uses the first matching gitProxy, so a forced value would come too late.
      return !sub && is("gitproxy", "alternaterefscommand") ? RUNS : undefined;
    case "interactive":
      return !sub && is("difffilter") ? RUNS : undefined;
    case "uploadpack":
      return !sub && is("packobjectshook") ? RUNS : undefined;
    case "sendemail": // sendemail.<key> and sendemail.<identity>.<key>
      if (is("tocmd", "cccmd", "headercmd")) return RUNS;
      // An smtpServer that is a path is a sendmail-like program.
      return is("smtpserver") && /^~|\//.test(value?.trim() ?? "") ? RUNS : undefined;
    case "imap":
      return !sub && is("tunnel") ? RUNS : undefined;
    case "instaweb":
      return !sub && is("browser", "httpd") ? RUNS : undefined;
    case "help":
      return !sub && is("browser") ? RUNS : undefined;
    case "format":
      return !sub && is("outputdirectory")
        ? "which makes git format-patch write files where it names"
        : undefined;
    default:
      return undefined;
  }
}

/**
 * The keys of a `git config --list --show-origin --null` listing that the repository set (any
 * origin but the command line, which is ours) and that make git run programs, in listing order.
 */
export function repositoryConfigProblems(listing: string): RepositoryConfigProblem[] {
  const problems: RepositoryConfigProblem[] = [];
  const fields = listing.split("\0");
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === "command line:") continue;
    const entry = fields[i + 1]!;
    const newline = entry.indexOf("\n");
    const key = newline === -1 ? entry : entry.slice(0, newline);
    const value = newline === -1 ? undefined : entry.slice(newline + 1);
    const reason = repositoryKeyReason(key, value);
    if (reason !== undefined && !problems.some((p) => p.key === key)) {
      problems.push({ key, reason });
    }
  }
  return problems;
}

const MAX_NAMED_KEYS = 5;

/**
 * The refusal text for a repository whose config sets `problems` (at least one); `owner` names
 * it (such as `submodule lib/x`) when it is not the one the command runs in.
 */
export function repositoryConfigRefusal(
  problems: readonly RepositoryConfigProblem[],
  owner?: string,
): string {
  const named = problems
    .slice(0, MAX_NAMED_KEYS)
    .map((p) => `${printableText(p.key, 120)}, ${p.reason}`);
  const more = problems.length - named.length;
  if (more > 0) named.push(`${more} more such key${more === 1 ? "" : "s"}`);
  const whose = owner === undefined ? "the repository's git config" : `the git config of ${owner}`;
  return `Refused: ${whose} sets ${named.join("; and ")}. git is not run in a repository whose config chooses programs to run.`;
}

/**
 * `text` clipped to `max` characters, shown as a JSON string when it holds anything but printable
 * ASCII (config subsections and git's messages may carry control characters).
 */
export function printableText(text: string, max: number): string {
  const clipped = clip(text, max);
  return /^[\x20-\x7e]*$/.test(clipped) ? clipped : JSON.stringify(clipped);
}

/**
 * The global options of a git argv that choose the repository (`-C`, `--git-dir`,
 * `--work-tree`, `--bare`), so the config read sees the same repository.
 */
export function gitRepositoryOptions(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    if (!token.startsWith("-")) break;
    if (token === "-C" || token === "--git-dir" || token === "--work-tree") {
      kept.push(token, args[i + 1] ?? "");
      i++;
    } else if (token === "-c" || token === "--config-env" || token === "--namespace") {
      i++; // skip its value; only a custom policy lets these through
    } else if (/^--(git-dir|work-tree)=/.test(token) || token === "--bare") {
      kept.push(token);
    }
  }
  return kept;
}

/**
 * The child environment for git: `base` plus `GIT_ENV` defaults (the caller's `env` wins over
 * those) and the forced config, then `extra` (such as `submoduleOverrides`), appended after any
 * `GIT_CONFIG_COUNT` entries the caller set.
 */
export function gitEnvironment(
  base: Readonly<Record<string, string>>,
  extra: readonly (readonly [string, string])[] = [],
): Record<string, string> {
  const env: Record<string, string> = { ...GIT_ENV, ...base };
  const existing = Number.parseInt(base.GIT_CONFIG_COUNT ?? "0", 10);
  let n = Number.isSafeInteger(existing) && existing > 0 ? existing : 0;
  for (const [key, value] of [...GIT_FORCED_CONFIG, ...extra]) {
    env[`GIT_CONFIG_KEY_${n}`] = key;
    env[`GIT_CONFIG_VALUE_${n}`] = value;
    n++;
  }
  env.GIT_CONFIG_COUNT = String(n);
  return env;
}

/**
 * The environment of the config read: as `gitEnvironment`, but system and global config always
 * off (whatever the caller set, only the repository's keys are in question), without
 * `GIT_CONFIG`, which would make `git config` read that one file instead of the repository's,
 * and in the C locale (`submoduleOverrides` tells git's "not a repository" from other failures).
 */
export function gitConfigReadEnvironment(
  base: Readonly<Record<string, string>>,
): Record<string, string> {
  const env = gitEnvironment(base);
  delete env.GIT_CONFIG;
  env.GIT_CONFIG_NOSYSTEM = "1";
  env.GIT_CONFIG_GLOBAL = "/dev/null";
  delete env.GIT_CONFIG_SYSTEM;
  // Reads that take a pathspec (the gitlink listing's `:(top)`) need its magic.
  for (const name of ["LITERAL", "GLOB", "NOGLOB", "ICASE"]) delete env[`GIT_${name}_PATHSPECS`];
  env.LC_ALL = "C";
  return env;
}

// Submodules. diff.ignoreSubmodules=all keeps git out of populated submodules, but a
// `submodule.<name>.ignore` (other than `all`) or `.fetchRecurseSubmodules` in `.gitmodules`
// beats it for that submodule, and git then runs git inside it, with the submodule's own config
// (filter drivers, remote programs), which nobody checked. Only the command line or a repository
// config `submodule.<name>.*` beats `.gitmodules` (submodule.c,
// set_diffopt_flags_from_submodule_config and get_fetch_recurse_config), so every name the
// `.gitmodules` that git will read lists gets both keys forced. git reads the worktree's file when
// it exists (lstat), else the index's blob, else HEAD's (submodule-config.c,
// config_from_gitmodules); the names come from git's own parser, never from ours.

/**
 * Arguments (after the repository options) that print the worktree's top folder and then the
 * blob git reads `.gitmodules` from when the worktree has none (the index's, else HEAD's through
 * `--default`; nothing when neither has one). Fails outside a worktree.
 */
export const GITMODULES_PROBE_ARGS: readonly string[] = [
  "rev-parse",
  "--show-toplevel",
  "--revs-only",
  "--default",
  "HEAD:.gitmodules",
  ":.gitmodules",
];

/** Reads one git command's output (arguments after the repository options). */
export type GitRead = (args: readonly string[]) => Promise<RunResult>;

/** What `submoduleOverrides` found. */
export interface SubmoduleOverrides {
  /** The worktree's top folder, as git printed it; `undefined` without a worktree. */
  readonly top: string | undefined;
  /** Config to pass to `gitEnvironment`: two keys per submodule name. */
  readonly config: readonly (readonly [string, string])[];
}

/** Most submodule names forced per call (two environment entries each). */
export const MAX_SUBMODULE_NAMES = 1000;

// git's whole message (C locale) when there is no worktree, so no .gitmodules to read: outside a
// repository (the command itself then finds none either), or in a bare repository or a git dir.
const NO_WORKTREE =
  /^fatal: (not a git repository\b[^\n]*|this operation must be run in a work tree)$/;
const OBJECT_NAME = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * The worktree's top folder and the config that keeps git out of every submodule the
 * repository's `.gitmodules` names (`submodule.<name>.ignore=all` and
 * `.fetchRecurseSubmodules=false`, to pass to `gitEnvironment`), or the refusal text when that
 * file cannot be read. Costs one `git rev-parse`
 * per call (outside a worktree too, where it fails at once), and one `git config` more when a
 * `.gitmodules` exists.
 */
export async function submoduleOverrides(read: GitRead): Promise<SubmoduleOverrides | string> {
  const refuse = (why: string) =>
    `Refused: could not read the repository's .gitmodules to check it (${printableText(why, 300)})`;
  const probe = await read(GITMODULES_PROBE_ARGS);
  const failed = gitReadFailure(probe);
  if (failed !== undefined) {
    return probe.exitCode === 128 && NO_WORKTREE.test(probe.stderr.trim())
      ? { top: undefined, config: [] }
      : refuse(failed);
  }
  const lines = probe.stdout.split("\n");
  const top = lines[0]!;
  const blob = lines.length === 3 ? lines[1]! : undefined;
  if (
    lines.at(-1) !== "" ||
    (lines.length !== 2 && lines.length !== 3) ||
    !isAbsolute(top) ||
    (blob !== undefined && (!OBJECT_NAME.test(blob) || pathExists(`${top}\n${blob}`)))
  ) {
    // git prints the folder as it is: one whose name holds a line break could pass for
    // folder + object name.
    return refuse(`unexpected answer from git rev-parse: ${probe.stdout}`);
  }
  const file = join(top, ".gitmodules");
  const inWorktree = pathExists(file);
  if (typeof inWorktree === "string") return refuse(inWorktree);
  if (!inWorktree && blob === undefined) return { top, config: [] };
  const listing = await read(
    inWorktree
      ? ["config", "--file", file, "--list", "--null"]
      : ["config", "--blob", blob!, "--list", "--null"],
  );
  const unread = gitReadFailure(listing);
  if (unread !== undefined) return refuse(unread);
  const names = submoduleNames(listing.stdout);
  if (names.length > MAX_SUBMODULE_NAMES) {
    return refuse(`it names more than ${MAX_SUBMODULE_NAMES} submodules`);
  }
  const config = names.flatMap((name) => [
    [`submodule.${name}.ignore`, "all"] as const,
    [`submodule.${name}.fetchRecurseSubmodules`, "false"] as const,
  ]);
  return { top, config };
}

/**
 * The submodule names (subsections of `submodule.<name>.<key>`, any key) of a
 * `git config --list --null` listing, once each, in listing order. git lists the section and key
 * lower-case and the subsection as written, which is the name git looks the overrides up by.
 */
export function submoduleNames(listing: string): string[] {
  const names = new Set<string>();
  for (const entry of listing.split("\0")) {
    const newline = entry.indexOf("\n");
    const key = newline === -1 ? entry : entry.slice(0, newline);
    const first = key.indexOf(".");
    const last = key.lastIndexOf(".");
    if (first > 0 && last > first && key.slice(0, first).toLowerCase() === "submodule") {
      names.add(key.slice(first + 1, last));
    }
  }
  return [...names];
}

// Whether `path` exists, as git's file_exists sees it (lstat: a dangling link exists), or why
// that cannot be told.
function pathExists(path: string): boolean | string {
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? false : String(error);
  }
}

/** Why a git read failed (timed out, cancelled, too long, or git's message), or `undefined`. */
export function gitReadFailure(read: RunResult): string | undefined {
  if (read.exitCode === 0 && !read.truncated) return undefined;
  if (read.timedOut) return "timed out";
  if (read.aborted) return "cancelled";
  if (read.truncated) return "the answer is too long";
  return read.startError ?? (read.stderr.trim() || `exit ${read.exitCode}`);
}
