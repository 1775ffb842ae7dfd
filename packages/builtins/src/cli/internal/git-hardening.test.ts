import { execFile, execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLITool } from "../cli-tool.js";
import {
  GIT_CONFIG_LIST_ARGS,
  gitConfigReadEnvironment,
  gitEnvironment,
  gitRepositoryOptions,
  printableText,
  repositoryConfigProblems,
  repositoryConfigRefusal,
  repositoryKeyReason,
} from "./git-hardening.js";
import { parseCommand } from "./parse-command.js";

const context = () => ({ signal: new AbortController().signal });

// A repository whose own .git/config runs programs on plain read commands through keys with one
// fixed name (core.fsmonitor, hooks), which are forced off. Each program proves it ran by
// creating a marker file.
let root: string;
let repo: string;
const marker = (name: string) => join(root, `${name}.ran`);
const MARKERS = ["fsmonitor", "hook"];

// The environment a careless caller would give raw git: no system or global config either, so
// only the repository's config is in play.
const rawEnv = (home = root) => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: home,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_TERMINAL_PROMPT: "0",
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

// Makes the worktree file stat-dirty so git must look at it again.
function touchFile() {
  const when = new Date(Date.now() - Math.floor(Math.random() * 1e9));
  utimesSync(join(repo, "f.txt"), when, when);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "toolgate-cli-git-"));
  repo = join(root, "repo");
  execFileSync("git", ["init", "-q", repo], { env: rawEnv() });
  writeFileSync(join(repo, "f.txt"), "hello\n");
  git("add", ".");
  git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "init");
  writeFileSync(join(repo, "f.txt"), "hello\nworld\n");
  git("config", "core.fsmonitor", script("fsmonitor", "exit 1"));
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

  it("git status does not run core.fsmonitor, and still works", async () => {
    clearMarkers();
    touchFile();
    const tool = new CLITool({ allowedCommands: ["git"], cwd: repo });
    const response = await tool.run({ command: "git status --short" }, context());
    expect(response.status).toBe("success");
    expect(response.text).toContain(" M f.txt");
    expect(ranMarkers()).toEqual([]);
  });

  it("diff, log -p and show still work in a repository whose forced keys are hostile", async () => {
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
    // A populated submodule's config is checked like the repository's (git-submodules.test.ts).
    expect(response.text).toMatch(
      /^Refused: the git config of submodule sub sets filter\.subevil\.clean/,
    );
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

// ---------------------------------------------------------------------------------------------
// One row per way a repository's config can name a program. Each row builds a fresh repository
// (twice: one copy for CLITool, one for raw git), runs one command the default policy allows, and
// checks that no marker appears. `refused` rows must be refused naming the key; the others are
// keys with one fixed name that GIT_FORCED_CONFIG switches off, kept as regression rows.
// `raw: true` rows prove the attack: raw git (system and global config off) runs the program.
// Placeholders: EVIL (a script that creates the marker), ROW (the row's folder), REPO, PORT.
// ---------------------------------------------------------------------------------------------

interface Row {
  readonly name: string;
  readonly config: string;
  readonly command: string;
  /** The keys (or parts of them) the refusal must name; absent for forced-key rows. */
  readonly refused?: string | readonly string[];
  /** Raw git with the same command runs the program (git 2.39). */
  readonly raw: boolean;
  /** Files to write, relative to the row folder (before the repository's first commit). */
  readonly files?: Readonly<Record<string, string>>;
  readonly setup?: (git: (...args: string[]) => string, row: string) => void;
  /** What must not appear, relative to the row folder. @default "ran" */
  readonly marker?: string;
}

// Three-way content merge of f.txt between `side` and the current branch.
function divergedBranches(git: (...args: string[]) => string, row: string) {
  git("checkout", "-qb", "side");
  writeFileSync(join(row, "repo", "f.txt"), "hello\nside\n");
  git("commit", "-qam", "side");
  git("checkout", "-q", "-");
  writeFileSync(join(row, "repo", "f.txt"), "main\nhello\n");
  git("commit", "-qam", "main");
}

// A commit with a (fake) OpenPGP signature, so showing it asks gpg.program to verify.
function signedCommit(git: (...args: string[]) => string) {
  const tree = git("write-tree").trim();
  const body = `tree ${tree}\nauthor t <t@example.com> 1 +0000\ncommitter t <t@example.com> 1 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n AAAA\n -----END PGP SIGNATURE-----\n\nsigned\n`;
  const file = join(tmpdir(), `toolgate-signed-${process.pid}-${Math.random()}`);
  writeFileSync(file, body);
  try {
    const sha = git("hash-object", "-t", "commit", "-w", file).trim();
    git("update-ref", "refs/heads/signed", sha);
  } finally {
    rmSync(file, { force: true });
  }
}

const ROWS: readonly Row[] = [
  // archive formats
  {
    name: "tar.<format>.command with git archive",
    config: '[tar "evil"]\n\tcommand = EVIL',
    command: "git archive --format=evil HEAD",
    refused: "tar.evil.command",
    raw: true,
  },
  {
    name: 'tar command spelled [Tar "Evil"] COMMAND (section and name case-insensitive)',
    config: '[Tar "Evil"]\n\tCOMMAND = EVIL',
    command: "git archive --format=Evil HEAD",
    refused: "tar.Evil.command",
    raw: true,
  },
  {
    name: "tar command in the old [tar.evil] spelling",
    config: "[tar.evil]\n\tcommand = EVIL",
    command: "git archive --format=evil HEAD",
    refused: "tar.evil.command",
    raw: true,
  },
  {
    name: "tar command replacing the built-in tar.gz format",
    config: '[tar "tar.gz"]\n\tcommand = EVIL',
    command: "git archive --format=tar.gz HEAD",
    refused: "tar.tar.gz.command",
    raw: true,
  },
  // diff drivers
  {
    name: "diff.<driver>.textconv with git log -p",
    config: '[diff "evil"]\n\ttextconv = EVIL',
    command: "git log -p",
    refused: "diff.evil.textconv",
    raw: true,
  },
  {
    name: "diff.<driver>.textconv with git blame",
    config: '[diff "evil"]\n\ttextconv = EVIL',
    command: "git blame f.txt",
    refused: "diff.evil.textconv",
    raw: true,
  },
  {
    name: "diff.<driver>.command with git diff",
    config: '[diff "evil"]\n\tcommand = EVIL',
    setup: (_git, row) => writeFileSync(join(row, "repo", "f.txt"), "changed\n"),
    command: "git diff",
    refused: "diff.evil.command",
    raw: true,
  },
  {
    name: "diff.external with git diff",
    config: "[diff]\n\texternal = EVIL",
    setup: (_git, row) => writeFileSync(join(row, "repo", "f.txt"), "changed\n"),
    command: "git diff",
    refused: "diff.external",
    raw: true,
  },
  // filter drivers
  {
    name: "filter.<driver>.smudge with git cat-file --filters",
    config: '[filter "evil"]\n\tsmudge = EVIL',
    command: "git cat-file --filters HEAD:f.txt",
    refused: "filter.evil.smudge",
    raw: true,
  },
  {
    name: "filter.<driver>.clean with git add",
    config: '[filter "evil"]\n\tclean = EVIL',
    setup: (_git, row) => writeFileSync(join(row, "repo", "f.txt"), "changed\n"),
    command: "git add f.txt",
    refused: "filter.evil.clean",
    raw: true,
  },
  {
    name: "filter.<driver>.process with git add",
    config: '[filter "evil"]\n\tprocess = EVIL',
    setup: (_git, row) => writeFileSync(join(row, "repo", "f.txt"), "changed\n"),
    command: "git add f.txt",
    refused: "filter.evil.process",
    raw: true,
  },
  {
    name: "filter.<driver>.required alone",
    config: '[filter "evil"]\n\trequired = true',
    command: "git status",
    refused: "filter.evil.required",
    raw: false,
  },
  // merge drivers
  {
    name: "merge.<driver>.driver with git merge",
    config: '[merge "evil"]\n\tdriver = EVIL %O %A %B',
    setup: divergedBranches,
    command: "git merge --no-edit side",
    refused: "merge.evil.driver",
    raw: true,
  },
  // aliases
  {
    name: "alias with ! (a shell command)",
    config: "[alias]\n\tst = !EVIL",
    command: "git st",
    refused: "alias.st",
    raw: true,
  },
  {
    name: "alias without ! that carries -c past the policy",
    config: "[alias]\n\tlp = -c diff.evil.textconv=EVIL log -p",
    command: "git lp",
    refused: "alias.lp",
    raw: true,
  },
  {
    name: 'alias in a subsection spelling [alias "x"]',
    config: '[alias "x"]\n\ty = !EVIL',
    command: "git x.y",
    refused: "alias.x.y",
    raw: true,
  },
  // includes
  {
    name: "include.path to a file that sets a command key",
    config: "[include]\n\tpath = ROW/evil.cfg",
    files: { "evil.cfg": '[tar "evil"]\n\tcommand = EVIL\n' },
    command: "git archive --format=evil HEAD",
    refused: ["include.path", "tar.evil.command"],
    raw: true,
  },
  {
    name: "include.path relative to .git, to a file in the working tree",
    config: "[include]\n\tpath = ../settings.cfg",
    files: { "repo/settings.cfg": '[diff "evil"]\n\ttextconv = EVIL\n' },
    command: "git log -p",
    refused: "include.path",
    raw: true,
  },
  {
    name: "includeIf.gitdir: that matches",
    config: '[includeIf "gitdir:ROW/"]\n\tpath = ROW/evil.cfg',
    files: { "evil.cfg": "[alias]\n\tst = !EVIL\n" },
    command: "git st",
    refused: "includeif.gitdir:",
    raw: true,
  },
  {
    name: "includeIf.onbranch: for a branch a checkout could switch to",
    config: '[includeIf "onbranch:evil"]\n\tpath = ROW/evil.cfg',
    files: { "evil.cfg": '[filter "evil"]\n\tsmudge = EVIL\n' },
    command: "git status",
    refused: "includeif.onbranch:evil.path",
    raw: false,
  },
  {
    name: "per-worktree config (config.worktree)",
    config: "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tworktreeConfig = true",
    files: { "repo/.git/config.worktree": '[tar "evil"]\n\tcommand = EVIL\n' },
    command: "git archive --format=evil HEAD",
    refused: "tar.evil.command",
    raw: true,
  },
  // hooks
  {
    name: "hook.<name>.command (config-based hooks of newer gits)",
    config: '[hook "evil"]\n\tcommand = EVIL\n\tevent = post-checkout',
    command: "git checkout -q -b other",
    refused: "hook.evil.command",
    raw: false,
  },
  {
    name: "core.hooksPath to a folder with post-checkout (forced off)",
    config: "[core]\n\thooksPath = ROW/hooks",
    setup: (_git, row) => {
      mkdirSync(join(row, "hooks"));
      copyFileSync(join(row, "evil"), join(row, "hooks", "post-checkout"));
    },
    command: "git checkout -q -b other",
    raw: true,
  },
  {
    name: ".git/hooks/post-checkout (forced off)",
    config: "",
    setup: (_git, row) =>
      copyFileSync(join(row, "evil"), join(row, "repo", ".git", "hooks", "post-checkout")),
    command: "git checkout -q -b other",
    raw: true,
  },
  {
    name: "core.fsmonitor with git status (forced off)",
    config: "[core]\n\tfsmonitor = EVIL",
    command: "git status",
    raw: true,
  },
  // transports and remotes
  {
    name: "remote.<name>.uploadpack with a file:// remote and git ls-remote",
    config: '[remote "o"]\n\turl = file://REPO\n\tuploadpack = EVIL',
    command: "git ls-remote o",
    refused: "remote.o.uploadpack",
    raw: true,
  },
  {
    name: "remote.<Name>.uploadpack with git fetch (subsection keeps its case)",
    config: '[remote "Origin"]\n\turl = file://REPO\n\tuploadpack = EVIL',
    command: "git fetch Origin",
    refused: "remote.Origin.uploadpack",
    raw: true,
  },
  {
    name: "remote.<name>.receivepack with git push",
    config: '[remote "o"]\n\turl = file://REPO\n\treceivepack = EVIL',
    command: "git push o HEAD:refs/heads/pushed",
    refused: "remote.o.receivepack",
    raw: true,
  },
  {
    name: "remote.<name>.vcs (a remote helper program)",
    config: '[remote "o"]\n\tvcs = evil',
    command: "git status",
    refused: "remote.o.vcs",
    raw: false,
  },
  {
    name: "remote.<name>.url ext:: with the repository allowing ext",
    config: '[protocol "ext"]\n\tallow = always\n[remote "x"]\n\turl = ext::EVIL nofile',
    command: "git ls-remote x",
    refused: "remote.x.url",
    raw: true,
  },
  {
    name: "url.<base>.insteadOf rewriting to ext::",
    config: '[protocol "ext"]\n\tallow = always\n[url "ext::EVIL nofile "]\n\tinsteadOf = evil:',
    command: "git ls-remote evil:x",
    refused: ".insteadof",
    raw: true,
  },
  {
    name: "git push to a local repository whose own hooks run (file transport forced off)",
    config: "",
    setup: (git, row) => {
      git("init", "-q", "--bare", join(row, "other.git"));
      copyFileSync(join(row, "evil"), join(row, "other.git", "hooks", "post-receive"));
    },
    command: "git push ../other.git HEAD:refs/heads/pushed",
    raw: true,
  },
  {
    name: "git archive --remote of a local repository whose config names the format's program",
    config: "",
    setup: (git, row) => {
      const other = join(row, "other");
      git("init", "-q", other);
      git(
        "-C",
        other,
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@example.com",
        "commit",
        "-qm",
        "x",
        "--allow-empty",
      );
      git("-C", other, "config", "tar.evil.command", join(row, "evil"));
      git("-C", other, "config", "tar.evil.remote", "true");
    },
    command: "git archive --remote=../other --format=evil HEAD",
    raw: true,
  },
  {
    name: "git send-pack to a local repository whose own hooks run (file transport forced off)",
    config: "",
    setup: (git, row) => {
      git("init", "-q", "--bare", join(row, "other.git"));
      git("push", "-q", join(row, "other.git"), "HEAD:refs/heads/main");
      copyFileSync(join(row, "evil"), join(row, "other.git", "hooks", "post-receive"));
    },
    command: "git send-pack ../other.git HEAD:refs/heads/pushed",
    raw: true,
  },
  {
    name: "core.gitProxy with a git:// URL (the first match wins, so it cannot be forced)",
    config: "[core]\n\tgitProxy = EVIL",
    command: "git ls-remote git://127.0.0.1:1/x",
    refused: "core.gitproxy",
    raw: true,
  },
  {
    name: "core.sshCommand with an ssh:// URL (forced to ssh)",
    config: "[core]\n\tsshCommand = EVIL",
    command: "git ls-remote ssh://127.0.0.1:1/x",
    raw: true,
  },
  {
    name: "credential.<url>.helper asked by an HTTP 401",
    config: '[credential "http://127.0.0.1:PORT"]\n\thelper = EVIL',
    command: "git ls-remote http://127.0.0.1:PORT/r.git",
    refused: "credential.http://127.0.0.1:",
    raw: true,
  },
  {
    name: "credential.helper asked by an HTTP 401 (forced empty)",
    config: "[credential]\n\thelper = EVIL",
    command: "git ls-remote http://127.0.0.1:PORT/r.git",
    raw: true,
  },
  {
    name: "uploadpack.packObjectsHook",
    config: "[uploadpack]\n\tpackObjectsHook = EVIL",
    command: "git status",
    refused: "uploadpack.packobjectshook",
    raw: false,
  },
  {
    name: "core.alternateRefsCommand",
    config: "[core]\n\talternateRefsCommand = EVIL",
    command: "git status",
    refused: "core.alternaterefscommand",
    raw: false,
  },
  // signatures
  {
    name: "gpg.program with log.showSignature on a signed commit (forced)",
    config: "[gpg]\n\tprogram = EVIL\n[log]\n\tshowSignature = true",
    setup: signedCommit,
    command: "git log -1 signed",
    raw: true,
  },
  {
    name: "gpg.<format>.program for a format name git does not force",
    config: '[gpg "OpenPGP"]\n\tprogram = EVIL',
    command: "git status",
    refused: "gpg.OpenPGP.program",
    raw: false,
  },
  // commit and mail helpers
  {
    name: "trailer.<token>.command with git commit --trailer",
    config: '[trailer "sign"]\n\tcommand = EVIL',
    command: "git commit -q --allow-empty -m x --trailer sign=me",
    refused: "trailer.sign.command",
    raw: true,
  },
  {
    name: "sendemail.<identity>.tocmd",
    config: '[sendemail "work"]\n\ttocmd = EVIL',
    command: "git status",
    refused: "sendemail.work.tocmd",
    raw: false,
  },
  {
    name: "sendemail.smtpServer that is a program path",
    config: "[sendemail]\n\tsmtpServer = EVIL",
    command: "git status",
    refused: "sendemail.smtpserver",
    raw: false,
  },
  {
    name: "submodule.<name>.update = !command",
    config: '[submodule "lib"]\n\tupdate = !EVIL',
    command: "git status",
    refused: "submodule.lib.update",
    raw: false,
  },
  {
    name: "submodule.<name>.ignore = none makes git status enter a submodule with a filter",
    config: '[submodule "sub"]\n\tignore = none',
    setup: (git, row) => {
      const sub = join(row, "sub");
      git("init", "-q", sub);
      writeFileSync(join(sub, "a.txt"), "a\n");
      writeFileSync(join(sub, ".gitattributes"), "* filter=subevil\n");
      git("-C", sub, "add", ".");
      git("-C", sub, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "s");
      git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "sub");
      git("commit", "-qm", "add sub");
      git("-C", join(row, "repo", "sub"), "config", "filter.subevil.clean", join(row, "evil"));
      const when = new Date(Date.now() - 1e9);
      utimesSync(join(row, "repo", "sub", "a.txt"), when, when);
    },
    command: "git status",
    refused: "submodule.sub.ignore",
    raw: true,
  },
  {
    name: "pager.<cmd> naming a program",
    config: "[pager]\n\tlog = EVIL",
    command: "git log",
    refused: "pager.log",
    raw: false,
  },
  {
    name: "interactive.diffFilter",
    config: "[interactive]\n\tdiffFilter = EVIL",
    command: "git status",
    refused: "interactive.difffilter",
    raw: false,
  },
  {
    name: "difftool.<tool>.cmd",
    config: '[difftool "evil"]\n\tcmd = EVIL',
    command: "git status",
    refused: "difftool.evil.cmd",
    raw: false,
  },
  {
    name: "mergetool.<tool>.path overriding a known tool",
    config: '[mergetool "vimdiff"]\n\tpath = EVIL',
    command: "git status",
    refused: "mergetool.vimdiff.path",
    raw: false,
  },
  {
    name: "man.<tool>.cmd and browser.<tool>.cmd",
    config: '[man "evil"]\n\tcmd = EVIL\n[browser "evil"]\n\tcmd = EVIL',
    command: "git status",
    refused: "man.evil.cmd",
    raw: false,
  },
  {
    name: "guitool.<name>.cmd, imap.tunnel and instaweb.httpd",
    config: '[guitool "evil"]\n\tcmd = EVIL\n[imap]\n\ttunnel = EVIL\n[instaweb]\n\thttpd = EVIL',
    command: "git status",
    refused: "guitool.evil.cmd",
    raw: false,
  },
  {
    name: "format.outputDirectory outside the working folder",
    config: "[format]\n\toutputDirectory = ROW/out",
    command: "git format-patch -1",
    refused: "format.outputdirectory",
    raw: true,
    marker: "out",
  },
];

// An HTTP server that answers every request with 401, so git asks its credential helpers.
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(401, { "WWW-Authenticate": 'Basic realm="x"' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const rowsRoot = () => join(root, "rows");

// Builds one copy of a row's repository in a fresh folder; returns the folder.
function buildRow(row: Row, name: string): string {
  const dir = join(rowsRoot(), name);
  const repoDir = join(dir, "repo");
  mkdirSync(repoDir, { recursive: true });
  const fill = (text: string) =>
    text
      .replaceAll("EVIL", join(dir, "evil"))
      .replaceAll("ROW", dir)
      .replaceAll("REPO", repoDir)
      .replaceAll("PORT", String(port));
  writeFileSync(join(dir, "evil"), `#!/bin/sh\ntouch '${join(dir, "ran")}'\nexec cat "$@"\n`, {
    mode: 0o755,
  });
  const run = (...args: string[]) =>
    execFileSync("git", args, { cwd: repoDir, env: rawEnv(dir), stdio: "pipe" }).toString();
  run("init", "-q");
  run("config", "user.name", "t");
  run("config", "user.email", "t@example.com");
  writeFileSync(join(repoDir, "f.txt"), "hello\n");
  writeFileSync(join(repoDir, ".gitattributes"), "*.txt filter=evil diff=evil merge=evil\n");
  run("add", "f.txt", ".gitattributes");
  run("commit", "-qm", "init");
  row.setup?.(run, dir);
  for (const [path, content] of Object.entries(row.files ?? {})) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), fill(content));
  }
  // Appended last, so the setup's own git runs are not affected by it.
  writeFileSync(join(repoDir, ".git", "config"), `\n${fill(row.config)}\n`, { flag: "a" });
  return dir;
}

