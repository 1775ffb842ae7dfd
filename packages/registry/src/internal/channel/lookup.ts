import { removeInvisibleCharacters, ToolResponse } from "@toolgate/tool-core";
import { clip } from "@toolgate/tool-core/internal";
import type { ExecutionResult } from "../../tool-registry.js";
import { closestNames } from "../closest-names.js";
import type { Channel, ToolEntry } from "./channel.js";
import { emit } from "./events.js";
import { redacted } from "./redaction.js";

/** Stage 1: the registered tool a call names, or `undefined` (also for a name not a string). */
export function lookUp(channel: Channel, name: unknown): ToolEntry | undefined {
  return typeof name === "string" ? channel.tools.get(name) : undefined;
}

/**
 * The refusal of a call to a tool that is not registered: the name as the model wrote it (made
 * printable and short) and the closest registered names, so the model can correct itself.
 */
export function unknownTool(
  channel: Channel,
  name: unknown,
  callId: string | undefined,
): ExecutionResult {
  const shown = displayName(name);
  const tools = channel.tools;
  const message =
    tools.size === 0
      ? `Unknown tool '${shown}': no tools are available.`
      : `Unknown tool '${shown}'. Closest available tools: ${closestNames(shown, tools.keys())
          .map((n) => `'${n}'`)
          .join(", ")}.`;
  const response = redacted(channel, undefined, ToolResponse.error(message));
  emit(channel, {
    type: "invalid",
    tool: shown,
    callId,
    reason: "unknown-tool",
    message: response.text,
    response,
  });
  return { response, executed: false, callId };
}

/** A name as it may be shown: any value, made a string without invisible characters, clipped. */
function displayName(name: unknown): string {
  let raw: string;
  try {
    raw = typeof name === "string" ? name : String(name);
  } catch {
    raw = typeof name;
  }
  const text = removeInvisibleCharacters(raw).replace(/\s+/g, " ");
  return clip(text, 64);
}
