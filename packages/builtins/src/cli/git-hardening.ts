// A repository's own .git/config can make a plain `git status` or `git diff` run programs
// (core.fsmonitor, hooks, filter and diff drivers, aliases, pagers, editors, ssh commands).
// Config given through GIT_CONFIG_COUNT / GIT_CONFIG_KEY_n / GIT_CONFIG_VALUE_n has command-line
// precedence, so the repository cannot override it. Keys with free-form names (drivers, aliases)
// are found by reading the repository's config first and neutralised one by one.

/** Environment for every git child: no system or global config, no prompts, no pager. */
export const GIT_ENV: Readonly<Record<string, string>> = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_TERMINAL_PROMPT: "0",
  GIT_PAGER: "cat",
  PAGER: "cat",
  GIT_OPTIONAL_LOCKS: "0",
};

/** Config that always wins over the repository's. */
export const GIT_FORCED_CONFIG: readonly (readonly [string, string])[] = [
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
  ["help.format", "man"],
  ["man.viewer", "man"],
  ["web.browser", ""],
  ["submodule.recurse", "false"],
  ["fetch.recurseSubmodules", "false"],
  ["diff.ignoreSubmodules", "all"],
  ["status.submoduleSummary", "false"],
];

/**
 * Config keys (git's canonical lower-case spelling, subsections kept) whose values are commands.
 * Read from the repository with `git config --get-regexp` so each can be overridden.
 */
export const GIT_COMMAND_KEYS = new RegExp(
  [
    "^(alias\\..*",
    "pager\\..*",
    "filter\\..*\\.(clean|smudge|process)",
    "diff\\.external",
    "diff\\..*\\.(command|textconv)",
    "merge\\..*\\.driver",
    "(difftool|mergetool|browser|man)\\..*\\.(cmd|path)",
    "credential\\..*\\.helper",
    "remote\\..*\\.(uploadpack|receivepack|vcs)",
    "submodule\\..*\\.update",
    "trailer\\..*\\.(cmd|command)",
    "guitool\\..*\\.cmd",
    "interactive\\.difffilter",
    "core\\.(gitproxy|alternaterefscommand))$",
  ].join("|"),
);

/** The override for one repository key: identity filters where that keeps git working. */
export function neutralValue(key: string): string {
  return /\.(textconv|clean|smudge)$/.test(key) ? "cat" : "";
}

/**
 * The global options of a git argv that choose the repository (`-C`, `--git-dir`,
 * `--work-tree`, `--bare`, `--namespace`), so the config read sees the same repository.
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
 * those) and the forced config plus `repoKeys` overrides appended after any `GIT_CONFIG_COUNT`
 * entries the caller set.
 */
export function gitEnvironment(
  base: Readonly<Record<string, string>>,
  repoKeys: readonly string[],
): Record<string, string> {
  const env: Record<string, string> = { ...GIT_ENV, ...base };
  const existing = Number.parseInt(base.GIT_CONFIG_COUNT ?? "0", 10);
  let n = Number.isSafeInteger(existing) && existing > 0 ? existing : 0;
  const entries: (readonly [string, string])[] = [
    ...GIT_FORCED_CONFIG,
    ...repoKeys.map((key) => [key, neutralValue(key)] as const),
  ];
  if (repoKeys.some((key) => key === "core.gitproxy"))
    entries.push(["protocol.git.allow", "never"]);
  for (const [key, value] of entries) {
    env[`GIT_CONFIG_KEY_${n}`] = key;
    env[`GIT_CONFIG_VALUE_${n}`] = value;
    n++;
  }
  env.GIT_CONFIG_COUNT = String(n);
  return env;
}
