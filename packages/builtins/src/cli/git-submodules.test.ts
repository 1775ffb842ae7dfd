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
import { join } from "node:path";
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
import type { RunResult } from "./internal/run-process.js";

// A `submodule.<name>.ignore` other than `all` in `.gitmodules` beats diff.ignoreSubmodules=all,
// and git status, diff and commit then run `git status` inside that populated submodule, whose
// own config (here a clean filter that its committed .gitattributes uses) nobody checked. Each
// variant below first shows that git with the tool's old forced config runs the filter, then that
// the tool no longer does.

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
// (the file transport is allowed only for this setup), each with a clean filter in its own config.
function superproject(name: string, paths: readonly string[] = ["sub"]): string {
  const repo = join(root, name);
  execFileSync("git", ["init", "-q", repo], { env: rawEnv() });
  writeFileSync(join(repo, "f.txt"), "f\n");
  git(repo, "add", ".");
  git(repo, "commit", "-qm", "init");
  for (const path of paths) {
    git(repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", upstream, path);
  }
  git(repo, "commit", "-qm", "submodules");
  const script = join(root, `${name}-clean.sh`);
  writeFileSync(script, `#!/bin/sh\ntouch '${marker(repo)}'\nexec cat\n`, { mode: 0o755 });
  for (const path of paths) git(join(repo, path), "config", "filter.evil.clean", script);
  return repo;
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
    const repo = superproject(`v${i}`, paths);
    variant.setup(repo);
    // The tool's forced config alone (as before this fix) lets git run the submodule's filter.
    dirty(repo, paths);
    execFileSync("git", ["status", "--short"], { cwd: repo, env: gitEnvironment(rawEnv()) });
    expect(filterRan(repo)).toBe(true);

    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo, env: rawEnv() });
    const ran: Record<string, boolean> = {};
    for (const command of ["git status --short", "git diff", "git commit -m x"]) {
      dirty(repo, paths);
      const response = await tool.run({ command }, context());
      expect(response.text, command).not.toMatch(/^Refused/);
      ran[command] = filterRan(repo);
    }
    expect(ran).toStrictEqual({
      "git status --short": false,
      "git diff": false,
      "git commit -m x": false,
    });
  });

  // Not covered yet (README): a command that brings in another .gitmodules before it compares
  // the worktree (checkout or switch, stash apply or pop, --autostash) reads names nobody forced.
  // `it.fails` passes while the hole is there; fix it and this fails, so turn it into `it`.
  it.fails("keeps git out after `git checkout` brings a .gitmodules with a new name", async () => {
    const repo = superproject("checkout");
    const base = git(repo, "branch", "--show-current").trim();
    git(repo, "checkout", "-qb", "other");
    gitmodules(repo, '[submodule "renamed"]\n\tpath = sub\n\tignore = none\n');
    git(repo, "commit", "-qam", "renamed");
    git(repo, "checkout", "-q", base);
    dirty(repo, ["sub"]);
    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo, env: rawEnv() });
    const response = await tool.run({ command: "git checkout other" }, context());
    expect(response.status, response.text).toBe("success");
    expect(filterRan(repo)).toBe(false);
  });

  // Not covered yet either (README): commands that enter a populated submodule whatever the
  // config says. `git add` with -u, -A or a folder, and `git rm -r`, set
  // override_submodule_config (read-cache.c, add_files_to_cache), so no `ignore` applies; diff
  // plumbing and `describe --dirty` never read diff.ignoreSubmodules, so a gitlink that no
  // .gitmodules lists (no name to force) is entered. Each passes while the hole is there.
  it.fails.each([
    ["git add -u", false],
    ["git add .", false],
    ["git rm -r -n --cached .", false],
    ["git diff-files", true],
    ["git diff-index HEAD", true],
    ["git describe --dirty --always", true],
  ] as const)(
    "keeps git out of the submodule on `%s` (unlisted: %j)",
    async (command, unlisted) => {
      const repo = superproject(`always-${command.replace(/\W+/g, "-")}`);
      if (unlisted) {
        git(repo, "rm", "-q", "--cached", ".gitmodules");
        rmSync(join(repo, ".gitmodules"));
        git(repo, "commit", "-qm", "no .gitmodules");
      }
      dirty(repo, ["sub"]);
      const tool = new CLITool({ allowedCommands: ["git"], cwd: repo, env: rawEnv() });
      const response = await tool.run({ command }, context());
      expect(response.text).not.toMatch(/^Refused/);
      expect(filterRan(repo)).toBe(false);
    },
  );

  it("answers status normally: the submodule is listed, not entered", async () => {
    const repo = superproject("plain");
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
    expect(await submoduleOverrides(read)).toStrictEqual([]);
    expect(calls).toHaveLength(1);
  });

  it("costs one git process when no .gitmodules exists anywhere", async () => {
    const { calls, read } = fake({ stdout: `${top}\n` });
    expect(await submoduleOverrides(read)).toStrictEqual([]);
    expect(calls).toStrictEqual([GITMODULES_PROBE_ARGS]);
  });

  it("reads the blob when the worktree has no .gitmodules, and forces both keys per name", async () => {
    const { calls, read } = fake(
      { stdout: `${top}\n${OID}\n` },
      { stdout: "submodule.a b.ignore\nnone\0submodule.c.path\nc\0" },
    );
    expect(await submoduleOverrides(read)).toStrictEqual([
      ["submodule.a b.ignore", "all"],
      ["submodule.a b.fetchRecurseSubmodules", "false"],
      ["submodule.c.ignore", "all"],
      ["submodule.c.fetchRecurseSubmodules", "false"],
    ]);
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
    expect(await submoduleOverrides(read)).toHaveLength(2);
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
  ] as const)("refuses on %s from the probe", async (_name, probe) => {
    const { read } = fake(probe);
    expect(await submoduleOverrides(read)).toMatch(refusal);
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
    expect(await submoduleOverrides(enough.read)).toHaveLength(2 * MAX_SUBMODULE_NAMES);
  });
});

describe("the overrides reach git", () => {
  it("appends them after the forced config, counted", () => {
    const env = gitEnvironment({ GIT_CONFIG_COUNT: "1" }, [["submodule.a.ignore", "all"]]);
    const n = Number(env.GIT_CONFIG_COUNT) - 1;
    expect(env[`GIT_CONFIG_KEY_${n}`]).toBe("submodule.a.ignore");
    expect(env[`GIT_CONFIG_VALUE_${n}`]).toBe("all");
    expect(env[`GIT_CONFIG_KEY_${n - 1}`]).toBe("status.submoduleSummary");
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
