import { createHash } from "node:crypto";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { canonicalJson, isRecord, timeoutOption } from "@toolgate/tool-core/internal";
import { type MCPClientOptions, NAMESPACE_PATTERN } from "../mcp-client-options.js";
import { checkLimit, DEFAULT_MAX_DESCRIPTION_CHARS } from "../sanitize-description.js";
import { type CheckedLockFile, checkLockFile } from "./check-lock-file.js";
import { type RestartPolicy, restartPolicy } from "./restart-policy.js";

const DEFAULT_TIMEOUT_MS = 30_000;
const FINGERPRINT = /^[0-9a-f]{64}$/;

/** What the `MCPClient` constructor takes from checked options. */
interface CheckedClientOptions {
  /** How the server is reached, to show a reviewer. */
  serverIdentity: string;
  /** sha256 of the server's identity (its command, arguments, folder and env names, or URL). */
  serverFingerprint: string;
  maxDescriptionChars: number;
  /** By the shared timeout rule (tool-core/internal `timeoutOption`); `null`: no limit. */
  timeoutMs: number | null;
  /** `expectedFingerprints` (or the lock's `fingerprints`) as a map, when given. */
  pins: ReadonlyMap<string, string> | undefined;
  /** The `lock` option, checked. */
  lock: CheckedLockFile | undefined;
  /** How a server that went away is brought back; undefined: never (off, or a caller's transport). */
  restart: RestartPolicy | undefined;
}

/**
 * Checks an `MCPClient`'s options, in the order a caller reads them, and throws a `TypeError`
 * naming the first one that is wrong (a limit out of range: `RangeError`, from `checkLimit`; a
 * timeout: `ToolDefinitionError`, from tool-core's one timeout rule).
 */
export function checkClientOptions(options: MCPClientOptions): CheckedClientOptions {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("MCPClient options must be an object");
  }
  const { namespace } = options;
  if (typeof namespace !== "string" || !NAMESPACE_PATTERN.test(namespace)) {
    throw new TypeError(
      `MCPClient namespace ${JSON.stringify(namespace)} is invalid: use 1-32 ASCII letters, digits or '-' (no '_')`,
    );
  }
  const ways = (["command", "url", "transport"] as const).filter((k) => options[k] !== undefined);
  if (ways.length !== 1) {
    throw new TypeError(
      `MCPClient '${namespace}' needs exactly one of command (stdio), url (Streamable HTTP) or transport, got ${ways.length === 0 ? "none" : ways.join(" and ")}`,
    );
  }
  const identity = checkConnection(options);
  const serverFingerprint = createHash("sha256")
    .update(canonicalJson(identity.pinned))
    .digest("hex");
  optionalBoolean(options.requiresConfirmation, "requiresConfirmation");
  const maxDescriptionChars = options.maxDescriptionChars ?? DEFAULT_MAX_DESCRIPTION_CHARS;
  checkLimit(maxDescriptionChars, "maxDescriptionChars");
  if (options.maxResultChars !== undefined) checkLimit(options.maxResultChars, "maxResultChars");
  const timeoutMs = timeoutOption(options.timeoutMs, "MCPClient: timeoutMs", DEFAULT_TIMEOUT_MS);
  if (options.maxLineBytes !== undefined) {
    if (options.command === undefined) {
      throw new TypeError("MCPClient maxLineBytes applies to stdio servers (command) only");
    }
    checkLimit(options.maxLineBytes, "maxLineBytes");
  }
  const restart = restartPolicy(options.restart);
  if (options.onEvent !== undefined && typeof options.onEvent !== "function") {
    throw new TypeError("MCPClient onEvent must be a function");
  }
  const lock = checkLock(options, namespace);
  return {
    serverIdentity: identity.text,
    serverFingerprint,
    maxDescriptionChars,
    timeoutMs,
    pins: checkPins(lock === undefined ? options.expectedFingerprints : lock.fingerprints),
    lock,
    // A transport the caller made cannot be started twice.
    restart: options.transport === undefined ? restart : undefined,
  };
}

