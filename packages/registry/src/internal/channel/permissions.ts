import type { Tool } from "@toolgate/tool-core";
import { type Args, type Channel, type ToolEntry, UNCHECKED } from "./channel.js";
import { typeLabel } from "./type-label.js";

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

/**
 * Stage 4b: why the permissions' per-call `rule` denies this valid call, or `undefined` when it
 * lets it through (or there is no rule). Only `true` lets a call through: any other answer or a
 * throw denies it (a broken rule must not wave calls through).
 */
export function ruleDenial(
  channel: Channel,
  tool: Tool<object>,
  args: Args,
  context: unknown,
): string | undefined {
  const rule = channel.permissions?.rule;
  if (rule === undefined) return undefined;
  let answer: unknown;
  try {
    answer = rule(tool, args, context);
  } catch (error) {
    return `Tool '${tool.name}' is denied for this call: its permission rule failed (${typeLabel(error)}).`;
  }
  if (answer === true) return undefined;
  if (typeof answer === "string" && answer.length > 0) return answer;
  return `Tool '${tool.name}' is denied for this call by a permission rule.`;
}
