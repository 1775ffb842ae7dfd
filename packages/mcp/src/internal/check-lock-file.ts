import { isRecord } from "@toolgate/tool-core/internal";
import { fingerprintTool, type MCPToolDefinition } from "../fingerprint-tool.js";
import { NAMESPACE_PATTERN, SERVER_PIN_KEY } from "../mcp-client-options.js";
import type { MCPLockedTool, MCPLockFile } from "../mcp-lock-file.js";
import { quotedText } from "../toolgate-mcp-command/quoted-text.js";
import { definitionParts, PART_FIELDS } from "./definition-parts.js";
import { serverText } from "./server-text.js";

/** A lock with its `tools` filled in (empty when the file has none). */
export type CheckedLockFile = MCPLockFile & {
  readonly tools: Readonly<Record<string, MCPLockedTool>>;
};

/** The result of checking a lock: the lock, or every problem found in it. */
export type ParsedLock = { ok: true; lock: CheckedLockFile } | { ok: false; errors: string[] };

const SHA256 = /^[0-9a-f]{64}$/;
/**
 * Deepest nesting of the lock's own structure (a valid one is 4 deep: top level, `tools`, a tool,
 * its `parts`), so nothing recursive ever meets a file nested thousands deep.
 */
const MAX_LOCK_DEPTH = 32;
/** Deepest nesting of one version 2 definition: its schemas keep the server's own nesting. */
const MAX_DEFINITION_DEPTH = 512;
/** Problems listed for a malformed lock; the rest are counted. */
const MAX_LOCK_ERRORS = 20;

/**
 * Checks a parsed lock file (`toolgate-mcp verify`, `MCPClient`'s `lock` option); never throws.
 * A version 2 lock's definitions must each hash to the tool's pin and parts, with the remote
 * name as their name and a display name in the lock's namespace: a definition edited by hand is
 * refused, never shown to a model. Every value quoted in an error is cleaned and clipped: the
 * file may come from anywhere.
 */
export function checkLockFile(value: unknown): ParsedLock {
  if (nestedDeeperThan(withoutDefinitions(value), MAX_LOCK_DEPTH)) {
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
  const { version, namespace } = value;
  if (version !== 1 && version !== 2) {
    problem(() => `version must be 1 or 2, got ${shownValue(version)}`);
  }
  if (typeof namespace !== "string" || !NAMESPACE_PATTERN.test(namespace)) {
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
      if (version === 2) {
        const pinned = isRecord(fingerprints) ? fingerprints[name] : undefined;
        const why = definitionProblem(name, tool, pinned, namespace);
        if (why !== undefined) problem(() => `tools[${quotedText(name)}]${why}`);
      }
    }
  }
  if (unlisted > 0) errors.push(`… and ${unlisted} more problem${unlisted === 1 ? "" : "s"}`);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    lock: { ...(value as unknown as MCPLockFile), tools: tools as CheckedLockFile["tools"] },
  };
}

/** What is wrong with a version 2 tool's definition (after the name), or undefined. */
function definitionProblem(
  name: string,
  tool: Record<string, unknown>,
  pinned: unknown,
  namespace: unknown,
): string | undefined {
  const { definition, remoteName } = tool;
  if (typeof namespace === "string" && !name.startsWith(`${namespace}_`)) {
    return ` is not a display name of namespace ${quotedText(namespace)} (it must start with ${quotedText(`${namespace}_`)})`;
  }
  if (!isRecord(definition))
    return ".definition must be an object (a version 2 lock holds each tool's definition)";
  if (definition.name !== remoteName) return ".definition.name must be its remoteName";
  if (nestedDeeperThan(definition, MAX_DEFINITION_DEPTH)) {
    return `.definition is nested deeper than ${MAX_DEFINITION_DEPTH} levels`;
  }
  if (typeof pinned !== "string") return " has a definition but no pin in fingerprints";
  let fingerprint: string;
  try {
    fingerprint = fingerprintTool(definition as unknown as MCPToolDefinition);
  } catch (error) {
    return `.definition cannot be fingerprinted (${serverText((error as Error).message, 100)})`;
  }
  if (fingerprint !== pinned) {
    return ".definition does not match its pin in fingerprints (edited after pinning?)";
  }
  const parts = definitionParts(definition);
  const stated = tool.parts as Record<string, unknown>;
  if (PART_FIELDS.some((field) => parts[field] !== stated[field])) {
    return ".parts do not match its definition";
  }
  return undefined;
}

function shownValue(value: unknown): string {
  if (value === undefined) return "nothing";
  return typeof value === "string" ? quotedText(value, 100) : serverText(value, 100);
}

/** The lock with each tool's definition left out: those are bounded on their own. */
function withoutDefinitions(value: unknown): unknown {
  if (!isRecord(value) || !isRecord(value.tools)) return value;
  const tools: Record<string, unknown> = {};
  for (const [name, tool] of Object.entries(value.tools)) {
    tools[name] = isRecord(tool) ? { ...tool, definition: null } : tool;
  }
  return { ...value, tools };
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
