import { parseArgs } from "node:util";
import { MAX_TIMER_MS } from "@toolgate/tool-core/internal";
import { ToolNameFilter } from "../internal/tool-name-filter.js";
import { type LoadToolsOptions, type MCPClientOptions, NAMESPACE_PATTERN } from "../mcp-client.js";

/** The command's subcommands. */
const COMMANDS = ["inspect", "pin", "verify"] as const;
type Command = (typeof COMMANDS)[number];

/** The namespace (display-name prefix) when `--namespace` is not given. */
export const DEFAULT_NAMESPACE = "server";
/** The lock file `verify` reads when `--lock` is not given. */
const DEFAULT_LOCK = "toolgate.lock.json";

/** Parsed command line. */
export interface CommandArgs {
  command: Command | "help";
  /** `--namespace`, when given (verify otherwise takes the lock's). */
  namespace: string | undefined;
  /** Connection options without the namespace. */
  connection: Omit<MCPClientOptions, "namespace">;
  json: boolean;
  lock: string;
  /** `--include` / `--exclude`, when given: which tools are loaded (and pinned). */
  filter?: LoadToolsOptions | undefined;
}

/** A mistake on the command line (exit code 2). */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export const USAGE = `Usage:
  toolgate-mcp inspect [options] (--url URL | -- COMMAND [ARGS...])
  toolgate-mcp pin     [options] (--url URL | -- COMMAND [ARGS...]) > toolgate.lock.json
  toolgate-mcp verify  [--lock FILE] [options] (--url URL | -- COMMAND [ARGS...])

Connects to an MCP server (stdio: everything after "--" is the command, run without a shell;
Streamable HTTP: --url), loads its tools as toolgate's MCPClient does, and
  inspect  lists each tool: sanitized description, hints (unverified claims), fingerprint, warnings
  pin      prints a lock file: {"version":1,"namespace","server","fingerprints","tools"}
  verify   compares the server with a lock file and prints what changed, was added or removed

Options:
  --namespace NS   display-name prefix, ^[a-zA-Z0-9-]{1,32}$ (default "${DEFAULT_NAMESPACE}";
                   verify uses the lock's)
  --timeout MS     limit for the handshake and each listing (default 30000)
  --url URL        Streamable HTTP endpoint (pinned without query or user info)
  --header "K: V"  HTTP header, repeatable (not pinned)
  --env K=V        variable for a stdio server, repeatable (only the names are pinned); the server
                   otherwise gets only PATH, HOME and LANG
  --cwd DIR        working folder of a stdio server (pinned)
  --include GLOB   load (and pin) only tools whose remote name matches: a name, or * and ?
                   wildcards; repeatable; give pin and verify the same ones
  --exclude GLOB   leave out tools whose remote name matches; repeatable; wins over --include
  --json           inspect: print JSON
  --lock FILE      verify: the lock file (default ${DEFAULT_LOCK})
  -h, --help       this text

Exit codes: 0 ok; 1 verify found differences (or pin found a server that changes between
listings); 2 usage error or unreadable lock file; 3 the server could not be started, reached or
listed.
`;

/**
 * Parses `argv` (without node and the script). Everything after the first `--` is the server
 * command and its arguments, untouched.
 *
 * @throws UsageError
 */
