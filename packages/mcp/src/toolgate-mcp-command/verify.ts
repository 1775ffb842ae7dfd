import { serverText } from "../internal/server-text.js";
import { SERVER_PIN_KEY } from "../mcp-client.js";
import { sanitizeDescription } from "../sanitize-description.js";
import { definitionParts, type LockFile, PART_FIELDS } from "./lock-file.js";
import { quotedText } from "./quoted-text.js";
import { compare, type ServerSnapshot } from "./server-snapshot.js";

/** One difference between the lock and the server. */
export type Difference =
  | {
      kind: "changed";
      name: string;
      remoteName: string;
      expected: string;
      actual: string;
      /** Fields whose content differs; absent when the lock or the listing lacks the detail. */
      parts?: string[];
      description: string;
    }
  | { kind: "added"; name: string; remoteName: string; actual: string; description: string }
  | { kind: "removed"; name: string; expected: string; reason: string };

/** A text report and the exit code: 0 when everything matches, 1 otherwise. */
export interface VerifyResult {
  readonly exitCode: 0 | 1;
  readonly text: string;
  readonly differences: readonly Difference[];
}

/** How much of a server identity (command and arguments, or URL) is shown. */
const SHOWN_IDENTITY_CHARS = 1000;

/**
 * Checks the server's identity (command and arguments, or URL) against the lock before anything
 * runs. Returns the failing result, or undefined when it matches. The lock's `server` is shown
 * as one clean, clipped line: the file may come from anywhere.
 */
export function verifyServer(
  lock: LockFile,
  current: { identity: string; serverFingerprint: string },
  lockName: string,
): VerifyResult | undefined {
  if (lock.fingerprints[SERVER_PIN_KEY] === current.serverFingerprint) return undefined;
  return {
    exitCode: 1,
    differences: [],
    text: [
      `FAILED: the server command or URL differs from ${lockName} (the server was not started)`,
      `  pinned: ${serverText(lock.server, SHOWN_IDENTITY_CHARS)}`,
      `  now:    ${serverText(current.identity, SHOWN_IDENTITY_CHARS)}`,
      "  (pin and verify must use the same command, arguments, --cwd and --env names)",
      "",
    ].join("\n"),
  };
}

/** Compares what the server offers now with the lock: changed, added and removed tools. */
export function differences(lock: LockFile, snapshot: ServerSnapshot): Difference[] {
  const found: Difference[] = [];
  const current = new Map(snapshot.tools.map((tool) => [tool.name, tool]));
  const pinnedNames = Object.keys(lock.fingerprints).filter((name) => name !== SERVER_PIN_KEY);
  for (const name of pinnedNames) {
    const expected = lock.fingerprints[name]!;
    const tool = current.get(name);
    if (tool === undefined) {
      const remote = lock.tools[name]?.remoteName;
      const skipped =
        remote === undefined
          ? undefined
          : snapshot.skipped.find((s) => s.remoteName === sanitizeDescription(remote, 200));
      found.push({
        kind: "removed",
        name,
        expected,
        reason: skipped
          ? `the server lists it but it cannot be loaded: ${skipped.reason}`
          : "the server no longer lists it",
      });
    } else if (tool.fingerprint !== expected) {
      const pinnedParts = lock.tools[name]?.parts;
      const raw = snapshot.raw.get(tool.remoteName);
      found.push({
        kind: "changed",
        name,
        remoteName: tool.remoteName,
        expected,
        actual: tool.fingerprint,
        ...(pinnedParts && Object.keys(pinnedParts).length > 0 && raw
          ? { parts: changedParts(pinnedParts, definitionParts(raw)) }
          : {}),
        description: tool.description,
      });
    }
  }
  for (const tool of snapshot.tools) {
    if (lock.fingerprints[tool.name] === undefined) {
      found.push({
        kind: "added",
        name: tool.name,
        remoteName: tool.remoteName,
        actual: tool.fingerprint,
        description: tool.description,
      });
    }
  }
  const order = { changed: 0, added: 1, removed: 2 };
  return found.sort((a, b) => order[a.kind] - order[b.kind] || compare(a.name, b.name));
}

/**
 * The verdict as text: one block per difference, text from the server or the lock (names from
 * its keys too) cleaned, on one line and clipped.
 */
export function verifyResult(
  lock: LockFile,
  snapshot: ServerSnapshot,
  lockName: string,
): VerifyResult {
  const found = differences(lock, snapshot);
  const pinned = Object.keys(lock.fingerprints).length - 1;
  if (found.length === 0) {
    return {
      exitCode: 0,
      differences: found,
      text: `OK: the server and its ${pinned} pinned tool${pinned === 1 ? "" : "s"} match ${lockName}\n`,
    };
  }
  const count = (kind: Difference["kind"]) => found.filter((d) => d.kind === kind).length;
  const lines = [
    `FAILED: MCP server '${snapshot.namespace}' does not match ${lockName} (${count("changed")} changed, ${count("added")} added, ${count("removed")} removed)`,
  ];
  for (const d of found) {
    lines.push("");
    switch (d.kind) {
      case "changed":
        lines.push(`changed  ${serverText(d.name)}  (remote name ${quotedText(d.remoteName)})`);
        lines.push(`         pinned: ${d.expected}`, `         now:    ${d.actual}`);
        if (d.parts) lines.push(`         what:   ${d.parts.join(", ") || "(unknown)"}`);
        lines.push(`         description now: ${clip(d.description)}`);
        break;
      case "added":
        lines.push(`added    ${serverText(d.name)}  (remote name ${quotedText(d.remoteName)})`);
        lines.push(`         now:    ${d.actual}  (not in the lock)`);
        lines.push(`         description: ${clip(d.description)}`);
        break;
      case "removed":
        lines.push(`removed  ${serverText(d.name)}`);
        lines.push(`         pinned: ${d.expected}`, `         ${serverText(d.reason, 1000)}`);
        break;
    }
  }
  lines.push(
    "",
    "Review the changes (toolgate-mcp inspect ...), then pin again if they are intended.",
    "",
  );
  return { exitCode: 1, differences: found, text: lines.join("\n") };
}

function changedParts(
  pinned: Readonly<Record<string, string>>,
  now: Readonly<Record<string, string>>,
): string[] {
  return PART_FIELDS.filter((field) => pinned[field] !== now[field]).map((field) =>
    pinned[field] === undefined
      ? `${field} (added)`
      : now[field] === undefined
        ? `${field} (removed)`
        : field,
  );
}

/** One line, sanitized again (defence in depth: descriptions arrive sanitized), at most 300 chars. */
function clip(text: string): string {
  const oneLine = sanitizeDescription(text, 100_000).replace(/\s+/g, " ").trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 299)}…` : oneLine || "(none)";
}