const fillCommand = (row: Row, dir: string) =>
  row.command.replaceAll("REPO", join(dir, "repo")).replaceAll("PORT", String(port));

// Raw git, asynchronously: the HTTP server above runs in this process.
function rawGit(dir: string, command: string): Promise<void> {
  const parsed = parseCommand(command);
  if (!parsed.ok) throw new Error(parsed.reason);
  return new Promise((resolve) => {
    const child = execFile(
      "git",
      parsed.argv.slice(1),
      { cwd: join(dir, "repo"), env: rawEnv(dir), timeout: 20_000 },
      () => resolve(),
    );
    child.stdin?.end();
  });
}

describe("a repository's config that names a program: refused or forced off, never run", () => {
  it.each(ROWS.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    const id = ROWS.indexOf(row);
    const dir = buildRow(row, `tool-${id}`);
    const ran = () => existsSync(join(dir, row.marker ?? "ran"));
    expect(ran(), "the setup itself ran the program").toBe(false);

    const tool = new CLITool({
      allowedCommands: ["git"],
      cwd: join(dir, "repo"),
      timeoutMs: 20_000,
    });
    const response = await tool.run({ command: fillCommand(row, dir) }, context());
    expect(ran(), response.text).toBe(false);
    if (row.refused === undefined) {
      expect(response.text, "a forced key is not refused").not.toMatch(/^Refused/);
    } else {
      expect(response.isError).toBe(true);
      expect(response.text).toMatch(/^Refused: the repository's git config sets /);
      for (const key of typeof row.refused === "string" ? [row.refused] : row.refused) {
        expect(response.text).toContain(key);
      }
    }

    if (row.raw) {
      const rawDir = buildRow(row, `raw-${id}`);
      await rawGit(rawDir, fillCommand(row, rawDir));
      expect(existsSync(join(rawDir, row.marker ?? "ran")), "raw git runs the program").toBe(true);
    }
  });

  it("still runs git where the repository sets only harmless or forced keys", async () => {
    const row: Row = {
      name: "benign",
      config: [
        "[pager]\n\tbranch = false\n\tlog\n\tdiff = 0",
        '[submodule "lib"]\n\tupdate = checkout\n\turl = https://example.com/lib.git',
        '[url "https://example.com/"]\n\tinsteadOf = gh:',
        '[diff "evil"]\n\txfuncname = ^sub\n\tcachetextconv = true',
        '[merge "evil"]\n\tname = a merge driver without a driver',
        '[remote "origin"]\n\turl = https://example.com/r.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*',
        "[core]\n\tfsmonitor = true\n\thooksPath = .husky\n\teditor = vim\n\tpager = less",
        "[credential]\n\thelper = store",
        '[credential "https://example.com"]\n\tusername = me',
        "[sendemail]\n\tsmtpServer = smtp.example.com",
        "[tar]\n\tumask = 0022",
        '[gpg "ssh"]\n\tprogram = ssh-keygen',
        "[color]\n\tpager = false",
      ].join("\n"),
      command: "git status --short",
      raw: false,
    };
    const dir = buildRow(row, "benign");
    writeFileSync(join(dir, "repo", "f.txt"), "changed\n");
    const tool = new CLITool({ allowedCommands: ["git"], cwd: join(dir, "repo") });
    const response = await tool.run({ command: "git status --short" }, context());
    expect(response.status, response.text).toBe("success");
    expect(response.text).toContain(" M f.txt");
  });

  it("a caller's GIT_CONFIG does not hide the repository's config from the check", async () => {
    const row = ROWS[0]!;
    const dir = buildRow(row, "git-config-env");
    const tool = new CLITool({
      allowedCommands: ["git"],
      cwd: join(dir, "repo"),
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, GIT_CONFIG: "/dev/null" },
    });
    const response = await tool.run({ command: "git archive --format=evil HEAD" }, context());
    expect(response.text).toMatch(/^Refused: .*tar\.evil\.command/);
    expect(existsSync(join(dir, "ran"))).toBe(false);
  });

  it.each([
    [
      "a config file git cannot parse",
      "[core\n\tbroken",
      "git status",
      /could not read.*bad config/,
    ],
    ["a -C folder that does not exist", "", "git -C nowhere status", /could not read.*nowhere/],
  ])("refuses when the config cannot be read: %s", async (_name, config, command, message) => {
    const dir = buildRow(
      { name: "unreadable", config, command, raw: false },
      `unreadable-${command.length}`,
    );
    const tool = new CLITool({ allowedCommands: ["git"], cwd: join(dir, "repo") });
    const response = await tool.run({ command }, context());
    expect(response.isError).toBe(true);
    expect(response.text).toMatch(/^Refused: /);
    expect(response.text).toMatch(message);
  });
});

