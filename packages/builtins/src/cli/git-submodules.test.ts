import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLITool } from "./cli-tool.js";
import {
  GITMODULES_PROBE_ARGS,
  type GitRead,
  gitEnvironment,
  MAX_SUBMODULE_NAMES,
  repositoryKeyReason,
  submoduleNames,
  submoduleOverrides,
} from "./internal/git-hardening.js";
import {
  checkoutRefusal,
  GITLINK_LIST_ARGS,
  type GitReadIn,
  gitlinkPaths,
  MAX_CHECKED_SUBMODULES,
  MAX_SUBMODULE_DEPTH,
  submoduleConfigRefusal,
  submoduleReadEnvironment,
} from "./internal/git-submodule-check.js";
import type { RunResult } from "./internal/run-process.js";

// A RegExp source matching `text` literally.
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A `submodule.<name>.ignore` other than `all` in `.gitmodules` beats diff.ignoreSubmodules=all,
// and git status, diff and commit then run `git status` inside that populated submodule, under
// its own config. Other commands enter populated submodules whatever the config says. So the tool
// forces `ignore=all` for every name and also checks the config of every populated submodule
// (here a clean filter that the submodule's committed .gitattributes uses), refusing the call.

const context = () => ({ signal: new AbortController().signal });
let root: string;
let upstream: string;

const rawEnv = () => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: root,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_TERMINAL_PROMPT: "0",
  // git commit stops before its status when it cannot tell who commits.
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
});
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    env: rawEnv(),
    stdio: "pipe",
  }).toString();

const marker = (repo: string) => `${repo}.filter-ran`;

// A superproject with populated submodules at `paths`, cloned from a bare repository made here
// (the file transport is allowed only for this setup), each with a clean filter in its own config
// unless `hostile` is false. `program(repo)` is a script that leaves the marker.
function superproject(name: string, paths: readonly string[] = ["sub"], hostile = true): string {
  const repo = join(root, name);
  execFileSync("git", ["init", "-q", repo], { env: rawEnv() });
  writeFileSync(join(repo, "f.txt"), "f\n");
  git(repo, "add", ".");
  git(repo, "commit", "-qm", "init");
  for (const path of paths) {
    git(repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", upstream, path);
  }
  git(repo, "commit", "-qm", "submodules");
  writeFileSync(program(repo), `#!/bin/sh\ntouch '${marker(repo)}'\nexec cat\n`, { mode: 0o755 });
  if (hostile) {
    for (const path of paths) git(join(repo, path), "config", "filter.evil.clean", program(repo));
  }
  return repo;
}

const program = (repo: string) => `${repo}-program.sh`;

// A repository at `repo`/`path` that the superproject's index lists as a gitlink with no
// .gitmodules entry (`git add` of a nested repository), its `.git` a folder (not absorbed).
function embedded(repo: string, path: string): string {
  git(repo, "-c", "protocol.file.allow=always", "clone", "-q", upstream, path);
  git(repo, "add", path);
  return join(repo, path);
}

// Makes every submodule file stat-dirty (same size, another time), so `git status` inside the
// submodule must clean it again to compare.
function dirty(repo: string, paths: readonly string[]) {
  for (const path of paths) {
    const when = new Date(Date.now() - Math.floor(Math.random() * 1e9));
    utimesSync(join(repo, path, "a.txt"), when, when);
  }
}

function filterRan(repo: string): boolean {
  const ran = existsSync(marker(repo));
  rmSync(marker(repo), { force: true });
  return ran;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "toolgate-git-submodules-"));
  const source = join(root, "upstream-src");
  execFileSync("git", ["init", "-q", source], { env: rawEnv() });
  writeFileSync(join(source, "a.txt"), "a\n");
  writeFileSync(join(source, ".gitattributes"), "*.txt filter=evil\n");
  git(source, "add", ".");
  git(source, "commit", "-qm", "upstream");
  upstream = join(root, "upstream.git");
  git(root, "clone", "-q", "--bare", source, upstream);
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const gitmodules = (repo: string, text: string) => writeFileSync(join(repo, ".gitmodules"), text);

interface Variant {
  name: string;
  paths?: readonly string[];
  setup: (repo: string) => void;
}

const VARIANTS: readonly Variant[] = [
  {
    name: "ignore = none in the worktree's .gitmodules",
    setup: (repo) => gitmodules(repo, '[submodule "sub"]\n\tpath = sub\n\tignore = none\n'),
  },
  {
    name: "ignore = untracked",
    setup: (repo) => gitmodules(repo, '[submodule "sub"]\n\tpath = sub\n\tignore = untracked\n'),
  },
  {
    name: "section and key in mixed case",
    setup: (repo) => gitmodules(repo, '[SubModule "sub"]\n\tPath = sub\n\tIGNORE = none\n'),
  },
  {
    name: "old-style [submodule.Sub] section (git lower-cases the name)",
    setup: (repo) => gitmodules(repo, "[submodule.Sub]\n\tpath = sub\n\tignore = none\n"),
  },
  {
    name: ".gitmodules only in the index",
    setup: (repo) => {
      gitmodules(repo, '[submodule "sub"]\n\tpath = sub\n\tignore = none\n');
      git(repo, "add", ".gitmodules");
      rmSync(join(repo, ".gitmodules"));
    },
  },
  {
    name: ".gitmodules only in HEAD",
    setup: (repo) => {
      gitmodules(repo, '[submodule "sub"]\n\tpath = sub\n\tignore = none\n');
      git(repo, "commit", "-qam", "ignore none");
      git(repo, "rm", "-q", "--cached", ".gitmodules");
      rmSync(join(repo, ".gitmodules"));
    },
  },
  {
    name: "several submodules, only the second entered",
    paths: ["one", "two"],
    setup: (repo) =>
      gitmodules(
        repo,
        '[submodule "one"]\n\tpath = one\n[submodule "two"]\n\tpath = two\n\tignore = none\n',
      ),
  },
  {
    name: "a name with spaces, quotes and a backslash",
    setup: (repo) =>
      gitmodules(repo, '[submodule "my \\"odd\\" name\\\\x"]\n\tpath = sub\n\tignore = none\n'),
  },
  {
    name: "a name with dots",
    setup: (repo) => gitmodules(repo, '[submodule "lib.v2.sub"]\n\tpath = sub\n\tignore = none\n'),
  },
];

