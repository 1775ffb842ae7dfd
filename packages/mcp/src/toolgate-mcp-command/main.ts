import { readFile } from "node:fs/promises";
import { serverText } from "../internal/server-text.js";
import { MCPClient, type MCPClientOptions } from "../mcp-client.js";
import {
  type CommandArgs,
  DEFAULT_NAMESPACE,
  parseCommandArgs,
  USAGE,
  UsageError,
} from "./args.js";
import {
  formatInspectReport,
  formatWarning,
  type InspectReport,
  inspectReport,
} from "./inspect.js";
import { asciiJson, formatLock, makeLock, parseLock } from "./lock-file.js";
import { quotedText } from "./quoted-text.js";
import {
  ConnectionError,
  rawDefinitions,
  type ServerSnapshot,
  takeSnapshot,
} from "./server-snapshot.js";
import { verifyResult, verifyServer } from "./verify.js";

/** Where the command writes and reads; tests pass their own. */
export interface CommandIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): Promise<string>;
}

const processIO: CommandIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFile(path, "utf8"),
};

/** How much of an error message that quotes the server is shown. */
const SHOWN_ERROR_CHARS = 2000;

/**
 * Runs `toolgate-mcp` with `argv` (without node and the script) and returns the exit code:
 * 0 ok, 1 differences found, 2 usage error or bad lock file, 3 server unreachable. Never throws.
 */
export async function main(argv: readonly string[], io: CommandIO = processIO): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`toolgate-mcp: ${error.message}\nRun 'toolgate-mcp --help' for usage.\n`);
      return 2;
    }
    // Both quote the server (its messages, its stderr): one clean line, clipped.
    if (error instanceof ConnectionError) {
      io.stderr(
        `toolgate-mcp: could not load the server's tools: ${serverText(error.message, SHOWN_ERROR_CHARS)}\n`,
      );
      return 3;
    }
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    io.stderr(`toolgate-mcp: failed: ${serverText(text, SHOWN_ERROR_CHARS)}\n`);
    return 3;
  }
}

async function run(argv: readonly string[], io: CommandIO): Promise<number> {
  const args = parseCommandArgs(argv);
  if (args.command === "help") {
    io.stdout(USAGE);
    return 0;
  }
  if (args.command === "verify") return verify(args, io);
  const options = clientOptions(args.namespace ?? DEFAULT_NAMESPACE, args.connection);
  const snapshot = await takeSnapshot(options, { raw: true, filter: args.filter });
  const report = inspectReport(snapshot);
  if (args.command === "inspect") {
    io.stdout(args.json ? asciiJson(report) : formatInspectReport(report));
    return 0;
  }
  return pin(snapshot, report, io);
}

async function verify(args: CommandArgs, io: CommandIO): Promise<number> {
  let text: string;
  try {
    text = await io.readFile(args.lock);
  } catch (error) {
    throw new UsageError(
      `cannot read the lock file ${args.lock}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const parsed = parseLock(text);
  if (!parsed.ok) {
    throw new UsageError(
      `the lock file ${args.lock} is malformed:\n  ${parsed.errors.join("\n  ")}`,
    );
  }
  const { lock } = parsed;
  if (args.namespace !== undefined && args.namespace !== lock.namespace) {
    throw new UsageError(
      `--namespace ${args.namespace} differs from the lock's namespace ${lock.namespace} (display names include it): leave --namespace out`,
    );
  }
  const options = clientOptions(lock.namespace, args.connection);
  const client = new MCPClient(options);
  const refused = verifyServer(
    lock,
    { identity: client.serverIdentity, serverFingerprint: client.serverFingerprint },
    args.lock,
  );
  if (refused) {
    io.stdout(refused.text);
    return refused.exitCode;
  }
  let snapshot = await takeSnapshot(options, { filter: args.filter });
  if (snapshot.tools.some((tool) => tool.fingerprint !== lock.fingerprints[tool.name])) {
    // What changed needs the raw definitions: a second listing, only when something differs.
    snapshot = { ...snapshot, ...(await rawDefinitions(options, snapshot.tools)) };
  }
  const result = verifyResult(lock, snapshot, args.lock);
  io.stdout(result.text);
  return result.exitCode;
}

function pin(snapshot: ServerSnapshot, report: InspectReport, io: CommandIO): number {
  if (snapshot.inconsistent.length > 0) {
    io.stderr(
      `toolgate-mcp: not pinned: the server listed different definitions on two connections for ${snapshot.inconsistent.map((name) => quotedText(name, 100)).join(", ")}; a pin would not hold\n`,
    );
    return 1;
  }
  io.stdout(formatLock(makeLock(snapshot)));
  const warnings = [
    ...report.warnings,
    ...report.tools.flatMap((tool) =>
      tool.warnings.map((w) => ({ ...w, where: `${tool.name} ${w.where}` })),
    ),
  ];
  io.stderr(
    `toolgate-mcp: pinned ${snapshot.tools.length} tool${snapshot.tools.length === 1 ? "" : "s"} of ${serverText(snapshot.identity, 1000)}` +
      (snapshot.skipped.length > 0 ? ` (${snapshot.skipped.length} skipped: not loadable)` : "") +
      "\n",
  );
  if (warnings.length > 0) {
    io.stderr(
      `toolgate-mcp: ${warnings.length} warning${warnings.length === 1 ? "" : "s"}: review before committing the lock (toolgate-mcp inspect shows details)\n${warnings.map((w) => `  ${formatWarning(w)}\n`).join("")}`,
    );
  }
  return 0;
}

function clientOptions(
  namespace: string,
  connection: Omit<MCPClientOptions, "namespace">,
): MCPClientOptions {
  try {
    const options = { namespace, ...connection };
    new MCPClient(options);
    return options;
  } catch (error) {
    // The client's own checks (e.g. a URL it refuses) are mistakes on the command line.
    throw new UsageError((error as Error).message);
  }
}
