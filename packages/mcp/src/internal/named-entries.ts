import { isRecord } from "@toolgate/tool-core/internal";
import type { SkippedTool } from "../skipped-tool.js";
import { serverText } from "./server-text.js";

/** A listed tool definition with a usable name, as the server sent it. */
export type NamedEntry = Record<string, unknown> & { name: string };

/**
 * Listed tools with a usable name. A name listed more than once is refused in every copy (the
 * server's intent is ambiguous): each copy is reported in `skipped`, and the name is in `repeated`.
 */
export function namedEntries(
  listed: readonly unknown[],
  skipped: SkippedTool[],
): { entries: NamedEntry[]; repeated: Set<string> } {
  const counts = new Map<string, number>();
  for (const raw of listed) {
    if (isRecord(raw) && typeof raw.name === "string") {
      counts.set(raw.name, (counts.get(raw.name) ?? 0) + 1);
    }
  }
  const repeated = new Set<string>();
  const entries: NamedEntry[] = [];
  for (const raw of listed) {
    if (!isRecord(raw) || typeof raw.name !== "string" || raw.name === "") {
      skipped.push({ remoteName: "(no name)", reason: "its definition has no name" });
      continue;
    }
    if (raw.name.length > 1000) {
      skipped.push(skippedTool(raw.name, "its name is longer than 1000 characters"));
      continue;
    }
    if (counts.get(raw.name)! > 1) {
      repeated.add(raw.name);
      skipped.push(
        skippedTool(raw.name, "the server listed this name more than once (no copy is loaded)"),
      );
      continue;
    }
    entries.push(raw as NamedEntry);
  }
  return { entries, repeated };
}

/** A skipped tool, its remote name made safe to show. */
export function skippedTool(remoteName: string, reason: string): SkippedTool {
  return { remoteName: serverText(remoteName), reason };
}
