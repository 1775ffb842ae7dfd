import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLITool } from "./cli-tool.js";
import { GIT_COMMAND_KEYS, gitEnvironment, gitRepositoryOptions } from "./git-hardening.js";

const context = () => ({ signal: new AbortController().signal });

// A repository whose own .git/config runs programs on plain read commands. Each program proves
// it ran by creating a marker file.
let root: string;
let repo: string;
const marker = (name: string) => join(root, `${name}.ran`);
const MARKERS = ["fsmonitor", "filter", "textconv", "alias", "hook"];

// The environment a careless caller would give raw git: no system or global config either, so
// only the repository's config is in play.
const rawEnv = () => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: root,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
});
const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: repo, env: rawEnv(), stdio: "pipe" }).toString();

function script(name: string, body: string): string {
  const file = join(root, name);
  writeFileSync(file, `#!/bin/sh\ntouch '${marker(name)}'\n${body}\n`, { mode: 0o755 });
  return file;
}

function clearMarkers() {
  for (const name of MARKERS) rmSync(marker(name), { force: true });
}

function ranMarkers(): string[] {
  return MARKERS.filter((name) => existsSync(marker(name)));
}

// Makes the worktree file stat-dirty so git must read it again (through the clean filter).
function touchFile() {
  const when = new Date(Date.now() - Math.floor(Math.random() * 1e9));
  utimesSync(join(repo, "f.txt"), when, when);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "toolgate-cli-git-"));
  repo = join(root, "repo");
  execFileSync("git", ["init", "-q", repo], { env: rawEnv() });
  writeFileSync(join(repo, "f.txt"), "hello\n");
  writeFileSync(join(repo, ".gitattributes"), "*.txt filter=evil diff=evil\n");
  git("add", ".");
  git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "init");
  writeFileSync(join(repo, "f.txt"), "hello\nworld\n");
  git("config", "core.fsmonitor", script("fsmonitor", "exit 1"));
  git("config", "filter.evil.clean", script("filter", "exec cat"));
  git("config", "diff.evil.textconv", script("textconv", 'exec cat "$1"'));
  git("config", "alias.st", `!${script("alias", "echo alias")}`);
  script("hook", "exit 0");
  execFileSync("cp", [join(root, "hook"), join(repo, ".git", "hooks", "post-checkout")]);
  execFileSync("cp", [join(root, "hook"), join(repo, ".git", "hooks", "pre-commit")]);
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("git through CLITool never runs repository-controlled programs", () => {
  it("the repository is hostile: raw git runs its programs (so the next tests mean something)", () => {
    clearMarkers();
    touchFile();
    git("status");
    git("diff");
    git("log", "-p");
    spawnSync("git", ["st"], { cwd: repo, env: rawEnv() });
    git(
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@example.com",
      "commit",
      "-qm",
      "two",
      "--allow-empty",
    );
    git("checkout", "-q", "-b", "other");
    git("checkout", "-q", "-");
    git("reset", "-q", "--soft", "HEAD~1");
    expect(ranMarkers().sort()).toEqual([...MARKERS].sort());
  });

  it("git status does not run core.fsmonitor or the clean filter, and still works", async () => {
    clearMarkers();
    touchFile();
    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo });
    const response = await tool.run({ command: "git status --short" }, context());
    expect(response.status).toBe("success");
    expect(response.text).toContain(" M f.txt");
    expect(ranMarkers()).toEqual([]);
  });

  it("diff, log -p and show do not run textconv or filter drivers", async () => {
    clearMarkers();
    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo });
    for (const command of ["git diff", "git log -p", "git show HEAD", "git diff --stat"]) {
      touchFile();
      const response = await tool.run({ command }, context());
      expect(response.status, `${command}: ${response.text}`).toBe("success");
    }
    const log = await tool.run({ command: "git log -p" }, context());
    expect(log.text).toContain("+hello");
    expect(ranMarkers()).toEqual([]);
  });

  it("aliases from the repository do not run", async () => {
    clearMarkers();
    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo });
    const response = await tool.run({ command: "git st" }, context());
    expect(response.isError).toBe(true);
    expect(ranMarkers()).toEqual([]);
  });

  it("hooks do not run, even for commands that would fire them", async () => {
    clearMarkers();
    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo });
    for (const command of ["git checkout -q -b hooks-test", "git checkout -q -"]) {
      const response = await tool.run({ command }, context());
      expect(response.status, response.text).toBe("success");
    }
    expect(ranMarkers()).toEqual([]);
  });

  it("does not descend into submodules, whose own config the repository also controls", async () => {
    const sub = join(root, "sub");
    const main = join(root, "main");
    const run = (cwd: string, ...args: string[]) =>
      execFileSync("git", args, { cwd, env: rawEnv(), stdio: "pipe" });
    execFileSync("git", ["init", "-q", sub], { env: rawEnv() });
    writeFileSync(join(sub, "a.txt"), "a\n");
    writeFileSync(join(sub, ".gitattributes"), "* filter=subevil\n");
    run(sub, "add", ".");
    run(sub, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "s");
    execFileSync("git", ["init", "-q", main], { env: rawEnv() });
    run(main, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "sub");
    run(main, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "m");
    const subMarker = script("submodule-filter", "exec cat");
    run(join(main, "sub"), "config", "filter.subevil.clean", subMarker);
    const dirty = () => {
      const file = join(main, "sub", "a.txt");
      const when = new Date(Date.now() - Math.floor(Math.random() * 1e9));
      utimesSync(file, when, when);
    };
    const ran = () => existsSync(marker("submodule-filter"));
    dirty();
    run(main, "status", "--short");
    expect(ran()).toBe(true); // raw git runs the submodule's filter
    rmSync(marker("submodule-filter"));
    dirty();
    const tool = new CLITool({ allowedCommands: ["git"], cwd: main });
    const response = await tool.run({ command: "git status --short" }, context());
    expect(response.status, response.text).toBe("success");
    expect(ran()).toBe(false);
  });

  it("works with -C from another folder", async () => {
    clearMarkers();
    touchFile();
    const tool = new CLITool({ allowedCommands: ["git"], cwd: root });
    const response = await tool.run({ command: `git -C repo status --short` }, context());
    expect(response.text).toContain(" M f.txt");
    expect(ranMarkers()).toEqual([]);
  });

  it("answers outside a repository with git's own error", async () => {
    const empty = mkdtempSync(join(tmpdir(), "toolgate-cli-norepo-"));
    try {
      const tool = new CLITool({ allowedCommands: ["git"], cwd: empty });
      const response = await tool.run({ command: "git status" }, context());
      expect(response.isError).toBe(true);
      expect(response.text).toMatch(/not a git repository/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("git hardening helpers", () => {
  it("matches the command-valued keys git reports, and not ordinary ones", () => {
    for (const key of [
      "alias.st",
      "pager.log",
      "filter.lfs.process",
      "filter.Evil.clean",
      "diff.external",
      "diff.evil.textconv",
      "merge.x.driver",
      "difftool.vim.cmd",
      "credential.https://e.com.helper",
      "remote.origin.uploadpack",
      "submodule.lib.update",
      "core.gitproxy",
    ]) {
      expect(GIT_COMMAND_KEYS.test(key), key).toBe(true);
    }
    for (const key of ["user.name", "core.filemode", "remote.origin.url", "diff.renames"]) {
      expect(GIT_COMMAND_KEYS.test(key), key).toBe(false);
    }
  });

  it("appends its config after the caller's GIT_CONFIG entries and lets the caller's env win", () => {
    const env = gitEnvironment(
      {
        PATH: "/bin",
        GIT_PAGER: "less",
        GIT_CONFIG_COUNT: "1",
        GIT_CONFIG_KEY_0: "user.name",
        GIT_CONFIG_VALUE_0: "me",
      },
      ["diff.evil.textconv", "alias.st", "core.gitproxy"],
    );
    expect(env.GIT_PAGER).toBe("less");
    expect(env.GIT_CONFIG_NOSYSTEM).toBe("1");
    expect(env.GIT_CONFIG_KEY_0).toBe("user.name");
    expect(env.GIT_CONFIG_KEY_1).toBe("core.fsmonitor");
    const pairs = Object.fromEntries(
      Array.from({ length: Number(env.GIT_CONFIG_COUNT) }, (_, i) => [
        env[`GIT_CONFIG_KEY_${i}`],
        env[`GIT_CONFIG_VALUE_${i}`],
      ]),
    );
    expect(pairs).toMatchObject({
      "diff.evil.textconv": "cat",
      "alias.st": "",
      "protocol.git.allow": "never",
      "core.hooksPath": "/dev/null",
    });
  });

  it("keeps only the global options that choose the repository", () => {
    expect(
      gitRepositoryOptions(["-C", "a", "--git-dir=b", "-c", "x=y", "--no-pager", "status", "-C"]),
    ).toEqual(["-C", "a", "--git-dir=b"]);
  });
});