describe("CLITool keeps git out of submodules that .gitmodules asks it to enter", () => {
  it.each(VARIANTS.map((v, i) => [v.name, v, i] as const))("%s", async (_name, variant, i) => {
    const paths = variant.paths ?? ["sub"];
    // Harmless submodules (the config check lets them through) with changed content: git shows
    // ` m <path>` and "contains modified content" only after running git status inside one.
    const repo = superproject(`v${i}`, paths, false);
    variant.setup(repo);
    for (const path of paths) writeFileSync(join(repo, path, "a.txt"), "changed\n");
    const entered = new RegExp(`^ m (${paths.join("|")})$|modified content`, "m");
    // The tool's forced config alone (as before the overrides) lets git enter the submodule.
    const before = execFileSync("git", ["status", "--short"], {
      cwd: repo,
      env: gitEnvironment(rawEnv()),
    });
    expect(before.toString()).toMatch(entered);

    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo, env: rawEnv() });
    for (const command of ["git status --short", "git diff", "git diff HEAD"]) {
      const response = await tool.run({ command }, context());
      expect(response.status, `${command}: ${response.text}`).toBe("success");
      expect(response.text, command).not.toMatch(entered);
    }
  });

  it("answers status normally: the submodule is listed, not entered", async () => {
    const repo = superproject("plain", ["sub"], false);
    gitmodules(repo, '[submodule "sub"]\n\tpath = sub\n\tignore = none\n');
    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo, env: rawEnv() });
    const response = await tool.run({ command: "git status --short" }, context());
    expect(response.status, response.text).toBe("success");
    expect(response.text).toMatch(/^ M \.gitmodules\n?$/);
  });

  it.each([
    ["a .gitmodules git cannot parse", 0, (repo: string) => gitmodules(repo, '[submodule "x"\n')],
    [
      "a .gitmodules that is a dangling link",
      1,
      (repo: string) => {
        rmSync(join(repo, ".gitmodules"));
        symlinkSync(join(repo, "missing"), join(repo, ".gitmodules"));
      },
    ],
  ] as const)("refuses, naming the file, for %s", async (_name, i, setup) => {
    const repo = superproject(`bad${i}`);
    setup(repo);
    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo, env: rawEnv() });
    const response = await tool.run({ command: "git status" }, context());
    expect(response.status).toBe("error");
    expect(response.text).toMatch(
      /^Refused: could not read the repository's \.gitmodules to check it \(.+\)$/,
    );
  });

  it("still runs outside a repository and in a bare one", async () => {
    const empty = join(root, "not-a-repo");
    mkdirSync(empty);
    const tool = new CLITool({ allowedCommands: ["git"], cwd: root, env: rawEnv() });
    const outside = await tool.run({ command: "git -C not-a-repo status" }, context());
    expect(outside.text).toMatch(/not a git repository/);
    expect(outside.text).not.toMatch(/^Refused/);
    const bare = await tool.run({ command: "git -C upstream.git log --oneline" }, context());
    expect(bare.status, bare.text).toBe("success");
    expect(bare.text).toMatch(/upstream/);
  });
});