export function parseCommandArgs(argv: readonly string[]): CommandArgs {
  const split = argv.indexOf("--");
  const own = split === -1 ? [...argv] : argv.slice(0, split);
  const serverCommand = split === -1 ? [] : argv.slice(split + 1);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(own);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return helpArgs();
  const [command, ...extra] = positionals;
  if (command === undefined) throw new UsageError("missing command: inspect, pin or verify");
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`unknown command '${command}': use inspect, pin or verify`);
  }
  if (extra.length > 0) {
    throw new UsageError(
      `unexpected argument '${extra[0]}': put the server command after "--" (e.g. -- node server.mjs)`,
    );
  }
  if (values.json && command !== "inspect") throw new UsageError("--json is only for inspect");
  if (values.lock !== undefined && command !== "verify") {
    throw new UsageError("--lock is only for verify (pin prints the lock: redirect it to a file)");
  }
  const namespace = values.namespace;
  if (namespace !== undefined && !NAMESPACE_PATTERN.test(namespace)) {
    throw new UsageError(
      `--namespace ${JSON.stringify(namespace)} is invalid: use 1-32 ASCII letters, digits or '-' (no '_')`,
    );
  }
  return {
    command: command as Command,
    namespace,
    connection: {
      ...connection(values, serverCommand),
      ...(values.timeout === undefined ? {} : { timeoutMs: positiveInteger(values.timeout) }),
    },
    json: values.json ?? false,
    lock: values.lock ?? DEFAULT_LOCK,
    filter: filter(values),
  };
}

/** `--include` / `--exclude` as `loadTools` takes them, checked now: a bad glob is a usage error. */
function filter(values: Values): LoadToolsOptions | undefined {
  const { include, exclude } = values;
  if (include === undefined && exclude === undefined) return undefined;
  const options = {
    ...(include === undefined ? {} : { include }),
    ...(exclude === undefined ? {} : { exclude }),
  };
  try {
    new ToolNameFilter(options);
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^loadTools /, "--"));
  }
  return options;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      namespace: { type: "string" },
      timeout: { type: "string" },
      url: { type: "string" },
      header: { type: "string", multiple: true },
      env: { type: "string", multiple: true },
      cwd: { type: "string" },
      json: { type: "boolean" },
      lock: { type: "string" },
      include: { type: "string", multiple: true },
      exclude: { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
  });
}

type Values = ReturnType<typeof parse>["values"];

function connection(
  values: Values,
  serverCommand: readonly string[],
): Omit<MCPClientOptions, "namespace"> {
  if (values.url !== undefined) {
    if (serverCommand.length > 0) {
      throw new UsageError('give either --url or a command after "--", not both');
    }
    if (values.env !== undefined || values.cwd !== undefined) {
      throw new UsageError(
        '--env and --cwd are for stdio servers (a command after "--"), not --url',
      );
    }
    let url: URL;
    try {
      url = new URL(values.url);
    } catch {
      throw new UsageError(`--url ${JSON.stringify(values.url)} is not a valid URL`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new UsageError(`--url must be http: or https:, got ${url.protocol}`);
    }
    return {
      url: values.url,
      ...(values.header === undefined ? {} : { headers: headers(values.header) }),
    };
  }
  const [command, ...args] = serverCommand;
  if (command === undefined || command === "") {
    throw new UsageError(
      'missing server: give --url URL or a command after "--" (e.g. -- node server.mjs)',
    );
  }
  if (values.header !== undefined) throw new UsageError("--header is only for --url servers");
  return {
    command,
    args,
    ...(values.env === undefined ? {} : { env: env(values.env) }),
    ...(values.cwd === undefined ? {} : { cwd: values.cwd }),
  };
}

function headers(list: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of list) {
    const colon = item.indexOf(":");
    const name = colon === -1 ? "" : item.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      // The value may be a secret: not echoed.
      throw new UsageError(
        '--header must look like "Name: value" (a header without a valid name was given)',
      );
    }
    result[name] = item.slice(colon + 1).trim();
  }
  return result;
}

function env(list: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of list) {
    const equals = item.indexOf("=");
    const name = equals === -1 ? "" : item.slice(0, equals);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      // The value may be a secret: not echoed.
      throw new UsageError(
        "--env must look like NAME=value (an item without a valid NAME was given)",
      );
    }
    result[name] = item.slice(equals + 1);
  }
  return result;
}

function positiveInteger(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1 || value > MAX_TIMER_MS) {
    throw new UsageError(
      `--timeout must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, got ${JSON.stringify(text)}`,
    );
  }
  return value;
}

function helpArgs(): CommandArgs {
  return { command: "help", namespace: undefined, connection: {}, json: false, lock: DEFAULT_LOCK };
}
