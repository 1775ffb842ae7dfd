import { definitionFingerprint } from "../../approval/definition-fingerprint.js";
import type { ToolEntry } from "./channel.js";

/**
 * The definition fingerprint of a registered tool, computed at its first pending or grant and
 * kept: a tool is immutable, and re-registering makes a new entry (so a changed tool gets a new
 * fingerprint and old grants for it are refused).
 *
 * @throws TypeError for a definition JSON cannot hold (a tool with a bigint in its schema).
 */
export function toolFingerprint(entry: ToolEntry): string {
  entry.fingerprint ??= definitionFingerprint(entry.tool);
  return entry.fingerprint;
}