/** The server's identity: shown to a reviewer (`text`) and fingerprinted (`pinned`). */
function checkConnection(options: MCPClientOptions): { text: string; pinned: unknown } {
  const { command, url, transport } = options;
  if (command !== undefined) {
    if (typeof command !== "string" || command === "") {
      throw new TypeError("MCPClient command must be a non-empty string");
    }
    const args = options.args ?? [];
    if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string")) {
      throw new TypeError("MCPClient args must be an array of strings");
    }
    const { env, cwd } = options;
    if (env !== undefined && !isStringRecord(env)) {
      throw new TypeError("MCPClient env must be an object of strings");
    }
    if (cwd !== undefined && typeof cwd !== "string") {
      throw new TypeError("MCPClient cwd must be a string");
    }
    // Environment values may be secrets: only their names are shown and pinned.
    const envNames = Object.keys(env ?? {}).sort();
    const text =
      `stdio ${JSON.stringify([command, ...args])}` +
      (cwd === undefined ? "" : ` in ${JSON.stringify(cwd)}`) +
      (envNames.length === 0 ? "" : ` with env ${envNames.join(", ")}`);
    return { text, pinned: { transport: "stdio", command, args, cwd, env: envNames } };
  }
  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new TypeError(`MCPClient url ${JSON.stringify(String(url))} is not a valid URL`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new TypeError(`MCPClient url must be http: or https:, got ${parsed.protocol}`);
    }
    if (options.headers !== undefined && !isStringRecord(options.headers)) {
      throw new TypeError("MCPClient headers must be an object of strings");
    }
    // Credentials in the URL (user info, query) are neither shown nor pinned.
    const shown = `${parsed.origin}${parsed.pathname}`;
    return { text: `http ${shown}`, pinned: { transport: "http", url: shown } };
  }
  if (
    typeof transport !== "object" ||
    transport === null ||
    typeof (transport as Transport).start !== "function" ||
    typeof (transport as Transport).send !== "function"
  ) {
    throw new TypeError("MCPClient transport must be an MCP SDK Transport (start, send, close)");
  }
  return {
    text: `transport ${transport.constructor?.name ?? "custom"}`,
    pinned: { transport: "custom" },
  };
}

function checkLock(options: MCPClientOptions, namespace: string): CheckedLockFile | undefined {
  if (options.lock === undefined) return undefined;
  if (options.expectedFingerprints !== undefined) {
    throw new TypeError(
      "MCPClient takes lock or expectedFingerprints, not both: the lock's fingerprints are the pins",
    );
  }
  const checked = checkLockFile(options.lock);
  if (!checked.ok) {
    throw new TypeError(`MCPClient lock is malformed: ${checked.errors.join("; ")}`);
  }
  if (checked.lock.namespace !== namespace) {
    throw new TypeError(
      `MCPClient lock was pinned with namespace '${checked.lock.namespace}', not '${namespace}' (display names include it): use the lock's namespace`,
    );
  }
  return checked.lock;
}

function checkPins(pins: unknown): ReadonlyMap<string, string> | undefined {
  if (pins === undefined) return undefined;
  if (!isRecord(pins)) {
    throw new TypeError("expectedFingerprints must be an object of display name → sha256 hex");
  }
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(pins)) {
    if (typeof value !== "string" || !FINGERPRINT.test(value)) {
      throw new TypeError(
        `expectedFingerprints['${name}'] must be a sha256 hex string (64 lowercase hex digits)`,
      );
    }
    map.set(name, value);
  }
  return map;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === "string");
}

function optionalBoolean(value: unknown, field: string): void {
  if (value !== undefined && typeof value !== "boolean") {
    throw new TypeError(`MCPClient ${field} must be a boolean, got ${typeof value}`);
  }
}
