import { lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import {
  GIT_CONFIG_LIST_ARGS,
  type GitRead,
  gitConfigReadEnvironment,
  gitReadFailure,
  printableText,
  repositoryConfigProblems,
  repositoryConfigRefusal,
} from "./git-hardening.js";
import type { RunResult } from "./run-process.js";

// Forcing `submodule.<name>.ignore=all` keeps status and diff out of submodules, but git still
// runs git inside a populated submodule, under that submodule's own config, for `git add -u/-A/
// <folder>` and `git rm -r` (they ignore every `ignore`), for diff plumbing and `describe --dirty`
// on a gitlink no .gitmodules names, and after a checkout brings another .gitmodules. No setting
// turns filter drivers off, so every repository git may enter is checked like the top one: each
// gitlink of the index whose folder holds a `.git` has its own effective config read and refused
// on the same keys, and its own gitlinks checked in turn.

/** Reads one git command in the repository whose worktree top is `folder` (see `submoduleReadEnvironment`). */
export type GitReadIn = (folder: string, args: readonly string[]) => Promise<RunResult>;

/**
 * Arguments (after the repository options) that list every index entry of the whole worktree
 * (`:(top)`), paths from the top, NUL-terminated: `<mode> <object> <stage>\t<path>`.
 */
export const GITLINK_LIST_ARGS: readonly string[] = [
  "ls-files",
  "--stage",
  "-z",
  "--full-name",
  "--",
  ":(top)",
];

/** Most repositories checked per call (submodules at every depth). */
export const MAX_CHECKED_SUBMODULES = 100;
/** Deepest submodule nesting checked (a submodule of the top repository is depth 1). */
export const MAX_SUBMODULE_DEPTH = 8;

// Variables git clears before it runs git in another repository (environment.c, local_repo_env,
// less the config ones it keeps); set, they would make the read look at the wrong repository.
const LOCAL_REPO_ENV = [
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_DIR",
  "GIT_GRAFT_FILE",
  "GIT_IMPLICIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_INTERNAL_SUPER_PREFIX",
  "GIT_NAMESPACE",
  "GIT_NO_REPLACE_OBJECTS",
  "GIT_OBJECT_DIRECTORY",
  "GIT_PREFIX",
  "GIT_REPLACE_REF_BASE",
  "GIT_SHALLOW_FILE",
  "GIT_WORK_TREE",
];

/**
 * The environment of a read inside a submodule's folder: `gitConfigReadEnvironment`, without the
 * variables that choose a repository, and with `GIT_DIR=.git`, as git sets when it enters a
 * submodule (submodule.c, prepare_submodule_repo_env): a `.git` that is not a repository fails
 * the read instead of letting git find the superproject above it.
 */
export function submoduleReadEnvironment(
  base: Readonly<Record<string, string>>,
): Record<string, string> {
  const env = gitConfigReadEnvironment(base);
  for (const name of LOCAL_REPO_ENV) delete env[name];
  env.GIT_DIR = ".git";
  return env;
}

/**
 * The paths (from the worktree top) of the gitlinks (mode 160000, any stage) of a
 * `GITLINK_LIST_ARGS` listing, once each, in index order; a string says why the listing cannot
 * be trusted.
 */
export function gitlinkPaths(listing: string): string[] | string {
  const paths = new Set<string>();
  for (const entry of listing.split("\0")) {
    if (entry === "") continue;
    const tab = entry.indexOf("\t");
    if (tab === -1 || !/^[0-7]{6} [0-9a-f]{40,64} [0-3]$/.test(entry.slice(0, tab))) {
      return `unexpected entry from git ls-files: ${printableText(entry, 120)}`;
    }
    if (!entry.startsWith("160000 ")) continue;
    const path = entry.slice(tab + 1);
    // The answer is read as UTF-8: a path that is not would name another folder.
    if (path.includes("\uFFFD")) return `a gitlink path is not UTF-8: ${printableText(path, 120)}`;
    paths.add(path);
  }
  return [...paths];
}

/**
 * Checks every populated submodule of the worktree at `top` (and theirs, recursively): the
 * refusal text naming the submodule and the key or the failure, or `undefined` when git may run.
 * `read` lists the top repository's gitlinks (with the command's repository options); `readIn`
 * reads inside a submodule. Costs one `git ls-files` per call in a worktree, and two git
 * processes (config, ls-files) per populated submodule.
 */
export async function submoduleConfigRefusal(
  top: string,
  read: GitRead,
  readIn: GitReadIn,
): Promise<string | undefined> {
  const refuse = (path: string, why: string) =>
    `Refused: could not check the git config of submodule ${printableText(path, 200)} (${printableText(why, 300)}). git is not run where it may enter a repository whose config is not checked.`;
  const unlisted = (why: string) =>
    `Refused: could not list the repository's submodules to check them (${printableText(why, 300)}).`;
  let root: string;
  try {
    root = realpathSync(top);
  } catch (error) {
    return unlisted(String(error));
  }
  const pending: { folder: string; shown: string; depth: number }[] = [];
  const listed = await read(GITLINK_LIST_ARGS);
  const queue = (folder: string, shownPrefix: string, depth: number, answer: RunResult) => {
    const failed = gitReadFailure(answer);
    if (failed !== undefined) return `could not list its gitlinks: ${failed}`;
    const paths = gitlinkPaths(answer.stdout);
    if (typeof paths === "string") return paths;
    for (const path of paths) {
      pending.push({ folder: join(folder, path), shown: shownPrefix + path, depth });
    }
    return undefined;
  };
  const topProblem = queue(top, "", 1, listed);
  if (topProblem !== undefined) return unlisted(topProblem);
  let checked = 0;
  // Breadth-first, by index: the listing may hold many unpopulated gitlinks.
  for (let i = 0; i < pending.length; i++) {
    const { folder, shown, depth } = pending[i]!;
    const gitdir = submoduleGitDir(folder);
    if (gitdir === undefined) continue; // not populated: git does not enter it
    if (gitdir instanceof Error) return refuse(shown, gitdir.message);
    if (depth > MAX_SUBMODULE_DEPTH) {
      return refuse(shown, `it is nested more than ${MAX_SUBMODULE_DEPTH} deep`);
    }
    if (++checked > MAX_CHECKED_SUBMODULES) {
      return refuse(shown, `more than ${MAX_CHECKED_SUBMODULES} populated submodules`);
    }
    // git never writes a tracked path with a `.git` component; anywhere else in the worktree,
    // the command itself could rewrite the config just checked before entering the submodule.
    const inside = relative(root, gitdir);
    if (
      inside === "" ||
      (!inside.startsWith(`..${sep}`) &&
        inside !== ".." &&
        !isAbsolute(inside) &&
        !inside.split(sep).some((part) => part.toLowerCase() === ".git"))
    ) {
      return refuse(shown, `its .git points into the worktree, at ${inside || "."}`);
    }
    const listing = await readIn(folder, GIT_CONFIG_LIST_ARGS);
    const unread = gitReadFailure(listing);
    if (unread !== undefined) return refuse(shown, unread);
    const problems = repositoryConfigProblems(listing.stdout);
    if (problems.length > 0) {
      return repositoryConfigRefusal(problems, `submodule ${printableText(shown, 200)}`);
    }
    const moved = movedWorktree(listing.stdout, gitdir, folder);
    if (moved !== undefined) return refuse(shown, moved);
    const nested = queue(folder, `${shown}/`, depth + 1, await readIn(folder, GITLINK_LIST_ARGS));
    if (nested !== undefined) return refuse(shown, nested);
  }
  return undefined;
}

/**
 * The real git directory of the submodule at `folder` (its `.git` folder, or where its `.git`
 * file points), `undefined` when there is no `.git` (not populated), or an Error saying why it
 * cannot be told.
 */
function submoduleGitDir(folder: string): string | Error | undefined {
  const dotGit = join(folder, ".git");
  try {
    lstatSync(dotGit);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? undefined : new Error(String(error));
  }
  try {
    if (statSync(dotGit).isDirectory()) return realpathSync(dotGit);
    // A gitfile: "gitdir: <path>", relative to the folder holding it (setup.c, read_gitfile).
    const text = readFileSync(dotGit, "utf8").slice(0, 4096);
    const match = /^gitdir: (.+?)[\r\n]*$/.exec(text);
    if (match === null) return new Error("its .git file is not a gitdir file");
    return realpathSync(resolve(dirname(dotGit), match[1]!));
  } catch (error) {
    return new Error(String(error));
  }
}

// Why a submodule's `core.worktree` (relative to its git dir) names a folder other than the one
// git enters, whose gitlinks were listed; or `undefined`.
function movedWorktree(listing: string, gitdir: string, folder: string): string | undefined {
  const fields = listing.split("\0");
  let worktree: string | undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === "command line:") continue;
    const entry = fields[i + 1]!;
    const newline = entry.indexOf("\n");
    if (newline !== -1 && entry.slice(0, newline).toLowerCase() === "core.worktree") {
      worktree = entry.slice(newline + 1);
    }
  }
  if (worktree === undefined) return undefined;
  try {
    if (realpathSync(resolve(gitdir, worktree)) === realpathSync(folder)) return undefined;
  } catch {
    // an unresolvable worktree is reported below like a moved one
  }
  return `its core.worktree names another folder: ${worktree}`;
}

