import { createHash } from "node:crypto";
import { canonicalJson, isRecord } from "@toolgate/tool-core/internal";
import { FINGERPRINT_FIELDS } from "../fingerprint-tool.js";
import { serverText } from "../internal/server-text.js";
import { NAMESPACE_PATTERN, SERVER_PIN_KEY } from "../mcp-client.js";
import { quotedText } from "./quoted-text.js";
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

interface LockedTool {
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

/**
 * Deepest nesting a lock file may have (a valid one is 4 deep: top level, `tools`, a tool, its
 * `parts`), so nothing recursive ever meets a file nested thousands deep.
 */
const MAX_LOCK_DEPTH = 32;
/** Problems listed for a malformed lock; the rest are counted. */
const MAX_LOCK_ERRORS = 20;

/**
 * Checks a lock file's text; never throws. Every value quoted in an error is cleaned and clipped:
 * the file may come from anywhere.
 */
export function parseLock(text: string): ParsedLock {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The parser's message quotes the input, escapes and all.
    return { ok: false, errors: [`not valid JSON (${serverText((error as Error).message)})`] };
  }
  if (nestedDeeperThan(value, MAX_LOCK_DEPTH)) {
    return {
      ok: false,
      errors: [
        `nested deeper than ${MAX_LOCK_DEPTH} levels (a lock file is 4 deep): not a lock file`,
      ],
    };
  }
  if (!isRecord(value)) return { ok: false, errors: ["the top level must be a JSON object"] };
  const errors: string[] = [];
  let unlisted = 0;
  // Messages are built only while they are listed: a file can hold a million bad keys.
  const problem = (message: () => string) => {
    if (errors.length < MAX_LOCK_ERRORS) errors.push(message());
    else unlisted++;
  };
  if (value.version !== 1) {
    problem(() => `version must be 1, got ${shownValue(value.version)}`);
  }
  if (typeof value.namespace !== "string" || !NAMESPACE_PATTERN.test(value.namespace)) {
    problem(() => "namespace must be 1-32 ASCII letters, digits or '-'");
  }
  if (typeof value.server !== "string") problem(() => "server must be a string");
  const { fingerprints } = value;
  if (!isRecord(fingerprints)) {
    problem(() => "fingerprints must be an object of name → sha256 hex");
  } else {
    if (fingerprints[SERVER_PIN_KEY] === undefined) {
      problem(() => `fingerprints must pin the server under "${SERVER_PIN_KEY}"`);
    }
    for (const [name, fingerprint] of Object.entries(fingerprints)) {
      if (typeof fingerprint !== "string" || !SHA256.test(fingerprint)) {
        problem(() => `fingerprints[${quotedText(name)}] must be 64 lowercase hex digits`);
      }
    }
  }
  const tools = value.tools ?? {};
  if (!isRecord(tools)) {
    problem(() => "tools must be an object");
  } else {
    for (const [name, tool] of Object.entries(tools)) {
      if (!isRecord(tool) || typeof tool.remoteName !== "string" || !isRecord(tool.parts)) {
        problem(
          () => `tools[${quotedText(name)}] must have a remoteName string and a parts object`,
        );
        continue;
      }
      for (const [field, hash] of Object.entries(tool.parts)) {
        if (typeof hash !== "string" || !SHA256.test(hash)) {
          problem(
            () =>
              `tools[${quotedText(name)}].parts[${quotedText(field)}] must be 64 lowercase hex digits`,
          );
        }
      }
    }
  }
  if (unlisted > 0) errors.push(`… and ${unlisted} more problem${unlisted === 1 ? "" : "s"}`);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    lock: { ...(value as unknown as LockFile), tools: tools as LockFile["tools"] },
  };
}

function shownValue(value: unknown): string {
  if (value === undefined) return "nothing";
  return typeof value === "string" ? quotedText(value, 100) : serverText(value, 100);
}

/** Whether objects and arrays nest deeper than `limit`. Iterative, so any depth is safe to ask. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value !== "object" || item.value === null) continue;
    if (item.depth > limit) return true;
    for (const child of Object.values(item.value)) {
      stack.push({ value: child, depth: item.depth + 1 });
    }
  }
  return false;
}