describe("CLITool checks the config of every repository git may enter", () => {
  // Each layout makes a superproject whose populated submodule (at some depth) runs a program
  // when git works inside it; `shown` is how the refusal names it, `before` a command that (with
  // the tool's forced config alone, as before this check) does run the program.
  interface Layout {
    name: string;
    build: (repo: string) => void;
    hostile?: boolean;
    refusal: RegExp;
    before?: readonly string[];
    folders?: readonly string[];
  }
  const refusedFor = (shown: string, key: string) =>
    new RegExp(
      `^Refused: the git config of submodule ${literal(shown)} sets ${literal(key)}, which runs a program\\. `,
    );
  const unchecked = (shown: string, why: string) =>
    new RegExp(`^Refused: could not check the git config of submodule ${literal(shown)} \\(${why}`);
  const setKey = (folder: string, key: string, repo: string) => {
    git(folder, "config", key, program(repo));
  };
  // Moves the absorbed git dir of `sub` to `target` and points sub/.git at `pointer`.
  const moveGitDir = (repo: string, target: string, pointer: string) => {
    execFileSync("mv", [join(repo, ".git", "modules", "sub"), target]);
    writeFileSync(join(repo, "sub", ".git"), `gitdir: ${pointer}\n`);
    git(repo, "config", "--file", join(target, "config"), "core.worktree", join(repo, "sub"));
  };
  const removeGitmodules = (repo: string) => {
    git(repo, "rm", "-q", "--cached", ".gitmodules");
    rmSync(join(repo, ".gitmodules"));
    git(repo, "commit", "-qm", "no .gitmodules");
  };

  const LAYOUTS: readonly Layout[] = [
    {
      name: "a listed submodule, its git dir absorbed in .git/modules",
      build: () => {},
      refusal: refusedFor("sub", "filter.evil.clean"),
      before: ["add", "-u"],
    },
    {
      name: "an unlisted gitlink (no .gitmodules)",
      build: removeGitmodules,
      refusal: refusedFor("sub", "filter.evil.clean"),
      before: ["diff-files"],
    },
    {
      name: "an unlisted gitlink whose .git is a folder (not absorbed)",
      hostile: false,
      build: (repo) => setKey(embedded(repo, "emb"), "filter.evil.clean", repo),
      refusal: refusedFor("emb", "filter.evil.clean"),
      before: ["diff-files"],
      folders: ["emb"],
    },
    {
      name: "a gitlink path with spaces, a newline and non-ASCII",
      hostile: false,
      build: (repo) => setKey(embedded(repo, "we ird\nné"), "filter.evil.clean", repo),
      refusal: refusedFor(JSON.stringify("we ird\nné"), "filter.evil.clean"),
      before: ["diff-files"],
      folders: ["we ird\nné"],
    },
    {
      name: "a submodule nested two deep (only the inner one hostile)",
      hostile: false,
      build: (repo) => setKey(embedded(join(repo, "sub"), "inner"), "filter.evil.clean", repo),
      refusal: refusedFor("sub/inner", "filter.evil.clean"),
      folders: ["sub/inner"],
    },
    {
      name: "a submodule whose .git file points outside the superproject",
      build: (repo) => moveGitDir(repo, `${repo}-outside`, `${repo}-outside`),
      refusal: refusedFor("sub", "filter.evil.clean"),
      before: ["add", "-u"],
    },
    {
      name: "a submodule that sets filter.<driver>.process",
      hostile: false,
      build: (repo) => setKey(join(repo, "sub"), "filter.evil.process", repo),
      refusal: refusedFor("sub", "filter.evil.process"),
    },
    {
      name: "a submodule that sets diff.<driver>.textconv",
      hostile: false,
      build: (repo) => setKey(join(repo, "sub"), "diff.evil.textconv", repo),
      refusal: refusedFor("sub", "diff.evil.textconv"),
    },
    {
      name: "a submodule whose .git file points into the superproject's worktree",
      hostile: false,
      build: (repo) => moveGitDir(repo, join(repo, "gd"), "../gd"),
      refusal: unchecked("sub", "its \\.git points into the worktree, at gd\\)"),
    },
    {
      // git would run inside that other folder, whose gitlinks were not listed.
      name: "a submodule whose core.worktree names another folder",
      hostile: false,
      build: (repo) => git(join(repo, "sub"), "config", "core.worktree", repo),
      refusal: unchecked("sub", "its core\\.worktree names another folder: "),
    },
    {
      name: "a submodule whose config includes another file",
      hostile: false,
      build: (repo) => {
        writeFileSync(`${repo}-included`, "[core]\n\tbare = false\n");
        git(join(repo, "sub"), "config", "include.path", `${repo}-included`);
      },
      refusal:
        /^Refused: the git config of submodule sub sets include\.path, which loads more config/,
    },
    {
      name: "a submodule whose .git file points nowhere",
      build: (repo) => writeFileSync(join(repo, "sub", ".git"), "gitdir: /nonexistent/x\n"),
      refusal: unchecked("sub", "Error: ENOENT"),
    },
    {
      name: "a submodule whose .git is an empty folder git would not take",
      build: (repo) => {
        rmSync(join(repo, "sub", ".git"));
        mkdirSync(join(repo, "sub", ".git"));
      },
      refusal: unchecked("sub", "could not list its gitlinks: fatal: not a git repository"),
    },
  ];

  const COMMANDS = [
    "git status --short",
    "git add -u",
    "git add .",
    "git rm -r -n --cached .",
    "git diff-files",
    "git diff-index HEAD",
    "git describe --dirty --always",
    "git log -1 --oneline",
  ];

  it.each(LAYOUTS.map((l, i) => [l.name, l, i] as const))(
    "refuses every command for %s",
    async (_name, layout, i) => {
      const repo = superproject(`h${i}`, ["sub"], layout.hostile ?? true);
      layout.build(repo);
      const folders = layout.folders ?? ["sub"];
      if (layout.before !== undefined) {
        dirty(repo, folders);
        execFileSync("git", [...layout.before], {
          cwd: repo,
          env: gitEnvironment(rawEnv(), [["submodule.sub.ignore", "all"]]),
          stdio: "pipe",
        });
        expect(filterRan(repo), "the hole is real").toBe(true);
      }
      const tool = new CLITool({ allowedCommands: ["git"], cwd: repo, env: rawEnv() });
      for (const command of COMMANDS) {
        dirty(repo, folders);
        const response = await tool.run({ command }, context());
        expect(response.status, command).toBe("error");
        expect(response.text, command).toMatch(layout.refusal);
        expect(filterRan(repo), command).toBe(false);
      }
    },
  );

  const HARMLESS: readonly (readonly [string, (repo: string) => readonly string[]])[] = [
    ["a listed, absorbed submodule", () => ["sub"]],
    [
      "an unlisted gitlink with its own .git folder",
      (repo) => {
        embedded(repo, "emb");
        return ["emb"];
      },
    ],
    [
      "a submodule nested two deep",
      (repo) => {
        embedded(join(repo, "sub"), "inner");
        return ["sub", "sub/inner"];
      },
    ],
    [
      // core.fsmonitor is forced off through GIT_CONFIG_COUNT, which git passes on when it
      // enters a submodule, so the submodule's own value never runs.
      "a submodule that sets core.fsmonitor (forced off, also inside it)",
      (repo) => {
        git(join(repo, "sub"), "config", "core.fsmonitor", program(repo));
        return ["sub"];
      },
    ],
    [
      "a submodule whose .git file points outside, at a harmless git dir",
      (repo) => {
        execFileSync("mv", [join(repo, ".git", "modules", "sub"), `${repo}-outside`]);
        writeFileSync(join(repo, "sub", ".git"), `gitdir: ${repo}-outside\n`);
        const config = join(`${repo}-outside`, "config");
        git(repo, "config", "--file", config, "core.worktree", join(repo, "sub"));
        return ["sub"];
      },
    ],
  ];

  it.each(HARMLESS.map(([name, build], i) => [name, build, i] as const))(
    "runs every command for %s",
    async (_name, build, i) => {
      const repo = superproject(`ok${i}`, ["sub"], false);
      const folders = build(repo);
      const tool = new CLITool({ allowedCommands: ["git"], cwd: repo, env: rawEnv() });
      for (const command of COMMANDS) {
        dirty(repo, folders);
        const response = await tool.run({ command }, context());
        // git may answer with an error of its own (rm of a staged gitlink), never a refusal.
        expect(response.text, command).not.toMatch(/^Refused/);
        if (command === "git status --short") expect(response.status).toBe("success");
        expect(filterRan(repo), command).toBe(false);
      }
    },
  );

  // A commit can bring a gitlink (and a .gitmodules entry that asks git to enter it) at a folder
  // that already holds a repository the index did not list, so the check never saw it; a
  // checkout without -q then compares the worktree and enters it.
  it("refuses checkout and switch without -q; with -q git does not enter", async () => {
    const repo = superproject("switch", ["sub"], false);
    const base = git(repo, "branch", "--show-current").trim();
    git(repo, "checkout", "-qb", "other");
    embedded(repo, "nested");
    gitmodules(repo, '[submodule "nested"]\n\tpath = nested\n\tignore = none\n');
    git(repo, "add", ".gitmodules");
    git(repo, "commit", "-qm", "nested");
    git(repo, "rm", "-q", "--cached", "nested");
    git(repo, "checkout", "-q", base);
    git(join(repo, "nested"), "config", "filter.evil.clean", program(repo));
    // Plain git with the tool's forced config runs the filter on the way.
    dirty(repo, ["nested"]);
    execFileSync("git", ["checkout", "other"], {
      cwd: repo,
      env: gitEnvironment(rawEnv()),
      stdio: "pipe",
    });
    expect(filterRan(repo), "the hole is real").toBe(true);
    git(repo, "rm", "-q", "--cached", "nested");
    git(repo, "checkout", "-q", base);
    git(repo, "checkout", "-q", ".gitmodules");

    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo, env: rawEnv() });
    for (const command of [
      "git checkout other",
      "git switch other",
      "git switch --quiet --no-quiet other",
    ]) {
      dirty(repo, ["nested"]);
      // Refused before anything runs, so nobody is asked to confirm it.
      expect(tool.needsConfirmation({ command }), command).toBe(false);
      const response = await tool.run({ command }, context());
      expect(response.text, command).toMatch(/^Refused: git (checkout|switch) without -q /);
    }
    dirty(repo, ["nested"]);
    const quiet = await tool.run({ command: "git checkout -q other" }, context());
    expect(quiet.status, quiet.text).toBe("success");
    expect(filterRan(repo)).toBe(false);
    // Now that the index lists it, every call is refused, naming it.
    const after = await tool.run({ command: "git status" }, context());
    expect(after.text).toMatch(refusedFor("nested", "filter.evil.clean"));
  });
});

