import { type Channel, type ToolEntry, UNCHECKED } from "./channel.js";

/**
 * Stage 3: why the registry's permissions deny this tool, or `undefined` when they allow it.
 * Decided once per tool and kept: tools and permissions are both immutable. Deny wins over allow
 * (see `ToolPermissions`).
 */
export function permissionDenial(channel: Channel, entry: ToolEntry): string | undefined {
  let denial = entry.denial;
  if (denial === UNCHECKED) {
    denial = channel.permissions?.denialReason(entry.tool);
    entry.denial = denial;
  }
  return denial;
}