describe("git hardening helpers", () => {
  // Written from git-config(1), independently of the code: [key, value, refused?]
  const KEYS: readonly (readonly [string, string | undefined, boolean])[] = [
    ["alias.co", "checkout", true],
    ["alias.x", "!sh -c id", true],
    ["include.path", "/tmp/x", true],
    ["includeif.gitdir/i:~/w/.path", "x", true],
    ["includeif.onbranch:main.path", "x", true],
    ["include.x.path", "x", false],
    ["filter.lfs.process", "git-lfs filter-process", true],
    ["filter.Lfs.SMUDGE", "x", true],
    ["filter.a.b.c.clean", "x", true],
    ["tar.tgz.command", "gzip -cn", true],
    ["tar.umask", "0022", false],
    ["tar.zip.remote", "true", false],
    ["diff.external", "x", true],
    ["diff.pdf.textconv", "pdftotext", true],
    ["diff.PDF.Command", "x", true],
    ["diff.pdf.xfuncname", "^x", false],
    ["diff.renames", "true", false],
    ["merge.ours.driver", "true", true],
    ["merge.ours.name", "x", false],
    ["merge.tool", "vimdiff", false],
    ["difftool.kdiff3.path", "/x", true],
    ["mergetool.my.cmd", "x", true],
    ["mergetool.my.trustexitcode", "true", false],
    ["browser.firefox.path", "/x", true],
    ["man.konqueror.cmd", "x", true],
    ["guitool.run.cmd", "x", true],
    ["guitool.run.title", "x", false],
    ["trailer.see.cmd", "x", true],
    ["trailer.see.key", "See", false],
    ["credential.https://example.com.helper", "store", true],
    ["credential.https://example.com.username", "me", false],
    ["credential.helper", "store", false], // forced empty
    ["hook.lint.command", "x", true],
    ["hook.lint.event", "pre-commit", false],
    ["remote.origin.uploadpack", "x", true],
    ["remote.a.b.receivepack", "x", true],
    ["remote.svn.vcs", "svn", true],
    ["remote.origin.url", "ext::sh -c x", true],
    ["remote.origin.pushurl", "fd::3", true],
    ["remote.origin.url", "https://example.com/r.git", false],
    ["remote.origin.url", "git@example.com:r.git", false],
    ["remote.origin.url", "C:/x::y", false],
    ["remote.origin.proxy", "http://127.0.0.1:1", false],
    ["url.ext::sh -c x .insteadof", "evil:", true],
    ["url.fd::7.pushinsteadof", "evil:", true],
    ["url.https://example.com/.insteadof", "gh:", false],
    ["url.git@example.com:.insteadof", "gh:", false],
    ["submodule.lib.update", "!make", true],
    ["submodule.lib.update", "  !make", true],
    ["submodule.lib.update", "rebase", false],
    ["submodule.recurse", "true", false],
    ["submodule.lib.ignore", "none", true],
    ["submodule.lib.ignore", "dirty", true],
    ["submodule.lib.ignore", undefined, true],
    ["submodule.lib.ignore", "all", false],
    ["submodule.lib.ignore", "ALL ", false],
    ["pager.log", "less -R", true],
    ["pager.log", undefined, false],
    ["pager.log", "", false],
    ["pager.branch", "false", false],
    ["pager.diff", "Off", false],
    ["pager.diff", "2", false],
    ["pager.diff", "1k", false],
    ["pager.diff", "truex", true],
    ["gpg.program", "x", false], // forced
    ["gpg.ssh.program", "x", false], // forced
    ["gpg.x509.program", "x", false], // forced
    ["gpg.SSH.program", "x", true],
    ["gpg.format", "ssh", false],
    ["core.gitproxy", "x for example.com", true],
    ["core.GitProxy", "x", true],
    ["core.alternaterefscommand", "x", true],
    ["core.fsmonitor", "x", false], // forced
    ["core.hookspath", "x", false], // forced
    ["core.x.gitproxy", "x", false],
    ["interactive.difffilter", "x", true],
    ["interactive.singlekey", "true", false],
    ["uploadpack.packobjectshook", "x", true],
    ["uploadpack.allowfilter", "true", false],
    ["sendemail.tocmd", "x", true],
    ["sendemail.work.cccmd", "x", true],
    ["sendemail.headercmd", "x", true],
    ["sendemail.smtpserver", "/usr/sbin/sendmail", true],
    ["sendemail.work.smtpserver", "~/bin/mail", true],
    ["sendemail.smtpserver", "smtp.example.com", false],
    ["sendemail.smtpuser", "me", false],
    ["imap.tunnel", "x", true],
    ["imap.host", "x", false],
    ["instaweb.httpd", "x", true],
    ["instaweb.browser", "x", true],
    ["instaweb.port", "1234", false],
    ["help.browser", "x", true],
    ["help.format", "web", false],
    ["format.outputdirectory", "/tmp/x", true],
    ["format.signoff", "true", false],
    ["user.name", "x", false],
    ["nodot", "x", false],
    [".x", "x", false],
  ];

  it.each(KEYS.map(([key, value, refused]) => [key, String(value), refused, value] as const))(
    "%s = %s → refused: %s",
    (key, _shown, refused, value) => {
      expect(repositoryKeyReason(key, value) !== undefined).toBe(refused);
    },
  );

  it("reads a --show-origin --null listing: skips the command line, keeps listing order, once each", () => {
    const listing = [
      "command line:",
      "alias.mine\n!true",
      "file:.git/config",
      "user.name\nme",
      "file:.git/config",
      "pager.log",
      "file:.git/config",
      "tar.evil.command\ntouch x\ncat",
      "file:/tmp/inc.cfg",
      "alias.st\n!x",
      "file:.git/config",
      "tar.evil.command\nagain",
      "",
    ].join("\0");
    expect(repositoryConfigProblems(listing).map((p) => p.key)).toEqual([
      "tar.evil.command",
      "alias.st",
    ]);
    expect(repositoryConfigProblems("")).toEqual([]);
  });

  it("names each key in the refusal, escapes odd characters and stops after five", () => {
    const one = repositoryConfigRefusal([
      { key: "tar.evil.command", reason: "which runs a program" },
    ]);
    expect(one).toMatch(
      /^Refused: the repository's git config sets tar\.evil\.command, which runs a program\./,
    );
    const odd = repositoryConfigRefusal([{ key: "tar.e\u001b[2Jvil.command", reason: "r" }]);
    expect(odd).toContain('"tar.e\\u001b[2Jvil.command"');
    expect(odd).not.toContain("\u001b");
    const many = repositoryConfigRefusal(
      Array.from({ length: 8 }, (_, i) => ({ key: `alias.a${i}`, reason: "r" })),
    );
    expect(many).toContain("alias.a4");
    expect(many).not.toContain("alias.a5");
    expect(many).toContain("3 more");
    const long = repositoryConfigRefusal([{ key: `tar.${"x".repeat(500)}.command`, reason: "r" }]);
    expect(long.length).toBeLessThan(400);
  });

  it("shows text as is when it is printable ASCII, else as a clipped JSON string", () => {
    expect(printableText("fatal: bad config line 3", 100)).toBe("fatal: bad config line 3");
    expect(printableText("abcdef", 3)).toBe('"abc…"');
    expect(printableText("a\tb", 10)).toBe('"a\\tb"');
    expect(printableText("é", 10)).toBe('"é"');
    expect(printableText("", 10)).toBe("");
  });

  it("appends its config after the caller's GIT_CONFIG entries and lets the caller's env win", () => {
    const env = gitEnvironment({
      PATH: "/bin",
      GIT_PAGER: "less",
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "user.name",
      GIT_CONFIG_VALUE_0: "me",
    });
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
      "core.hooksPath": "/dev/null",
      "credential.helper": "",
      "protocol.ext.allow": "never",
      "protocol.file.allow": "never",
      "push.recurseSubmodules": "no",
    });
  });

  it("reads config with system and global config off, whatever the caller set", () => {
    const env = gitConfigReadEnvironment({
      PATH: "/bin",
      GIT_CONFIG: "/dev/null",
      GIT_CONFIG_GLOBAL: "/home/me/.gitconfig",
      GIT_CONFIG_NOSYSTEM: "0",
      GIT_CONFIG_SYSTEM: "/etc/other",
    });
    expect(env.GIT_CONFIG).toBeUndefined();
    expect(env.GIT_CONFIG_SYSTEM).toBeUndefined();
    expect(env.GIT_CONFIG_GLOBAL).toBe("/dev/null");
    expect(env.GIT_CONFIG_NOSYSTEM).toBe("1");
    expect(env.GIT_CONFIG_KEY_0).toBe("core.fsmonitor");
  });

  it("keeps only the global options that choose the repository", () => {
    expect(
      gitRepositoryOptions(["-C", "a", "--git-dir=b", "-c", "x=y", "--no-pager", "status", "-C"]),
    ).toEqual(["-C", "a", "--git-dir=b"]);
  });
});

