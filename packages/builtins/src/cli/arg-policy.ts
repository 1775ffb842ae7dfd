import {
  checkAllowlist,
  checkDenylist,
  deniedOption,
  type OptionAllowlist,
  type OptionDenylist,
  optionValues,
  readOptions,
} from "./internal/option-scan.js";
import { sedScriptProblem } from "./internal/sed-script.js";

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
const PROGRAM_RUNNERS: ReadonlySet<string> = new Set([
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
  // more shells, REPLs and script hosts (GTFOBins "shell" and "command" entries)
  ...["elvish", "yash", "posh", "rc", "sash", "slsh", "ginsh", "ksshell", "red", "dc", "pry"],
  ...["byebug", "pdb", "jjs", "jrunscript", "ghc", "octave", "gnuplot", "gimp", "tshark"],
  ...["cowsay", "cowthink", "csvtool", "neofetch", "pandoc", "pic", "enscript", "dstat"],
  ...["latex", "pdflatex", "xelatex", "lualatex", "tex", "pdftex", "xetex", "luatex"],
  ...["latexmk", "dvips", "msgfilter", "perlbug", "facter", "puppet", "knife", "vagrant"],
  // more launchers: each runs the program named in its arguments
  ...["logsave", "cpulimit", "choom", "multitime", "pexec", "setlock", "softlimit", "pidstat"],
  ...["ssh-agent", "torify", "torsocks", "openvt", "distcc", "grc", "gtester", "socket"],
  ...["run-mailcap", "service", "scrot", "xdotool", "tmate", "arch-nspawn", "ksu"],
  // clients and tools with command escapes or hooks (`!sh`, --exec, --up, -engine)
  ...["mail", "ftp", "lftp", "smbclient", "minicom", "runscript", "openvpn", "openssl"],
  ...["cpio", "borg", "restic", "certbot", "scanmem", "tasksh", "hping3", "sqlmap"],
  ...["msfconsole", "vigr", "vipw", "debugfs", "rtorrent", "bashbug"],
  // more build and package tools that run project or package code
  ...["bundler", "cabal", "opkg", "pkg", "rpmdb", "rpmquery", "rpmverify", "rpmbuild"],
  ...["autoconf", "autoheader", "autoreconf", "c89", "c99", "cobc", "ansible-test"],
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
  // --daemon serves with a config whose `pre-xfer exec` runs commands.
  rsync: { long: ["rsh", "rsync-path", "daemon", "config"], short: "e", withValue: "fBT" },
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
  // -e/-c/--lua-exec run programs; -o/--output and -x/--hex-dump write files (ncat).
  nc: {
    long: ["exec", "sh-exec", "lua-exec", "output", "hex-dump", "append-output"],
    short: "ecox",
    withValue: "ipqswWx",
  },
  ncat: {
    long: ["exec", "sh-exec", "lua-exec", "output", "hex-dump", "append-output"],
    short: "ecox",
    withValue: "ipqswWx",
  },
  wget: {
    // -e runs wgetrc commands (which can set use_askpass); -O/-o/-a write named files;
    // -i reads a local file (its lines show up in errors), cookie files are read and written.
    long: [
      ...["output-document", "output-file", "append-output", "post-file", "body-file"],
      ...["use-askpass", "execute", "config", "input-file", "load-cookies", "save-cookies"],
      ...["warc-file", "rejected-log"],
    ],
    short: "oOaei",
    withValue: "BDIiltTUwXQP",
  },
};

/**
 * The default `argPolicy`: refuses programs that run programs and the options of common tools
 * that run programs, read or write files they were not asked to, or load code.
 *
 * - Programs that run programs (shells, interpreters, `awk`, `env`, `xargs`, `timeout`, `sudo`,
 *   `make`, ...): refused outright.
 * - Allowlist of options for `ls`, `cat`, `pwd`, `wc`, `head`, `tail`, `grep`, `sed` and `curl`
 *   (anything else is refused, naming the option); `echo` takes anything.
 * - `curl`: only options known to touch nothing but the transfer (`-s`, `-S`, `-f`, `-L`, `-I`,
 *   `-X`, `-H`, `-d`, `--json`, `-u`, `-w`, `-b name=value`, `--url`, ...), spelled in full;
 *   values that name a file (`@file`, a cookie file, `%output{}`) are refused; every URL must
 *   start with `http://` or `https://` and may not hold `{ } [ ]` unless `-g` turns globbing off.
 * - `sed`: no `-i`, no `-f`; every script (`-e`, `--expression`, or the first operand) is read
 *   and refused if it has the `e`, `w`, `W`, `r`, `R` commands or the `e`/`w` flags of `s`.
 * - `git`: only harmless global options (`-C`, `--git-dir`, `--work-tree`, `--no-pager`, ...);
 *   a few subcommands that run programs or edit config are refused (`config`, `rebase`,
 *   `bisect`, `submodule`, `filter-branch`, `difftool`, `help`, ...); the dangerous options of the
 *   rest (`--upload-pack`, `--receive-pack`, `--exec`, `--output`, `--ext-diff`, `--textconv`,
 *   `--config-env`, `--template`, `-O`, ...) are refused, abbreviations included.
 * - Denylists with unique-prefix matching and `--name=value` reading for `rg`, `sort`, `tar`
 *   (also `host:path` archives in every spelling, such as `--file=host:x`), `rsync`, `zip`,
 *   `split`, `diff3`, `sdiff`, `man`, `less`, `nc`, `ncat`, `wget`; dedicated checks for `find`,
 *   `ip` (`netns exec` and its abbreviations, `-batch`) and `ssh`/`scp`/`sftp` (`-o` takes only
 *   allowlisted keys such as `ConnectTimeout` or `BatchMode`; `-F`, `-J`, background `-f`).
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
      // `ip netns exec` / `ip vrf exec` run programs, and ip reads any prefix of a word
      // (`ip netns e`); -b/-batch reads commands from a file.
      if (args.some((a) => a !== "" && "exec".startsWith(a))) {
        return "ip: exec (or an abbreviation of it) is refused: it runs a program";
      }
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
  // `host:path` archives make tar run a remote shell, in every spelling (`--file=host:x`).
  const archives = [...optionValues(args, "f", ["file"], DENYLISTS.tar!.withValue!)];
  const remote =
    args.some((a) => !a.startsWith("--") && a.includes(":")) ||
    archives.some(([, name]) => name.includes(":"));
  if (!args.includes("--force-local") && remote) {
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

// GNU sed options that only change how the stream is read or printed. Not on it: -i/--in-place
// (edits files) and -f/--file (a script in a file the policy cannot read).
const SED_OPTIONS: OptionAllowlist = {
  flags: "nrEsuz",
  withValue: "el",
  long: [
    ...["quiet", "silent", "debug", "posix", "regexp-extended", "separate", "sandbox"],
    ...["unbuffered", "null-data", "zero-terminated", "line-length=", "expression=", "help"],
    "version",
  ],
};

function sedProblem(args: readonly string[]): string | undefined {
  const reading = readOptions(args, SED_OPTIONS);
  if (!reading.ok) {
    return `sed: option ${reading.option} ${reading.reason} (-i/--in-place edits files, -f/--file reads a script the policy cannot check)`;
  }
  const scripts = reading.options
    .filter((o) => o.option === "-e" || o.option === "--expression")
    .map((o) => o.value ?? "");
  // Without -e the first operand is the script.
  const first = reading.operands[0];
  if (scripts.length === 0 && first !== undefined) scripts.push(first);
  for (const script of scripts) {
    const problem = sedScriptProblem(script);
    if (problem) return problem;
  }
  return undefined;
}

// curl options known to touch only the network transfer and the terminal. Every option that
// reads, writes or names a local file (-o, -O, -T, -F, -K, -c, -D, --trace, --etag-*, --cacert,
// --netrc, --variable, --url-query, -z, ...), picks another protocol (--proto-default) or is not
// known safe is refused. -k is allowed: it only weakens TLS checking of a transfer the model
// could make over plain http anyway.
const CURL_OPTIONS: OptionAllowlist = {
  flags: "sSfLIiGgkvN#046hMV",
  withValue: "XHAmdeuwbrYy",
  long: [
    ...["silent", "show-error", "fail", "fail-with-body", "location", "head", "include"],
    ...["get", "globoff", "insecure", "verbose", "no-buffer", "progress-bar", "ipv4", "ipv6"],
    ...["http1.0", "http1.1", "http2", "http2-prior-knowledge", "compressed", "help"],
    ...["version", "manual", "no-progress-meter", "retry-connrefused", "retry-all-errors"],
    ...["path-as-is", "raw", "fail-early", "no-keepalive", "tcp-nodelay"],
    ...["request=", "header=", "user-agent=", "max-time=", "connect-timeout=", "data="],
    ...["data-ascii=", "data-binary=", "data-raw=", "data-urlencode=", "json=", "user="],
    ...["write-out=", "cookie=", "range=", "referer=", "retry=", "retry-delay="],
    ...["retry-max-time=", "max-filesize=", "max-redirs=", "limit-rate=", "speed-limit="],
    ...["speed-time=", "url="],
  ],
  exactLong: true,
};

// Options whose value curl reads as a file name when it starts with `@`.
const CURL_AT_FILE = new Set([
  "-d",
  "--data",
  "--data-ascii",
  "--data-binary",
  "--json",
  "-H",
  "--header",
]);

function curlProblem(args: readonly string[]): string | undefined {
  const reading = readOptions(args, CURL_OPTIONS);
  if (!reading.ok) {
    const why = reading.option.includes("=")
      ? "curl does not read --name=value; write --name value"
      : "it reads or writes local files, or is not known safe";
    return `curl option ${reading.option} is not allowed (${why})`;
  }
  // With -g curl sends { } [ ] as they are; without it they are a glob that expands the URL.
  const globoff = reading.options.some((o) => o.option === "-g" || o.option === "--globoff");
  for (const { option, value = "" } of reading.options) {
    const problem = curlValueProblem(option, value, globoff);
    if (problem) return problem;
  }
  for (const url of reading.operands) {
    const problem = curlUrlProblem(url, globoff);
    if (problem) return problem;
  }
  return undefined;
}

function curlValueProblem(option: string, value: string, globoff: boolean): string | undefined {
  if (CURL_AT_FILE.has(option) && value.startsWith("@")) {
    return `curl ${option} ${value} reads a local file`;
  }
  switch (option) {
    case "--data-urlencode":
      // `name@file` and `@file` read a file; a `=` before any `@` makes it plain content.
      return /^[^=]*@/.test(value) ? `curl ${option} ${value} reads a local file` : undefined;
    case "-b":
    case "--cookie":
      // curl reads a value without `=` as the name of a cookie file.
      return value.includes("=")
        ? undefined
        : `curl ${option} ${value} names a cookie file; give name=value pairs`;
    case "-w":
    case "--write-out":
      if (value.startsWith("@")) return `curl ${option} ${value} reads a local file`;
      return /%output\{/i.test(value)
        ? `curl ${option} ${value} writes a file (%output{})`
        : undefined;
    case "-X":
    case "--request":
      return /^[A-Za-z]+$/.test(value)
        ? undefined
        : `curl ${option} ${value}: a request method is letters only`;
    case "--url":
      return curlUrlProblem(value, globoff);
    default:
      return undefined;
  }
}

function curlUrlProblem(url: string, globoff: boolean): string | undefined {
  if (!/^https?:\/\//i.test(url)) {
    return `curl URL ${url} does not start with http:// or https:// (other protocols reach local files and other services)`;
  }
  if (!globoff && /[{}[\]]/.test(url)) {
    return `curl URL ${url} has { } [ ], which curl expands as a glob; add -g (--globoff) to send them as they are`;
  }
  return undefined;
}

// ssh_config keys an `-o` may set: connection, authentication and forwarding settings only.
// Not on it: keys that run programs (ProxyCommand, LocalCommand, KnownHostsCommand, Match exec),
// load code (PKCS11Provider, SecurityKeyProvider), read more config (Include), hop through other
// hosts (ProxyJump), write files, or fork into the background (ControlMaster, ControlPersist,
// ForkAfterAuthentication). Names are matched case-insensitively, as ssh does.
const SSH_ALLOWED_KEYS = new Set([
  ...["connecttimeout", "connectionattempts", "batchmode", "stricthostkeychecking", "port"],
  ...["serveraliveinterval", "serveralivecountmax", "tcpkeepalive", "user", "hostname"],
  ...["identityfile", "identitiesonly", "loglevel", "compression", "addressfamily"],
  ...["preferredauthentications", "passwordauthentication", "pubkeyauthentication"],
  ...["kbdinteractiveauthentication", "numberofpasswordprompts", "hostkeyalgorithms"],
  ...["pubkeyacceptedalgorithms", "pubkeyacceptedkeytypes", "ciphers", "macs", "kexalgorithms"],
  ...["checkhostip", "requesttty", "localforward", "remoteforward", "dynamicforward"],
  ...["exitonforwardfailure", "hashknownhosts", "visualhostkey", "escapechar", "bindaddress"],
  ...["ipqos", "rekeylimit", "sendenv", "setenv", "verifyhostkeydns", "fingerprinthash"],
]);

// `Key=value` or `Key value`, the two spellings ssh reads; anything else (quotes, a leading
// `=`) is refused rather than guessed at.
const SSH_OPTION = /^[ \t]*([A-Za-z0-9]+)(?:[ \t]*=[ \t]*|[ \t]+)(.*)$/s;

function sshConfigProblem(program: string, value: string): string | undefined {
  const match = SSH_OPTION.exec(value);
  const key = match?.[1]?.toLowerCase();
  if (key === undefined) return `${program}: -o ${value} is refused: write it as Key=value`;
  // A throwaway known-hosts file is common in automation; any other path is a file ssh writes.
  if (key === "userknownhostsfile" && match?.[2] === "/dev/null") return undefined;
  if (!SSH_ALLOWED_KEYS.has(key)) {
    return `${program}: -o ${value} is refused: ${match?.[1]} is not an allowed ssh option (some run a local program, load code or write files)`;
  }
  return undefined;
}

// -F config file, -J jump host, -I PKCS#11 library, -E log file, -S program (scp, sftp) or
// control socket (ssh), -D a local sftp-server program (scp, sftp), -b batch file with !
// escapes (sftp). ssh -f forks into the background, outliving the call and its timeout.
const SSH_FAMILY: Readonly<Record<string, Required<Omit<OptionDenylist, "safeExact">>>> = {
  ssh: { long: [], short: "FJIESf", withValue: "BbcDEeFIiJLlmOoPpQRSWw" },
  scp: { long: [], short: "FJSD", withValue: "cDFiJloPSX" },
  sftp: { long: [], short: "FJSDb", withValue: "BbcDFiJloPRSs" },
};

function sshProblem(program: string, args: readonly string[]): string | undefined {
  const deny = SSH_FAMILY[program]!;
  const denied = checkDenylist(program, args, deny);
  if (denied) return denied;
  for (const [, value] of optionValues(args, "o", [], deny.withValue)) {
    const problem = sshConfigProblem(program, value);
    if (problem) return problem;
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
  "format-patch": "o", // -o <dir> writes anywhere, like --output-directory
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
  if (
    GIT_REFUSED_SUBCOMMANDS.has(subcommand) ||
    subcommand.startsWith("credential-") ||
    subcommand.includes("--") // internal helpers: `submodule--helper foreach` runs a shell
  ) {
    return `git ${subcommand} is refused: it runs programs or changes git configuration`;
  }
  const rest = args.slice(i + 1);
  const end = rest.indexOf("--");
  const entering = (end === -1 ? rest : rest.slice(0, end)).find(entersSubmodules);
  if (entering !== undefined) {
    return `git: ${entering} is refused: it makes git run inside submodules, whose config is not checked`;
  }
  const short = GIT_SUBCOMMAND_SHORT[subcommand];
  return checkDenylist("git", rest, short ? { ...GIT_DENIED, short } : GIT_DENIED);
}

/**
 * `--ignore-submodules=none|untracked|dirty` and `--submodule=diff` (any unique abbreviation)
 * make git run status or diff inside each submodule, under that submodule's own config.
 */
function entersSubmodules(token: string): boolean {
  const eq = token.indexOf("=");
  const name = eq === -1 ? token : token.slice(0, eq);
  const value = eq === -1 ? undefined : token.slice(eq + 1);
  if (name.length >= "--ignore-su".length && "--ignore-submodules".startsWith(name)) {
    return value !== undefined && value !== "all";
  }
  if (name.length >= "--submo".length && "--submodule".startsWith(name)) return value === "diff";
  return false;
}

// `ip` accepts any prefix of its single-dash options (`-b` and `-ba` mean `-batch`).
function isPrefixOf(token: string, option: string): boolean {
  return token.length >= 2 && option.startsWith(token);
}