describe("checkoutRefusal", () => {
  it.each([
    ["checkout main", /^git checkout without -q/],
    ["checkout -b x", /^git checkout without -q/],
    ["-C sub checkout main", /^git checkout without -q/],
    ["-c x=y checkout main", /^git checkout without -q/],
    ["checkout -qb x", /^git checkout without -q/], // only a lone -q is read
    ["checkout -q --no-quiet main", /^git checkout without -q/],
    ["checkout main -- -q", /^git checkout without -q/],
    ["switch main", /^git switch without -q/],
    ["stash pop", /^git stash pop without -q/],
    ["stash apply stash@{1}", /^git stash apply without -q/],
    ["stash branch b", /^git stash branch /],
    ["merge --autostash x", /^--autostash /],
    ["pull --autos", /^--autostash /],
    ["checkout -q --autostash x", /^--autostash /],
    ["--no-pager checkout main", /^git checkout without -q/],
    ["--git-dir g --work-tree w switch main", /^git switch without -q/],
    ["--namespace n stash pop", /^git stash pop without -q/],
    ["stash --index pop", /^git stash pop without -q/],
  ])("refuses git %s", (command, refusal) => {
    expect(checkoutRefusal(command.split(" "))).toMatch(refusal);
  });

  it.each([
    "checkout -q main",
    "checkout --quiet -b x",
    "switch --no-quiet --quiet main",
    "stash pop -q",
    "stash -q pop",
    "stash apply --quiet",
    "stash",
    "stash push -m pop",
    "stash list",
    "merge --no-autostash x",
    "merge x -- --autostash",
    "checkout -q -",
    "checkout -q branch",
    "log pop",
    "stash -- pop",
    "status",
    "restore f",
    "log -- checkout",
    "",
  ])("lets git %j through", (command) => {
    expect(checkoutRefusal(command === "" ? [] : command.split(" "))).toBeUndefined();
  });
});