describe("git hardening helpers: exact reasons and edges", () => {
  const RUNS = "which runs a program";
  const INCLUDES =
    "which loads more config from another file (that config can change while git runs)";
  const HELPER = "which makes git run a remote-helper program (`<transport>::` address)";
  const ALIAS = "which defines a git alias (it can run a shell command or unchecked git options)";
  const SUBMODULE =
    "which makes git status and diff run git inside that submodule, whose config is not checked";
  const OUTPUT = "which makes git format-patch write files where it names";

  // [key, value, reason or undefined], from git-config(1): each class with spellings in other
  // cases, the same name at the wrong level (with or without a subsection), and odd values.
  const REASONS: readonly (readonly [string, string | undefined, string | undefined])[] = [
    ["ALIAS.co", "checkout", ALIAS],
    ["Alias.x.y", "!id", ALIAS],
    ["aliasx", "!id", undefined],
    ["filterx", "x", undefined],
    ["Include.PATH", "x", INCLUDES],
    ["includeIf.gitdir:/x/.Path", "x", INCLUDES],
    ["includeif.path", "x", undefined],
    ["include.x.path", "x", undefined],
    ["include.paths", "x", undefined],
    ["Filter.x.clean", "x", RUNS],
    ["Tar.tgz.command", "gzip", RUNS],
    ["tar.command", "gzip", undefined],
    ["tar.x.textconv", "x", undefined],
    ["tar.external", "x", undefined],
    ["guitool.x.command", "x", undefined],
    ["diff.x.external", "x", undefined],
    ["diff.textconv", "x", undefined],
    ["diff.command", "x", undefined],
    ["diff.EXTERNAL", "x", RUNS],
    ["merge.driver", "x", undefined],
    ["merge.x.Driver", "x", RUNS],
    ["difftool.x.cmd", "x", RUNS],
    ["difftool.path", "x", undefined],
    ["mergetool.x.path", "x", RUNS],
    ["mergetool.cmd", "x", undefined],
    ["browser.x.cmd", "x", RUNS],
    ["browser.path", "x", undefined],
    ["man.x.path", "x", RUNS],
    ["man.viewer", "x", undefined],
    ["man.cmd", "x", undefined],
    ["guitool.cmd", "x", undefined],
    ["guitool.x.path", "x", undefined],
    ["trailer.x.command", "x", RUNS],
    ["trailer.cmd", "x", undefined],
    ["trailer.x.ifexists", "x", undefined],
    ["credential.helper", "x", undefined],
    ["credential.x.Helper", "x", RUNS],
    ["hook.command", "x", undefined],
    ["hook.x.Command", "x", RUNS],
    ["remote.uploadpack", "x", undefined],
    ["remote.x.receivepack", "x", RUNS],
    ["remote.x.Vcs", "x", RUNS],
    ["remote.x.mirror", "x", undefined],
    ["remote.url", "ext::sh", undefined],
    ["remote.x.url", "a::b", HELPER],
    ["remote.x.url", "a.b-c+d9::x", HELPER],
    ["remote.x.PushUrl", "Z::x", HELPER],
    ["remote.x.url", "1a::x", undefined],
    ["remote.x.url", "::x", undefined],
    ["remote.x.url", "a_b::x", undefined],
    ["remote.x.url", " ext::x", undefined],
    ["remote.x.url", "x/ext::y", undefined],
    ["remote.x.url", undefined, undefined],
    ["remote.x.fetch", "ext::x", undefined],
    ["url.insteadof", "ext::x", undefined],
    ["url.a::b.InsteadOf", "x", HELPER],
    ["url.x/ext::y.insteadof", "x", undefined],
    ["url.ext::x.other", "x", undefined],
    ["submodule.update", "!x", undefined],
    ["submodule.x.update", "\t!x", RUNS],
    ["submodule.x.update", "x!", undefined],
    ["submodule.x.update", undefined, undefined],
    ["submodule.x.url", "!x", undefined],
    ["submodule.ignore", "none", undefined],
    ["submodule.x.IGNORE", " All\t", undefined],
    ["submodule.x.ignore", "untracked", SUBMODULE],
    ["submodule.x.ignore", "all2", SUBMODULE],
    ["pager.log", " true ", undefined],
    ["pager.log", "YES", undefined],
    ["pager.log", "no", undefined],
    ["pager.log", "on", undefined],
    ["pager.log", "OFF", undefined],
    ["pager.log", "-1", undefined],
    ["pager.log", "+10", undefined],
    ["pager.log", "25g", undefined],
    ["pager.log", "3M", undefined],
    ["pager.log", "1x", RUNS],
    ["pager.log", "1kk", RUNS],
    ["pager.log", "k", RUNS],
    ["pager.log", "+-1", RUNS],
    ["pager.log", "xtrue", RUNS],
    ["pager.log", "true false", RUNS],
    ["pager.log", "less", RUNS],
    ["gpg.openpgp.program", "x", undefined],
    ["gpg.smime.program", "x", RUNS],
    ["gpg.OpenPGP.program", "x", RUNS],
    ["gpg.x.format", "x", undefined],
    ["core.gitProxy", "x", RUNS],
    ["core.x.alternaterefscommand", "x", undefined],
    ["core.editor", "x", undefined],
    ["interactive.x.difffilter", "x", undefined],
    ["interactive.diffFilter", "x", RUNS],
    ["uploadpack.x.packobjectshook", "x", undefined],
    ["uploadpack.packObjectsHook", "x", RUNS],
    ["sendemail.x.y.tocmd", "x", RUNS],
    ["sendemail.ccCmd", "x", RUNS],
    ["sendemail.x.headerCmd", "x", RUNS],
    ["sendemail.x.bcc", "x", undefined],
    ["sendemail.smtpServer", " ~mail", RUNS],
    ["sendemail.smtpserver", "mail/x", RUNS],
    ["sendemail.smtpserver", "smtp~1.example.com", undefined],
    ["sendemail.smtpserver", undefined, undefined],
    ["imap.x.tunnel", "x", undefined],
    ["imap.Tunnel", "x", RUNS],
    ["instaweb.x.httpd", "x", undefined],
    ["instaweb.x.browser", "x", undefined],
    ["instaweb.Browser", "x", RUNS],
    ["help.x.browser", "x", undefined],
    ["help.Browser", "x", RUNS],
    ["format.x.outputdirectory", "x", undefined],
    ["format.outputDirectory", "x", OUTPUT],
    ["format.subjectprefix", "x", undefined],
  ];

  it.each(REASONS.map(([key, value, reason]) => [key, String(value), reason, value] as const))(
    "%s = %s → %s",
    (key, _shown, reason, value) => {
      expect(repositoryKeyReason(key, value)).toBe(reason);
    },
  );

  it("reads each key's value after the first newline of its field, and gives each reason", () => {
    const listing = [
      "file:.git/config",
      "remote.origin.url\next::sh -c id",
      "file:.git/config",
      "pager.log\ntrue",
      "file:.git/config",
      "submodule.x.ignore\nall",
      "file:.git/config",
      "alias.st\nstatus",
      "file:.git/config",
      "submodule.x.ignore",
      "command line:",
      "tar.x.command\ngzip",
      "file:.git/config",
    ].join("\0");
    expect(repositoryConfigProblems(listing)).toStrictEqual([
      { key: "remote.origin.url", reason: HELPER },
      { key: "alias.st", reason: ALIAS },
      { key: "submodule.x.ignore", reason: SUBMODULE },
    ]);
  });

  it("writes the whole refusal: keys in order, `; and ` between them, the count of the rest", () => {
    const tail = ". git is not run in a repository whose config chooses programs to run.";
    const head = "Refused: the repository's git config sets ";
    const problems = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ key: `alias.a${i}`, reason: `r${i}` }));
    expect(repositoryConfigRefusal(problems(2))).toBe(
      `${head}alias.a0, r0; and alias.a1, r1${tail}`,
    );
    const five = repositoryConfigRefusal(problems(5));
    expect(five).toBe(
      `${head}alias.a0, r0; and alias.a1, r1; and alias.a2, r2; and alias.a3, r3; and alias.a4, r4${tail}`,
    );
    expect(repositoryConfigRefusal(problems(6))).toBe(
      five.replace(tail, `; and 1 more such key${tail}`),
    );
    expect(repositoryConfigRefusal(problems(7))).toBe(
      five.replace(tail, `; and 2 more such keys${tail}`),
    );
    const key120 = `alias.${"k".repeat(114)}`;
    expect(repositoryConfigRefusal([{ key: key120, reason: "r" }])).toBe(
      `${head}${key120}, r${tail}`,
    );
    expect(repositoryConfigRefusal([{ key: `${key120}z`, reason: "r" }])).toBe(
      `${head}"${key120}…", r${tail}`,
    );
  });

  it.each([
    ["abc", 3, "abc"],
    ["abcd", 3, '"abc…"'],
    [" ~", 2, " ~"],
    ["a\u001fb", 9, '"a\\u001fb"'],
    ["a\u007fb", 9, '"a\u007fb"'],
    ["\nab", 9, '"\\nab"'],
    ["ab\n", 9, '"ab\\n"'],
  ] as const)("printableText(%j, %d) is %s", (text, max, shown) => {
    expect(printableText(text, max)).toBe(shown);
  });

  it.each([
    [["status", "-C", "x"], []],
    [["-C"], ["-C", ""]],
    [
      ["--work-tree", "w", "--git-dir", "g", "log"],
      ["--work-tree", "w", "--git-dir", "g"],
    ],
    [
      ["--bare", "--work-tree=w", "log", "--bare"],
      ["--bare", "--work-tree=w"],
    ],
    [
      ["--config-env", "x=Y", "-C", "a"],
      ["-C", "a"],
    ],
    [
      ["--namespace", "n", "-C", "a"],
      ["-C", "a"],
    ],
    [
      ["-c", "-C", "-C", "a"],
      ["-C", "a"],
    ],
    [
      ["--git-dirs=x", "--work-treex", "---git-dir=x", "-p", "--no-pager", "-C", "a"],
      ["-C", "a"],
    ],
  ] as const)("gitRepositoryOptions(%j) keeps %j", (args, kept) => {
    expect(gitRepositoryOptions(args)).toStrictEqual(kept);
  });

  // git-config(1) "ENVIRONMENT" and git(1): the values each forced key must have.
  const FORCED: Record<string, string> = {
    "core.fsmonitor": "false",
    "core.hooksPath": "/dev/null",
    "core.pager": "cat",
    "core.editor": "/dev/null",
    "sequence.editor": "/dev/null",
    "core.sshCommand": "ssh",
    "core.askPass": "",
    "credential.helper": "",
    "gpg.program": "gpg",
    "gpg.openpgp.program": "gpg",
    "gpg.x509.program": "gpgsm",
    "gpg.ssh.program": "ssh-keygen",
    "gpg.ssh.defaultKeyCommand": "",
    "log.showSignature": "false",
    "protocol.ext.allow": "never",
    "protocol.fd.allow": "never",
    "protocol.file.allow": "never",
    "help.format": "man",
    "man.viewer": "man",
    "web.browser": "",
    "submodule.recurse": "false",
    "fetch.recurseSubmodules": "false",
    "push.recurseSubmodules": "no",
    "diff.submodule": "short",
    "diff.ignoreSubmodules": "all",
    "status.submoduleSummary": "false",
    "merge.autoStash": "false",
    "rebase.autoStash": "false",
  };
  const forcedPairs = (env: Record<string, string>, from: number) =>
    Object.fromEntries(
      Array.from({ length: Number(env.GIT_CONFIG_COUNT) - from }, (_, i) => [
        env[`GIT_CONFIG_KEY_${from + i}`],
        env[`GIT_CONFIG_VALUE_${from + i}`],
      ]),
    );

  it("forces every key to its safe value, and sets git's quiet environment", () => {
    const env = gitEnvironment({});
    expect(forcedPairs(env, 0)).toStrictEqual(FORCED);
    expect(env.GIT_CONFIG_COUNT).toBe(String(Object.keys(FORCED).length));
    expect(env).toMatchObject({
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_TERMINAL_PROMPT: "0",
      GIT_PAGER: "cat",
      PAGER: "cat",
      GIT_OPTIONAL_LOCKS: "0",
    });
  });

  it.each([
    ["0", 0],
    ["2", 2],
    ["-3", 0],
    ["abc", 0],
    ["", 0],
    ["99999999999999999999", 0],
  ] as const)("starts after a caller's GIT_CONFIG_COUNT of %j at %d", (count, from) => {
    const env = gitEnvironment({ GIT_CONFIG_COUNT: count });
    expect(env[`GIT_CONFIG_KEY_${from}`]).toBe("core.fsmonitor");
    expect(forcedPairs(env, from)).toStrictEqual(FORCED);
  });

  it("lists the config with origins, includes followed, NUL-separated", () => {
    expect(GIT_CONFIG_LIST_ARGS).toStrictEqual([
      "config",
      "--list",
      "--show-origin",
      "--includes",
      "--null",
    ]);
  });
});
