import {
  checkAllowlist,
  checkDenylist,
  deniedOption,
  type OptionAllowlist,
  type OptionDenylist,
  optionValues,
} from "./option-scan.js";
import { sedScriptProblem } from "./sed-script.js";

/**
 * Decides whether one parsed command may run. Gets the whole argv (`tokens[0]` is the program,
 * already checked against the allowlist) and returns a reason to refuse, or `undefined` to allow.
 *
 * @example
 * // tighten the default: no network for curl at all
 * const argPolicy: ArgPolicy = (t) =>
 *   defaultArgPolicy(t) ?? (t[0] === "curl" ? "curl is disabled here" : undefined);
 */
export type ArgPolicy = (tokens: readonly string[]) => string | undefined;

/**
 * Programs whose job is to run other programs or code (interpreters, launchers, privilege and
 * namespace tools, build runners): any argument can become a program, so they are refused
 * outright. Compose a custom policy to allow one deliberately.
 */
export const PROGRAM_RUNNERS: ReadonlySet<string> = new Set([
  // shells and interpreters
  ...["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "busybox"],
  ...["toybox", "python", "python2", "python3", "node", "nodejs", "deno", "bun", "perl"],
  ...["ruby", "irb", "php", "lua", "luajit", "tclsh", "wish", "Rscript", "julia", "pwsh"],
  ...["awk", "gawk", "mawk", "nawk", "expect", "osascript"],
  // editors with command escapes
  ...["vi", "vim", "nvim", "view", "ex", "ed", "emacs"],
  // launchers and wrappers
  ...["env", "xargs", "timeout", "nice", "nohup", "time", "watch", "setsid", "stdbuf", "ionice"],
  ...["flock", "chroot", "unshare", "nsenter", "taskset", "chrt", "numactl", "prlimit"],
  ...["strace", "ltrace", "gdb", "valgrind", "perf", "script", "parallel", "run-parts"],
  ...["sudo", "su", "doas", "pkexec", "runuser", "setpriv", "capsh", "sg", "newgrp", "runcon"],
  ...["systemd-run", "at", "batch", "crontab", "tmux", "screen", "dbus-run-session"],
  ...["fakeroot", "faketime", "proot", "firejail", "bwrap", "xvfb-run", "start-stop-daemon"],
  ...["socat", "sshpass", "unbuffer", "rlwrap", "setarch", "linux32", "linux64", "cgexec"],
  ...["systemd-nspawn", "schroot", "nsjail", "eatmydata", "catchsegv", "lldb", "ld.so"],
  // patch runs ed for ed-style diffs, and ed scripts can run commands
  "patch",
  // build, test and package runners execute project-controlled code
  ...["make", "npm", "npx", "pnpm", "yarn", "cargo", "go", "docker", "podman", "kubectl"],
  ...["uv", "uvx", "pipx", "poetry", "gem", "bundle", "rake", "gradle", "mvn", "ant"],
  ...["composer", "tox", "nox", "pytest", "jest", "vitest", "cmake", "ninja", "meson", "bazel"],
  ...["ansible", "ansible-playbook", "cpan", "easy_install", "java", "jshell", "dotnet", "R"],
  ...["ghci", "runghc", "erl", "tcc", "nmap", "aria2c", "entr", "xdg-open", "bpftrace"],
  // compilers run helper programs and plugins they are told to (-wrapper, -fplugin, -B)
  ...["gcc", "g++", "cc", "c++", "clang", "clang++"],
  // package managers run maintainer scripts and hooks (apt -o APT::Update::Pre-Invoke)
  ...["apt", "apt-get", "aptitude", "dpkg", "rpm", "yum", "dnf", "zypper", "pacman", "apk"],
  ...["snap", "flatpak", "brew"],
  // database shells have command escapes (\!, .shell, .system) and extension loading
  ...["sqlite3", "psql", "mysql", "mariadb"],
  // more editors with command escapes
  ...["nano", "pico", "rvim", "rview", "vimdiff", "aa-exec", "aoss"],
]);

// Versioned interpreter names such as python3.12 or perl5.36.
const VERSIONED_RUNNER = /^(python|perl|ruby|php|lua|node|pip|tclsh|wish)[0-9.]*$|^ld-linux/;

// Read-only programs with a small, known option set: only these options are accepted
// (GNU coreutils / grep spellings; long options may be abbreviated as getopt allows).
const ALLOWLISTS: Readonly<Record<string, OptionAllowlist>> = {
  ls: {
    flags: "aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1",
    withValue: "ITw",
    long: [
      ...["all", "almost-all", "author", "escape", "block-size=", "ignore-backups", "color"],
      ...["directory", "dired", "classify", "file-type", "format=", "full-time", "no-group"],
      ...["group-directories-first", "human-readable", "si", "dereference-command-line"],
      ...["dereference-command-line-symlink-to-dir", "hide=", "hyperlink", "indicator-style="],
      ...["inode", "ignore=", "kibibytes", "dereference", "literal", "numeric-uid-gid"],
      ...["hide-control-chars", "show-control-chars", "quote-name", "quoting-style=", "reverse"],
      ...["recursive", "size", "sort=", "time=", "time-style=", "tabsize=", "width=", "context"],
      ...["zero", "help", "version"],
    ],
  },
  cat: {
    flags: "AbeEnstTuv",
    long: [
      ...["show-all", "number-nonblank", "show-ends", "number", "squeeze-blank", "show-tabs"],
      ...["show-nonprinting", "help", "version"],
    ],
  },
  pwd: { flags: "LP", long: ["logical", "physical", "help", "version"] },
  wc: {
    flags: "cmlLw",
    long: ["bytes", "chars", "lines", "files0-from=", "max-line-length", "words", "total="],
  },
  head: {
    flags: "qvz",
    withValue: "cn",
    digits: true,
    long: ["bytes=", "lines=", "quiet", "silent", "verbose", "zero-terminated", "help", "version"],
  },
  tail: {
    flags: "fFqvz",
    withValue: "cns",
    digits: true,
    long: [
      ...["bytes=", "follow", "lines=", "max-unchanged-stats=", "pid=", "quiet", "silent"],
      ...["retry", "sleep-interval=", "verbose", "zero-terminated", "help", "version"],
    ],
  },
  grep: {
    flags: "EFGPiywxvcLloqsbHhnTZzaIrRU",
    withValue: "efmABCdD",
    digits: true,
    long: [
      ...["extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "regexp=", "file="],
      ...["ignore-case", "no-ignore-case", "word-regexp", "line-regexp", "null-data"],
      ...["no-messages", "invert-match", "version", "help", "max-count=", "byte-offset"],
      ...["line-number", "no-line-number", "line-buffered", "with-filename", "no-filename"],
      ...["label=", "only-matching", "quiet", "silent", "binary-files=", "text", "directories="],
      ...["devices=", "recursive", "dereference-recursive", "include=", "exclude="],
      ...["exclude-from=", "exclude-dir=", "files-without-match", "files-with-matches", "count"],
      ...["initial-tab", "null", "before-context=", "after-context=", "context=", "color"],
      ...["colour", "binary", "no-group-separator", "group-separator="],
    ],
  },
};

// Programs known to have a few dangerous options among many harmless ones.
const DENYLISTS: Readonly<Record<string, OptionDenylist>> = {
  rg: {
    // --pre and --hostname-bin run a program; -z/--search-zip runs decompressors.
    long: ["pre", "hostname-bin", "search-zip"],
    short: "z",
    withValue: "ABCEefgjMmrtTd",
  },
  sort: {
    long: ["output", "compress-program"],
    short: "o",
    withValue: "kStT",
  },
  tar: {
    long: [
      ...["to-command", "checkpoint-action", "use-compress-program", "rsh-command"],
      ...["rmt-command", "info-script", "new-volume-script", "absolute-names"],
    ],
    // -P/--absolute-names lets extraction write anywhere (GTFOBins: tar Pxf --xform).
    short: "IFP",
    withValue: "bCfgHKLNTVX",
    safeExact: ["checkpoint"],
  },
  rsync: { long: ["rsh", "rsync-path"], short: "e", withValue: "fBT" },
  zip: { long: ["unzip-command"], short: "T", withValue: "bnPt" },
  split: { long: ["filter"], withValue: "abCln" },
  diff3: { long: ["diff-program"] },
  sdiff: { long: ["diff-program", "output"], short: "o", withValue: "Iow" },
  // -P/--pager and -H/--html name programs; -C a config file.
  man: { long: ["pager", "html", "config-file"], short: "PHC", withValue: "LmMSseRp" },
  // log files write; a lesskey file can set LESSOPEN, which runs a command.
  less: {
    long: ["log-file", "LOG-FILE", "lesskey-file", "lesskey-src", "lesskey-content"],
    short: "oOk",
    withValue: "bhjpPtTxyz#",
  },
  bat: { long: ["pager"] },
  batcat: { long: ["pager"] },
  // -z runs a command after each rotated capture file; -w writes capture files.
  tcpdump: { long: [], short: "zw", withValue: "BcCDEFGiMmrsTVWyzZ" },
  // -D loads a PKCS#11 library (code) into ssh-keygen.
  "ssh-keygen": { long: [], short: "D", withValue: "aAbCDEfFGIjJKmMnNOrsStVwYzZ" },
  nc: { long: ["exec", "sh-exec", "lua-exec"], short: "ec", withValue: "ipqswWx" },
  ncat: { long: ["exec", "sh-exec", "lua-exec"], short: "ec", withValue: "ipqswWx" },
  wget: {
    // -e runs wgetrc commands (which can set use_askpass); -O/-o/-a write named files.
    long: [
      ...["output-document", "output-file", "append-output", "post-file", "body-file"],
      ...["use-askpass", "execute", "config"],
    ],
    short: "oOae",
    withValue: "BDIiltTUwXQP",
  },
};

/**
 * The default `argPolicy`: refuses programs that run programs and the options of common tools
 * that run programs, read or write files they were not asked to, or load code.
 *
 * - `PROGRAM_RUNNERS` (shells, interpreters, `awk`, `env`, `xargs`, `timeout`, `sudo`, `make`, ...):
 *   refused outright.
 * - Allowlist of options for `ls`, `cat`, `pwd`, `wc`, `head`, `tail`, `grep` (anything else is
 *   refused); `echo` takes anything.
 * - `git`: only harmless global options (`-C`, `--git-dir`, `--work-tree`, `--no-pager`, ...);
 *   a few subcommands that run programs or edit config are refused (`config`, `rebase`,
 *   `bisect`, `submodule`, `filter-branch`, `difftool`, `help`, ...); the dangerous options of the
 *   rest (`--upload-pack`, `--receive-pack`, `--exec`, `--output`, `--ext-diff`, `--textconv`,
 *   `--config-env`, `--template`, `-O`, ...) are refused, abbreviations included.
 * - Denylists with unique-prefix matching for `rg`, `sort`, `tar`, `rsync`, `zip`, `split`,
 *   `diff3`, `sdiff`, `man`, `less`, `nc`, `ncat`, `wget`; dedicated checks for `find`, `sed`
 *   (script commands `e`, `w`, `r`, `s///e`, `-i`, `-f`), `curl` (writing, config files,
 *   `file://`, `@file` uploads, `-w %output{}`), `ssh`/`scp`/`sftp` (`-o ProxyCommand` and
 *   friends, `-F`, `-J`, background `-f`).
 * - Any other program is allowed with any arguments: the allowlist is what gates it, so only
 *   allow programs whose every option you are willing to let the model use.
 *
 * Every token is checked, including those after `--`.
 */
export function defaultArgPolicy(tokens: readonly string[]): string | undefined {
  const [program, ...args] = tokens;
  if (program === undefined || program === "") return "the command is empty";
  if (PROGRAM_RUNNERS.has(program) || VERSIONED_RUNNER.test(program)) {
    return `${program} is refused: it runs other programs or code given in its arguments`;
  }
  if (program === "echo") return undefined;
  const allow = ALLOWLISTS[program];
  if (allow) return checkAllowlist(program, args, allow);
  const deny = DENYLISTS[program];
  if (deny) return checkDenylist(program, args, deny) ?? extraChecks(program, args);
  switch (program) {
    case "git":
      return gitProblem(args);
    case "find":
      return findProblem(args);
    case "sed":
      return sedProblem(args);
    case "curl":
      return curlProblem(args);
    case "ssh":
    case "scp":
    case "sftp":
      return sshProblem(program, args);
    case "ip":
      // `ip netns exec` / `ip vrf exec` run programs; -b/-batch reads commands from a file.
      if (args.includes("exec")) return "ip: exec is refused: it runs a program";
      if (args.some((a) => isPrefixOf(a.replace(/^--/, "-"), "-batch"))) {
        return "ip: -batch is refused: it runs commands from a file";
      }
      return undefined;
    default:
      return undefined;
  }
}

function extraChecks(program: string, args: readonly string[]): string | undefined {
  if (program !== "tar") return undefined;
  // Old-style `tar cIgzip f x`: the first word is a cluster of short options.
  const first = args[0];
  if (first !== undefined && !first.startsWith("-")) {
    const reason = deniedOption("tar", `-${first}`, DENYLISTS.tar!);
    if (reason) return reason;
  }
  // `host:path` archives make tar run a remote shell.
  if (!args.includes("--force-local") && args.some((a) => !a.startsWith("--") && a.includes(":"))) {
    return "tar: an argument containing ':' can name a remote archive, which runs a remote shell; add --force-local";
  }
  return undefined;
}

const FIND_DENIED = new Set(["-exec", "-execdir", "-ok", "-okdir", "-delete", "-fls"]);

function findProblem(args: readonly string[]): string | undefined {
  for (const token of args) {
    if (FIND_DENIED.has(token) || token.startsWith("-fprint")) {
      return `find: ${token} is refused: it runs programs, deletes or writes files`;
    }
  }
  return undefined;
}

function sedProblem(args: readonly string[]): string | undefined {
  const deny: OptionDenylist = {
    long: ["in-place", "file", "follow-symlinks"],
    short: "if",
    withValue: "elf",
  };
  const denied = checkDenylist("sed", args, deny);
  if (denied) return denied;
  const scripts = [...optionValues(args, "e", ["expression"], "elf")].map(([, v]) => v);
  if (scripts.length === 0) {
    // Without -e the first operand is the script; skip options and the value of -l.
    for (let i = 0; i < args.length; i++) {
      const token = args[i]!;
      if (token === "-l" || token === "--line-length") {
        i++;
        continue;
      }
      if (token.startsWith("-") && token !== "-") continue;
      scripts.push(token);
      break;
    }
  }
  for (const script of scripts) {
    const problem = sedScriptProblem(script);
    if (problem) return problem;
  }
  return undefined;
}

const CURL_WITH_VALUE = "AbcCdDeEFHKmoPQrtTuUwxXyYz";

function curlProblem(args: readonly string[]): string | undefined {
  const denied = checkDenylist("curl", args, {
    long: [
      ...["output", "output-dir", "create-dirs", "remote-name", "remote-name-all", "config"],
      ...["upload-file", "cookie-jar", "dump-header", "trace", "trace-ascii", "libcurl"],
      ...["stderr", "etag-save", "hsts", "alt-svc", "unix-socket", "abstract-unix-socket"],
      ...["engine", "netrc-file", "ssl-sessions"],
    ],
    short: "oOKTcD",
    withValue: CURL_WITH_VALUE,
  });
  if (denied) return denied;
  for (const token of args) {
    if (/file:/i.test(token)) return "curl: file: URLs are refused: they read local files";
  }
  const uploads = optionValues(
    args,
    "dFHbw",
    [
      ...["data", "data-ascii", "data-binary", "data-urlencode", "json", "form", "header"],
      ...["proxy-header", "variable", "url-query", "cookie", "write-out"],
    ],
    CURL_WITH_VALUE,
  );
  for (const [option, value] of uploads) {
    if ((option === "-w" || option === "--write-out") && /%output\{|%\{output/i.test(value)) {
      return `curl: ${option} ${value} is refused: %output{} writes a file`;
    }
    const readsFile =
      option === "-b" || option === "--cookie"
        ? !value.includes("=")
        : value.startsWith("@") ||
          /=[@<]/.test(value) ||
          (option === "--data-urlencode" && /^[^=]*@/.test(value));
    if (readsFile) return `curl: ${option} ${value} is refused: it uploads a local file`;
  }
  return undefined;
}

const SSH_DENIED_KEYS = new Set([
  ...["proxycommand", "proxyjump", "localcommand", "permitlocalcommand", "knownhostscommand"],
  ...["match", "include", "pkcs11provider", "securitykeyprovider", "controlpath"],
  // a background ssh leaves the process group and outlives the call
  ...["forkafterauthentication", "controlmaster", "controlpersist"],
]);

function sshProblem(program: string, args: readonly string[]): string | undefined {
  // -F config file, -J jump host, -I PKCS#11 library, -E log file, -S program (scp) or
  // control socket (ssh), -D local sftp-server (sftp), -b batch file with ! escapes (sftp).
  // ssh -f forks into the background (a new session), outliving the call and its timeout.
  const shortDenied = program === "sftp" ? "FJSDb" : program === "scp" ? "FJS" : "FJIESf";
  const withValue =
    program === "ssh"
      ? "BbcDEeFIiJLlmOoPpQRSWw"
      : program === "scp"
        ? "cDFiJloPSX"
        : "BbcDFiJloPRSs";
  const denied = checkDenylist(program, args, { long: [], short: shortDenied, withValue });
  if (denied) return denied;
  for (const [, value] of optionValues(args, "o", [], withValue)) {
    const key = /^\s*([A-Za-z0-9]+)/.exec(value)?.[1]?.toLowerCase();
    if (key === undefined || SSH_DENIED_KEYS.has(key)) {
      return `${program}: -o ${value} is refused: it can run a local program or load code`;
    }
  }
  return undefined;
}

// git global options that only choose a repository or tweak output.
const GIT_GLOBAL_FLAGS = new Set([
  ...["--no-pager", "-P", "--no-optional-locks", "--literal-pathspecs", "--glob-pathspecs"],
  ...["--noglob-pathspecs", "--icase-pathspecs", "--no-replace-objects", "--bare", "--version"],
]);
const GIT_GLOBAL_WITH_VALUE = ["-C", "--git-dir", "--work-tree", "--namespace"];

// Subcommands that exist to run programs, edit configuration, or open browsers and editors.
const GIT_REFUSED_SUBCOMMANDS = new Set([
  ...["config", "rebase", "bisect", "submodule", "filter-branch", "difftool", "mergetool"],
  ...["help", "instaweb", "web--browse", "send-email", "imap-send", "daemon", "hook", "shell"],
  ...["upload-pack", "receive-pack", "upload-archive", "remote-ext", "remote-fd", "credential"],
  ...["credential-store", "credential-cache", "fsmonitor--daemon", "p4", "svn", "cvsimport"],
  ...["cvsserver", "cvsexportcommit", "archimport", "quiltimport", "gui", "citool"],
  // schedules background git runs (cron / systemd) that would not get this tool's hardening
  "maintenance",
]);

const GIT_DENIED: OptionDenylist = {
  long: [
    ...["upload-pack", "receive-pack", "exec", "exec-path", "output", "output-directory"],
    ...["ext-diff", "textconv", "config", "config-env", "template", "open-files-in-pager"],
    ...["paginate", "upload-archive", "separate-git-dir", "recurse-submodules"],
    // `git apply --unsafe-paths --directory /` writes anywhere (GTFOBins)
    "unsafe-paths",
  ],
  // `-c` sets config; the subcommand short options that run programs are added per subcommand.
  safeExact: ["text"],
};
const GIT_SUBCOMMAND_SHORT: Readonly<Record<string, string>> = {
  clone: "uc", // -u <upload-pack>, -c <config>
  "ls-remote": "u",
  grep: "O", // open files in a pager
  archive: "o",
};

function gitProblem(args: readonly string[]): string | undefined {
  let i = 0;
  for (; i < args.length; i++) {
    const token = args[i]!;
    if (!token.startsWith("-")) break;
    if (GIT_GLOBAL_FLAGS.has(token)) continue;
    const withValue = GIT_GLOBAL_WITH_VALUE.find((o) => token === o || token.startsWith(`${o}=`));
    if (withValue) {
      if (token === withValue) i++;
      continue;
    }
    const why =
      token.startsWith("-c") || token.startsWith("--config-env")
        ? " (it sets config, which can run programs)"
        : token.startsWith("--exec-path")
          ? " (it chooses where git finds the programs it runs)"
          : "";
    return `git: global option ${token} is refused${why}; allowed: ${[...GIT_GLOBAL_FLAGS, ...GIT_GLOBAL_WITH_VALUE].join(" ")}`;
  }
  const subcommand = args[i];
  if (subcommand === undefined) return undefined;
  if (GIT_REFUSED_SUBCOMMANDS.has(subcommand) || subcommand.startsWith("credential-")) {
    return `git ${subcommand} is refused: it runs programs or changes git configuration`;
  }
  const rest = args.slice(i + 1);
  const short = GIT_SUBCOMMAND_SHORT[subcommand];
  return checkDenylist("git", rest, short ? { ...GIT_DENIED, short } : GIT_DENIED);
}

// `ip` accepts any prefix of its single-dash options (`-b` and `-ba` mean `-batch`).
function isPrefixOf(token: string, option: string): boolean {
  return token.length >= 2 && option.startsWith(token);
}