// Subcommands that bring in other commits' files and then compare the worktree (which may enter
// a submodule the check above never saw) unless quiet.
const QUIET_NEEDED = new Set(["checkout", "switch"]);
const STASH_APPLYING = new Set(["apply", "pop"]);
const GLOBAL_WITH_VALUE = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace"]);

/**
 * Why a git argv (without the program) is refused before anything runs, to follow "Refused: ":
 * `checkout`, `switch`, `stash apply` and `stash pop` without `-q`/`--quiet` (after switching
 * they compare the worktree, entering submodules that the new commit's `.gitmodules` names,
 * possibly over a repository the index did not list), `stash branch`, and `--autostash` (or an
 * abbreviation) anywhere.
 */
export function checkoutRefusal(args: readonly string[]): string | undefined {
  let i = 0;
  while (i < args.length && args[i]!.startsWith("-")) {
    i += GLOBAL_WITH_VALUE.has(args[i]!) ? 2 : 1;
  }
  const subcommand = args[i];
  if (subcommand === undefined) return undefined;
  const rest = args.slice(i + 1);
  const end = rest.indexOf("--");
  const options = end === -1 ? rest : rest.slice(0, end);
  if (options.some((t) => t.length > 2 && t.startsWith("--") && "--autostash".startsWith(t))) {
    return "--autostash applies a stash after the command, which compares the worktree and may enter submodules whose config is not checked. Stash, run the command, and `git stash pop -q` separately.";
  }
  let what: string | undefined;
  if (QUIET_NEEDED.has(subcommand)) what = `git ${subcommand}`;
  if (subcommand === "stash") {
    const action = options.find((t) => !t.startsWith("-"));
    if (action === "branch") {
      return "git stash branch compares the worktree after checking out, which may enter submodules whose config is not checked. Use `git switch -q -c <branch> <commit>` and `git stash apply -q`.";
    }
    if (action !== undefined && STASH_APPLYING.has(action)) what = `git stash ${action}`;
  }
  if (what === undefined) return undefined;
  const quiet = options.reduce<boolean>(
    (on, t) => (t === "-q" || t === "--quiet" ? true : t === "--no-quiet" ? false : on),
    false,
  );
  return quiet
    ? undefined
    : `${what} without -q compares the worktree afterwards, which may enter submodules whose config is not checked. Add -q (or --quiet), then run git status.`;
}
