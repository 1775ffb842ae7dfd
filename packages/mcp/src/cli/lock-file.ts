import { createHash } from "node:crypto";
import { FINGERPRINT_FIELDS } from "../fingerprint-tool.js";
import { canonicalJson } from "../internal/canonical-json.js";
import { isRecord } from "../internal/is-record.js";
import { NAMESPACE_PATTERN, SERVER_PIN_KEY } from "../mcp-client.js";
import type { ServerSnapshot } from "./server-snapshot.js";
import { compare } from "./server-snapshot.js";
import type { RawDefinition } from "./warnings.js";

/** The definition fields a fingerprint covers, each hashed on its own in the lock's `tools`. */
export const PART_FIELDS = FINGERPRINT_FIELDS;

/**
 * `toolgate.lock.json`, version 1. `fingerprints` is exactly what `MCPClient` takes as
 * `expectedFingerprints` (with `namespace` and the same command or URL); `tools` only adds detail
 * for readable diffs.
 */
export interface LockFile {
  readonly version: 1;
  /** The namespace the display names were made with; `verify` reuses it. */
  readonly namespace: string;
  /** `MCPClient.serverIdentity` when pinned (for people; the pin is `fingerprints.$server`). */
  readonly server: string;
  /** `$server` → sha256 of the launch command or URL; display name → sha256 of the definition. */
  readonly fingerprints: Readonly<Record<string, string>>;
  /** Display name → remote name and a sha256 per definition field present, to say what changed. */
  readonly tools: Readonly<Record<string, LockedTool>>;
}

export interface LockedTool {
  readonly remoteName: string;
  readonly parts: Readonly<Record<string, string>>;
}

const SHA256 = /^[0-9a-f]{64}$/;

/** The lock for a snapshot (taken with raw definitions, for the parts). Keys sorted. */
export function makeLock(snapshot: ServerSnapshot): LockFile {
  const fingerprints: Record<string, string> = {};
  for (const key of Object.keys(snapshot.fingerprints).sort(compare)) {
    fingerprints[key] = snapshot.fingerprints[key]!;
  }
  const tools: Record<string, LockedTool> = {};
  for (const tool of snapshot.tools) {
    const raw = snapshot.raw.get(tool.remoteName);
    tools[tool.name] = { remoteName: tool.remoteName, parts: raw ? definitionParts(raw) : {} };
  }
  return {
    version: 1,
    namespace: snapshot.namespace,
    server: snapshot.identity,
    fingerprints,
    tools,
  };
}

/** Field → sha256 of its canonical JSON, for each field present. */
export function definitionParts(raw: RawDefinition): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const field of PART_FIELDS) {
    if (raw[field] === undefined) continue;
    parts[field] = createHash("sha256").update(canonicalJson(raw[field])).digest("hex");
  }
  return parts;
}

/**
 * Pretty JSON with a trailing newline; objects are built in sorted order, so output is stable.
 * Non-ASCII characters are escaped, so nothing in it is invisible to a reviewer.
 */
export function formatLock(lock: LockFile): string {
  return asciiJson(lock);
}

/** `JSON.stringify(value, null, 2)` plus a newline, with every non-ASCII character as `\uXXXX`. */
export function asciiJson(value: unknown): string {
  const text = JSON.stringify(value, null, 2).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `${text}\n`;
}

/** The result of reading a lock: the lock, or every problem found in it. */
export type ParsedLock = { ok: true; lock: LockFile } | { ok: false; errors: string[] };

/** Checks a lock file's text; never throws. */
export function parseLock(text: string): ParsedLock {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [`not valid JSON (${(error as Error).message})`] };
  }
  if (!isRecord(value)) return { ok: false, errors: ["the top level must be a JSON object"] };
  const errors: string[] = [];
  if (value.version !== 1) {
    errors.push(`version must be 1, got ${JSON.stringify(value.version) ?? "nothing"}`);
  }
  if (typeof value.namespace !== "string" || !NAMESPACE_PATTERN.test(value.namespace)) {
    errors.push("namespace must be 1-32 ASCII letters, digits or '-'");
  }
  if (typeof value.server !== "string") errors.push("server must be a string");
  const { fingerprints } = value;
  if (!isRecord(fingerprints)) {
    errors.push("fingerprints must be an object of name → sha256 hex");
  } else {
    if (fingerprints[SERVER_PIN_KEY] === undefined) {
      errors.push(`fingerprints must pin the server under "${SERVER_PIN_KEY}"`);
    }
    for (const [name, fingerprint] of Object.entries(fingerprints)) {
      if (typeof fingerprint !== "string" || !SHA256.test(fingerprint)) {
        errors.push(`fingerprints[${JSON.stringify(name)}] must be 64 lowercase hex digits`);
      }
    }
  }
  const tools = value.tools ?? {};
  if (!isRecord(tools)) {
    errors.push("tools must be an object");
  } else {
    for (const [name, tool] of Object.entries(tools)) {
      if (!isRecord(tool) || typeof tool.remoteName !== "string" || !isRecord(tool.parts)) {
        errors.push(
          `tools[${JSON.stringify(name)}] must have a remoteName string and a parts object`,
        );
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    lock: { ...(value as unknown as LockFile), tools: tools as LockFile["tools"] },
  };
}
