import type { MCPToolDefinition } from "../fingerprint-tool.js";
import {
  type CheckedLockFile,
  checkLockFile,
  type ParsedLock,
} from "../internal/check-lock-file.js";
import { definitionParts, pinnedDefinition } from "../internal/definition-parts.js";
import { serverText } from "../internal/server-text.js";
import type { MCPLockedTool } from "../mcp-lock-file.js";
import type { ServerSnapshot } from "./server-snapshot.js";
import { compare } from "./server-snapshot.js";

export { definitionParts, PART_FIELDS } from "../internal/definition-parts.js";

/**
 * `toolgate.lock.json` (see `MCPLockFile`). `fingerprints` is exactly what `MCPClient` takes as
 * `expectedFingerprints` (with `namespace` and the same command or URL); each tool's `parts` add
 * detail for readable diffs, and (version 2) its `definition` lets `MCPClient` register the tool
 * before the server runs (`lock` and `loadTools({ lazy: true })`).
 */
export type LockFile = CheckedLockFile;

/** The lock for a snapshot (taken with raw definitions, for the parts). Keys sorted. */
export function makeLock(snapshot: ServerSnapshot): LockFile {
  const fingerprints: Record<string, string> = {};
  for (const key of Object.keys(snapshot.fingerprints).sort(compare)) {
    fingerprints[key] = snapshot.fingerprints[key]!;
  }
  const tools: Record<string, MCPLockedTool> = {};
  for (const tool of snapshot.tools) {
    const raw = snapshot.raw.get(tool.remoteName);
    tools[tool.name] = raw
      ? {
          remoteName: tool.remoteName,
          parts: definitionParts(raw),
          definition: pinnedDefinition(raw) as unknown as MCPToolDefinition,
        }
      : { remoteName: tool.remoteName, parts: {} };
  }
  return {
    version: 2,
    namespace: snapshot.namespace,
    server: snapshot.identity,
    fingerprints,
    tools,
  };
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

export type { ParsedLock };

/**
 * Checks a lock file's text; never throws. Every value quoted in an error is cleaned and clipped:
 * the file may come from anywhere. See `checkLockFile` for what is checked.
 */
export function parseLock(text: string): ParsedLock {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The parser's message quotes the input, escapes and all.
    return { ok: false, errors: [`not valid JSON (${serverText((error as Error).message)})`] };
  }
  return checkLockFile(value);
}