describe("submoduleReadEnvironment", () => {
  it("lists the top repository's index entries, paths from the top, NUL-terminated", () => {
    expect(GITLINK_LIST_ARGS).toStrictEqual([
      "ls-files",
      "--stage",
      "-z",
      "--full-name",
      "--",
      ":(top)",
    ]);
  });

  it("drops every variable git clears before entering a submodule", () => {
    const names = [
      "GIT_ALTERNATE_OBJECT_DIRECTORIES",
      "GIT_COMMON_DIR",
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
    const env = submoduleReadEnvironment(Object.fromEntries(names.map((name) => [name, "/x"])));
    for (const name of names) expect(env[name], name).toBeUndefined();
  });

  it("drops what chooses another repository and reads the folder's .git, as git does", () => {
    const env = submoduleReadEnvironment({
      PATH: "/bin",
      GIT_DIR: "/super/.git",
      GIT_WORK_TREE: "/super",
      GIT_INDEX_FILE: "/tmp/index",
      GIT_OBJECT_DIRECTORY: "/tmp/objects",
      GIT_COMMON_DIR: "/super/.git",
      GIT_NAMESPACE: "x",
      GIT_CONFIG: "/tmp/config",
      GIT_LITERAL_PATHSPECS: "1",
      GIT_GLOB_PATHSPECS: "1",
      GIT_NOGLOB_PATHSPECS: "1",
      GIT_ICASE_PATHSPECS: "1",
      LC_ALL: "fr_FR.UTF-8",
    });
    // git's messages are matched in English (the C locale).
    expect(env.LC_ALL).toBe("C");
    expect(env.GIT_DIR).toBe(".git");
    for (const name of [
      "GIT_WORK_TREE",
      "GIT_INDEX_FILE",
      "GIT_OBJECT_DIRECTORY",
      "GIT_COMMON_DIR",
      "GIT_NAMESPACE",
      "GIT_CONFIG",
      "GIT_LITERAL_PATHSPECS",
      "GIT_GLOB_PATHSPECS",
      "GIT_NOGLOB_PATHSPECS",
      "GIT_ICASE_PATHSPECS",
    ]) {
      expect(env[name], name).toBeUndefined();
    }
    expect(env.PATH).toBe("/bin");
    expect(env.GIT_CONFIG_GLOBAL).toBe("/dev/null");
    expect(Number(env.GIT_CONFIG_COUNT)).toBeGreaterThan(0);
  });
});

describe("gitlinkPaths", () => {
  const OID = "8c67b8e6fc4ca8839b9fd5aebd6349da015e292b";
  const entry = (mode: string, path: string, stage = 0) => `${mode} ${OID} ${stage}\t${path}\0`;

  it("keeps mode 160000 entries only, once each, paths as written", () => {
    const listing = [
      entry("100644", "f.txt"),
      entry("160000", "a b/ç\nx"),
      entry("120000", "link"),
      entry("160000", "conflict", 1),
      entry("160000", "conflict", 2),
      entry("100755", "160000"),
      entry("040000", "sparse/"),
    ].join("");
    expect(gitlinkPaths(listing)).toStrictEqual(["a b/ç\nx", "conflict"]);
    expect(gitlinkPaths("")).toStrictEqual([]);
  });

  it.each([
    ["an entry without a tab", `160000 ${OID} 0 sub\0`],
    ["a bad mode", `16000 ${OID} 0\tsub\0`],
    ["a short object name", "160000 abc 0\tsub\0"],
    ["a path that is not UTF-8", `160000 ${OID} 0\tb\uFFFDd\0`],
    ["a seven-digit mode", `1160000 ${OID} 0\tsub\0`],
    ["a stage above 3", `160000 ${OID} 4\tsub\0`],
    ["more after the stage", `160000 ${OID} 0 x\tsub\0`],
    ["an object name of 39 digits", `160000 ${OID.slice(1)} 0\tsub\0`],
    ["an object name of 65 digits", `160000 ${OID}${OID.slice(0, 25)} 0\tsub\0`],
    ["an upper-case object name", `160000 ${OID.toUpperCase()} 0\tsub\0`],
    ["no tab, one character after the stage", `160000 ${OID} 0x\0`],
  ])("refuses %s", (_name, listing) => {
    expect(gitlinkPaths(listing)).toMatch(/^(unexpected entry from git ls-files|a gitlink path)/);
  });

  it("takes SHA-256 object names (64 digits)", () => {
    const long = `${OID}${OID.slice(0, 24)}`;
    expect(gitlinkPaths(`160000 ${long} 0\tsub\0`)).toStrictEqual(["sub"]);
  });
});

describe("submoduleConfigRefusal", () => {
  const result = (stdout: string, over: Partial<RunResult> = {}): RunResult => ({
    exitCode: 0,
    signal: null,
    stdout,
    stderr: "",
    stdoutBytes: 0,
    stderrBytes: 0,
    stdoutTruncated: false,
    stderrTruncated: false,
    truncated: false,
    timedOut: false,
    flooded: false,
    aborted: false,
    ...over,
  });
  const OID = "8c67b8e6fc4ca8839b9fd5aebd6349da015e292b";
  const links = (...paths: string[]) => paths.map((p) => `160000 ${OID} 0\t${p}\0`).join("");
  let top: string;
  beforeAll(() => {
    top = mkdtempSync(join(tmpdir(), "toolgate-submodule-check-"));
  });
  afterAll(() => rmSync(top, { recursive: true, force: true }));

  it("costs one git process when the index has no populated gitlink (any number of them)", async () => {
    const reads: string[][] = [];
    const ins: string[] = [];
    const unpopulated = Array.from({ length: 5 * MAX_CHECKED_SUBMODULES }, (_, i) => `u${i}`);
    const read: GitRead = async (args) => {
      reads.push([...args]);
      return result(links(...unpopulated));
    };
    const readIn: GitReadIn = async (folder) => {
      ins.push(folder);
      return result("");
    };
    expect(await submoduleConfigRefusal(top, read, readIn)).toBeUndefined();
    expect(reads).toStrictEqual([GITLINK_LIST_ARGS]);
    expect(ins).toStrictEqual([]);
  });

  it("refuses when the gitlinks cannot be listed, or a submodule's config cannot be read", async () => {
    const failing = result("", { exitCode: 128, stderr: "fatal: index file corrupt\n" });
    expect(
      await submoduleConfigRefusal(
        top,
        async () => failing,
        async () => result(""),
      ),
    ).toMatch(
      /^Refused: could not list the repository's submodules to check them \(could not list its gitlinks: fatal: index file corrupt\)\.$/,
    );
    mkdirSync(join(top, "s", ".git"), { recursive: true });
    const timeout = result("", { exitCode: null, timedOut: true });
    expect(
      await submoduleConfigRefusal(
        top,
        async () => result(links("s")),
        async () => timeout,
      ),
    ).toMatch(/^Refused: could not check the git config of submodule s \(timed out\)/);
  });

  it(`checks at most ${MAX_CHECKED_SUBMODULES} submodules and ${MAX_SUBMODULE_DEPTH} levels`, async () => {
    const wide = join(top, "wide");
    const paths = Array.from({ length: MAX_CHECKED_SUBMODULES + 1 }, (_, i) => `s${i}`);
    for (const p of paths) mkdirSync(join(wide, p, ".git"), { recursive: true });
    const readIn: GitReadIn = async () => result("");
    const all = async () => result(links(...paths));
    expect(await submoduleConfigRefusal(wide, all, readIn)).toMatch(
      /submodule s100 \(more than 100 populated submodules\)/,
    );
    const enough = async () => result(links(...paths.slice(0, MAX_CHECKED_SUBMODULES)));
    expect(await submoduleConfigRefusal(wide, enough, readIn)).toBeUndefined();

    // n/.git, n/n/.git, ... each listing the next one.
    const deep = (levels: number) => {
      const base = mkdtempSync(join(top, "deep-"));
      for (let d = 1; d <= levels; d++) {
        mkdirSync(join(base, ...Array<string>(d).fill("n"), ".git"), { recursive: true });
      }
      return base;
    };
    const chain: GitReadIn = async (_folder, args) =>
      result(args[0] === "ls-files" ? links("n") : "");
    const ok = deep(MAX_SUBMODULE_DEPTH);
    expect(await submoduleConfigRefusal(ok, async () => result(links("n")), chain)).toBeUndefined();
    const tooDeep = deep(MAX_SUBMODULE_DEPTH + 1);
    expect(await submoduleConfigRefusal(tooDeep, async () => result(links("n")), chain)).toMatch(
      /submodule n\/n\/n\/n\/n\/n\/n\/n\/n \(it is nested more than 8 deep\)/,
    );
  });

  // Each case builds a worktree holding the gitlink `s` (the listing names it) and answers the
  // submodule's config read with `config`; its own gitlink listing is empty unless `nested`.
  interface Case {
    build?: (base: string) => void;
    config?: string;
    nested?: string;
    gitlink?: string;
    /** How many times git is asked inside the submodule (config, then its gitlinks). */
    reads: number;
    expected: RegExp | undefined;
  }
  const gitfile = (base: string, text: string) => {
    mkdirSync(join(base, "s"));
    writeFileSync(join(base, "s", ".git"), text);
  };
  const repository = (base: string) => mkdirSync(join(base, "s", ".git"), { recursive: true });
  const worktreeIs = (...values: string[]) =>
    values.map((v) => `file:s/.git/config\0core.worktree\n${v}\0`).join("");
  const unchecked = (why: string) =>
    new RegExp(`^Refused: could not check the git config of submodule s \\(${why}`);
  const CASES: readonly (readonly [string, Case])[] = [
    [
      "a gitlink whose folder is a file (not populated)",
      { build: (base) => writeFileSync(join(base, "s"), "x"), reads: 0, expected: undefined },
    ],
    [
      "a .git file that is no gitdir file",
      {
        build: (base) => gitfile(base, "see gitdir: ../gd\n"),
        reads: 0,
        expected: unchecked("its \\.git file is not a gitdir file\\)"),
      },
    ],
    [
      "a gitdir file ending in CRLF, pointing outside by an absolute path",
      {
        build: (base) => gitfile(base, `gitdir: ${dirname(base)}\r\n`),
        reads: 2,
        expected: undefined,
      },
    ],
    [
      "a gitdir relative to the folder holding .git, outside the worktree",
      {
        build: (base) => {
          mkdirSync(`${base}-gd`);
          gitfile(base, `gitdir: ../../${basename(base)}-gd\n`);
        },
        reads: 2,
        expected: undefined,
      },
    ],
    [
      "a gitdir at the worktree's parent folder",
      { build: (base) => gitfile(base, "gitdir: ../..\n"), reads: 2, expected: undefined },
    ],
    [
      "a gitdir at the worktree top",
      {
        build: (base) => gitfile(base, "gitdir: ..\n"),
        reads: 0,
        expected: unchecked("its \\.git points into the worktree, at \\.\\)"),
      },
    ],
    [
      "a gitdir under a folder whose name starts with .. inside the worktree",
      {
        build: (base) => {
          mkdirSync(join(base, "..gd"));
          gitfile(base, "gitdir: ../..gd\n");
        },
        reads: 0,
        expected: unchecked("its \\.git points into the worktree, at \\.\\.gd\\)"),
      },
    ],
    [
      // git refuses to write any tracked path with a .git component, whatever its case.
      "a gitdir under a .GIT folder of the worktree",
      {
        build: (base) => {
          mkdirSync(join(base, ".GIT", "m"), { recursive: true });
          gitfile(base, "gitdir: ../.GIT/m\n");
        },
        reads: 2,
        expected: undefined,
      },
    ],
    [
      "a gitlink path too long to look at",
      {
        gitlink: "x".repeat(300),
        reads: 0,
        expected:
          /^Refused: could not check the git config of submodule "x+…" \("Error: ENAMETOOLONG/,
      },
    ],
    [
      "a core.worktree set on the command line (the tool's own)",
      {
        build: repository,
        config: "command line:\0core.worktree\n/nonexistent\0",
        reads: 2,
        expected: undefined,
      },
    ],
    [
      "a core.worktree naming the submodule's own folder",
      { build: repository, config: worktreeIs(".."), reads: 2, expected: undefined },
    ],
    [
      "a core.worktree naming the worktree top",
      {
        build: repository,
        config: worktreeIs("../.."),
        reads: 1,
        expected: unchecked("its core\\.worktree names another folder: \\.\\./\\.\\.\\)"),
      },
    ],
    [
      "two core.worktree values, the last naming another folder",
      {
        build: repository,
        config: worktreeIs("..", "../.."),
        reads: 1,
        expected: unchecked("its core\\.worktree names another folder: \\.\\./\\.\\.\\)"),
      },
    ],
    [
      "two core.worktree values, the last naming the folder",
      { build: repository, config: worktreeIs("../..", ".."), reads: 2, expected: undefined },
    ],
    [
      "a core.worktree that does not exist",
      {
        build: repository,
        config: worktreeIs("/nonexistent/w"),
        reads: 1,
        expected: unchecked("its core\\.worktree names another folder: /nonexistent/w\\)"),
      },
    ],
    [
      "a config with other keys and values",
      {
        build: repository,
        config: "file:s/.git/config\0core.bare\nfalse\0user.name\nx\0",
        reads: 2,
        expected: undefined,
      },
    ],
    [
      "a .git that is a dangling symbolic link",
      {
        build: (base) => {
          mkdirSync(join(base, "s"));
          symlinkSync(join(base, "nowhere"), join(base, "s", ".git"));
        },
        reads: 0,
        expected: unchecked("Error: ENOENT"),
      },
    ],
    [
      "a key that only starts with core.worktree, without a value",
      {
        build: repository,
        config: "file:s/.git/config\0core.worktreex\0",
        reads: 2,
        expected: undefined,
      },
    ],
    [
      "a submodule config that sets a filter driver",
      {
        build: repository,
        config: "file:s/.git/config\0filter.x.clean\nrm\0",
        reads: 1,
        expected:
          /^Refused: the git config of submodule s sets filter\.x\.clean, which runs a program\. /,
      },
    ],
    [
      "a submodule whose own gitlink listing is not git ls-files output",
      {
        build: repository,
        nested: "garbage\0",
        reads: 2,
        expected: unchecked("unexpected entry from git ls-files: garbage\\)"),
      },
    ],
  ];

  it.each(CASES)("reads %s as git does", async (_name, c) => {
    const base = mkdtempSync(join(top, "case-"));
    c.build?.(base);
    const reads: string[] = [];
    const readIn: GitReadIn = async (folder, args) => {
      reads.push(folder);
      return result(args[0] === "ls-files" ? (c.nested ?? "") : (c.config ?? ""));
    };
    const answer = await submoduleConfigRefusal(
      base,
      async () => result(links(c.gitlink ?? "s")),
      readIn,
    );
    if (c.expected === undefined) expect(answer).toBeUndefined();
    else expect(answer).toMatch(c.expected);
    expect(reads).toStrictEqual(Array<string>(c.reads).fill(join(base, c.gitlink ?? "s")));
  });

  it("refuses a top folder that does not exist, naming the failure", async () => {
    const read: GitRead = async () => result("");
    expect(
      await submoduleConfigRefusal(join(top, "missing"), read, async () => result("")),
    ).toMatch(/^Refused: could not list the repository's submodules to check them \(Error: ENOENT/);
  });
});

describe("submoduleNames", () => {
  const entry = (key: string, value?: string) => (value === undefined ? key : `${key}\n${value}`);
  const listing = (...entries: string[]) => entries.map((e) => `${e}\0`).join("");

  it.each([
    ["ignore = none", [entry("submodule.sub.path", "sub"), entry("submodule.sub.ignore", "none")]],
    ["ignore = untracked", [entry("submodule.sub.ignore", "untracked")]],
    ["ignore = dirty", [entry("submodule.sub.ignore", "dirty")]],
    ["ignore = all (forced all the same)", [entry("submodule.sub.ignore", "all")]],
    ["any key, not only ignore", [entry("submodule.sub.url", "https://x")]],
    ["a key without a value", [entry("submodule.sub.ignore")]],
    ["a section in another case", [entry("SUBMODULE.sub.ignore", "none")]],
    ["a value holding dots", [entry("submodule.sub.url", "https://example.com/x.git")]],
  ])("reads the name sub from %s", (_name, entries) => {
    expect(submoduleNames(listing(...entries))).toStrictEqual(["sub"]);
  });

  it.each([
    ["spaces and quotes", 'my "odd" name'],
    ["a backslash", "a\\b"],
    ["dots", "lib.v2.sub"],
    ["an empty name", ""],
    ["case kept", "Sub"],
    ["non-ASCII", "bibliothèque"],
  ])("keeps a name with %s as written", (_name, name) => {
    expect(submoduleNames(listing(entry(`submodule.${name}.ignore`, "none")))).toStrictEqual([
      name,
    ]);
  });

  it("lists several names once each, in order, and skips keys that name no submodule", () => {
    const text = listing(
      entry("submodule.b.path", "b"),
      entry("submodule.recurse", "true"),
      entry("submodule.a.path", "a"),
      entry("submodule.b.ignore", "none"),
      entry("core.bare", "false"),
      entry("submodules.c.path", "c"),
      entry("diff.sub.command", "x"),
    );
    expect(submoduleNames(text)).toStrictEqual(["b", "a"]);
  });

  it("reads nothing from an empty listing", () => {
    expect(submoduleNames("")).toStrictEqual([]);
  });
});

describe("submoduleOverrides", () => {
  const result = (over: Partial<RunResult>): RunResult => ({
    exitCode: 0,
    signal: null,
    stdout: "",
    stderr: "",
    stdoutBytes: 0,
    stderrBytes: 0,
    stdoutTruncated: false,
    stderrTruncated: false,
    truncated: false,
    timedOut: false,
    flooded: false,
    aborted: false,
    ...over,
  });
  const OID = "8c67b8e6fc4ca8839b9fd5aebd6349da015e292b";
  let top: string;
  beforeAll(() => {
    top = mkdtempSync(join(tmpdir(), "toolgate-gitmodules-top-"));
  });
  afterAll(() => rmSync(top, { recursive: true, force: true }));

  // A fake git: answers the probe with `probe`, any config read with `config`, and records calls.
  function fake(probe: Partial<RunResult>, config: Partial<RunResult> = {}) {
    const calls: string[][] = [];
    const read: GitRead = async (args) => {
      calls.push([...args]);
      return result(args[0] === "rev-parse" ? probe : config);
    };
    return { calls, read };
  }

  it("asks git for the top folder and the index's blob, else HEAD's", () => {
    expect(GITMODULES_PROBE_ARGS).toStrictEqual([
      "rev-parse",
      "--show-toplevel",
      "--revs-only",
      "--default",
      "HEAD:.gitmodules",
      ":.gitmodules",
    ]);
  });

  it.each([
    "fatal: not a git repository (or any of the parent directories): .git",
    "fatal: not a git repository: '/x/.git'",
    "fatal: this operation must be run in a work tree",
  ])("forces nothing and reads nothing more without a worktree: %s", async (stderr) => {
    const { calls, read } = fake({ exitCode: 128, stderr: `${stderr}\n` });
    expect(await submoduleOverrides(read)).toStrictEqual({ top: undefined, config: [] });
    expect(calls).toHaveLength(1);
  });

  it("costs one git process when no .gitmodules exists anywhere", async () => {
    const { calls, read } = fake({ stdout: `${top}\n` });
    expect(await submoduleOverrides(read)).toStrictEqual({ top, config: [] });
    expect(calls).toStrictEqual([GITMODULES_PROBE_ARGS]);
  });

  it("reads the blob when the worktree has no .gitmodules, and forces both keys per name", async () => {
    const { calls, read } = fake(
      { stdout: `${top}\n${OID}\n` },
      { stdout: "submodule.a b.ignore\nnone\0submodule.c.path\nc\0" },
    );
    expect(await submoduleOverrides(read)).toStrictEqual({
      top,
      config: [
        ["submodule.a b.ignore", "all"],
        ["submodule.a b.fetchRecurseSubmodules", "false"],
        ["submodule.c.ignore", "all"],
        ["submodule.c.fetchRecurseSubmodules", "false"],
      ],
    });
    expect(calls[1]).toStrictEqual(["config", "--blob", OID, "--list", "--null"]);
  });

  it("reads the worktree's file when it exists, as git does, even with a blob", async () => {
    const worktree = join(top, "wt");
    mkdirSync(worktree);
    writeFileSync(join(worktree, ".gitmodules"), "");
    const { calls, read } = fake(
      { stdout: `${worktree}\n${OID}\n` },
      { stdout: "submodule.x.path\nx\0" },
    );
    expect(await submoduleOverrides(read)).toMatchObject({ top: worktree, config: { length: 2 } });
    expect(calls[1]).toStrictEqual([
      "config",
      "--file",
      join(worktree, ".gitmodules"),
      "--list",
      "--null",
    ]);
  });

  const refusal = /^Refused: could not read the repository's \.gitmodules to check it \(/;
  it.each([
    ["another fatal error", { exitCode: 128, stderr: "fatal: detected dubious ownership\n" }],
    [
      "a warning before 'not a repository'",
      { exitCode: 128, stderr: "warning: x\nfatal: not a git repository\n" },
    ],
    [
      "'not a repository' with another exit code",
      { exitCode: 1, stderr: "fatal: not a git repository\n" },
    ],
    ["a timeout", { exitCode: null, timedOut: true }],
    ["a cancel", { exitCode: null, aborted: true }],
    ["a start error", { exitCode: null, startError: "spawn git ENOENT" }],
    ["a cut answer", { stdout: "/x\n", truncated: true }],
    ["a relative folder", { stdout: "x\n" }],
    ["no final line break", { stdout: "/x" }],
    ["an object name that is not hex", { stdout: `/x\n${"g".repeat(40)}\n` }],
    ["more lines", { stdout: `/x\n${OID}\n${OID}\n` }],
    ["a character before the object name", { stdout: `/x\nx${OID}\n` }],
    ["a character after the object name", { stdout: `/x\n${OID}x\n` }],
    ["a one-digit object name", { stdout: "/x\na\n" }],
    ["64 characters that are not hex", { stdout: `/x\n${"g".repeat(64)}\n` }],
    [
      "more after 'must be run in a work tree'",
      { exitCode: 128, stderr: "fatal: this operation must be run in a work tree\nfatal: x\n" },
    ],
  ] as const)("refuses on %s from the probe", async (_name, probe) => {
    const { read } = fake(probe);
    expect(await submoduleOverrides(read)).toMatch(refusal);
  });

  it.each([
    ["a cancel", { exitCode: null, aborted: true }, "cancelled"],
    ["a cut answer", { stdout: "/x\n", truncated: true }, "the answer is too long"],
    ["a failure without a message", { exitCode: 1 }, "exit 1"],
    ["a timeout", { exitCode: null, timedOut: true }, "timed out"],
    [
      "two lines without a final line break",
      { stdout: "/x\nabc" },
      '"unexpected answer from git rev-parse: /x\\nabc"',
    ],
  ] as const)("says why it refuses on %s", async (_name, probe, why) => {
    const { read } = fake(probe);
    expect(await submoduleOverrides(read)).toBe(
      `Refused: could not read the repository's .gitmodules to check it (${why})`,
    );
  });

  it("takes a top that is a file as having no .gitmodules, and refuses one it cannot look at", async () => {
    const file = join(top, "a-file");
    writeFileSync(file, "");
    const { calls, read } = fake({ stdout: `${file}\n` });
    expect(await submoduleOverrides(read)).toStrictEqual({ top: file, config: [] });
    expect(calls).toHaveLength(1);
    const long = `/${"x".repeat(300)}`;
    expect(await submoduleOverrides(fake({ stdout: `${long}\n` }).read)).toMatch(
      /^Refused: could not read the repository's \.gitmodules to check it \("Error: ENAMETOOLONG/,
    );
  });

  it("refuses when the top folder's name could hold the object name (a line break in it)", async () => {
    const odd = join(top, "odd");
    mkdirSync(odd);
    mkdirSync(`${odd}\n${OID}`);
    const { read } = fake({ stdout: `${odd}\n${OID}\n` }, { stdout: "" });
    expect(await submoduleOverrides(read)).toMatch(refusal);
  });

  it("refuses when the .gitmodules read fails, quoting git", async () => {
    const { read } = fake(
      { stdout: `${top}\n${OID}\n` },
      { exitCode: 128, stderr: "fatal: bad config line 1 in blob x\n" },
    );
    expect(await submoduleOverrides(read)).toMatch(/\(fatal: bad config line 1 in blob x\)$/);
  });

  it(`refuses more than ${MAX_SUBMODULE_NAMES} names, and forces exactly that many`, async () => {
    const names = (n: number) =>
      Array.from({ length: n }, (_, i) => `submodule.s${i}.path\nx\0`).join("");
    const many = fake({ stdout: `${top}\n${OID}\n` }, { stdout: names(MAX_SUBMODULE_NAMES + 1) });
    expect(await submoduleOverrides(many.read)).toMatch(/more than 1000 submodules\)$/);
    const enough = fake({ stdout: `${top}\n${OID}\n` }, { stdout: names(MAX_SUBMODULE_NAMES) });
    expect(await submoduleOverrides(enough.read)).toMatchObject({
      config: { length: 2 * MAX_SUBMODULE_NAMES },
    });
  });
});

describe("the overrides reach git", () => {
  it("appends them after the forced config, counted", () => {
    const env = gitEnvironment({ GIT_CONFIG_COUNT: "1" }, [["submodule.a.ignore", "all"]]);
    const n = Number(env.GIT_CONFIG_COUNT) - 1;
    expect(env[`GIT_CONFIG_KEY_${n}`]).toBe("submodule.a.ignore");
    expect(env[`GIT_CONFIG_VALUE_${n}`]).toBe("all");
    expect(env[`GIT_CONFIG_KEY_${n - 1}`]).toBe("rebase.autoStash");
  });

  it.each([
    ["true", true],
    ["on-demand", true],
    [undefined, true],
    ["yes", true],
    ["1", true],
    ["false", false],
    ["No", false],
    [" off ", false],
    ["0", false],
    ["", false],
  ] as const)(
    "a repository's submodule.x.fetchRecurseSubmodules = %j refused: %j",
    (value, refused) => {
      const reason = repositoryKeyReason("submodule.x.fetchRecurseSubmodules", value);
      expect(reason !== undefined).toBe(refused);
      if (refused) expect(reason).toMatch(/git fetch run git fetch inside that submodule/);
    },
  );
});
