import { isValidToolName, Tool, type ToolContext } from "@toolgate/tool-core";
import { NEVER_ABORTED_SIGNAL } from "@toolgate/tool-core/internal";
import { ToolRegistrationError } from "../../tool-registration-error.js";
import { type Channel, isLimit, type ToolEntry, UNCHECKED } from "./channel.js";

// One signal for every call without a deadline or caller signal: no allocation per call, and
// tools can tell (isNeverAborted) that there is no cancellation to pass on.
const NO_ID_CONTEXT: ToolContext = Object.freeze({ signal: NEVER_ABORTED_SIGNAL });

/**
 * Checks that `tool` may be registered: a tool (by brand or shape), a valid name, a valid own
 * output budget.
 *
 * @throws ToolRegistrationError naming what is wrong.
 */
export function checkTool(tool: unknown): asserts tool is Tool<object> {
  if (!Tool.isInstance(tool)) {
    throw new ToolRegistrationError(
      "only tools can be registered (make one with tool() or a Tool subclass)",
    );
  }
  if (!isValidToolName(tool.name)) {
    throw new ToolRegistrationError(
      `invalid tool name ${JSON.stringify(tool.name)}: use 1-64 ASCII letters, digits, '_' or '-'`,
      { toolName: String(tool.name) },
    );
  }
  // Checked here too for tool-shaped objects that did not go through Tool's constructor.
  const max: unknown = tool.maxResultChars;
  if (max !== undefined && max !== null && !isLimit(max)) {
    throw new ToolRegistrationError(
      `tool '${tool.name}': maxResultChars must be a positive integer or null`,
      { toolName: tool.name },
    );
  }
}

/** The channel's record of a checked tool: its budget and its context for plain calls. */
export function toolEntry(channel: Channel, tool: Tool<object>): ToolEntry {
  // A tool's own budget (a number, or null for none) wins over the registry's.
  const own = tool.maxResultChars;
  const budget = own === undefined ? channel.maxResultChars : (own ?? undefined);
  const context =
    budget === undefined
      ? NO_ID_CONTEXT
      : Object.freeze({ signal: NEVER_ABORTED_SIGNAL, maxResultChars: budget });
  return { tool, budget, context, validate: undefined, denial: UNCHECKED, fingerprint: undefined };
}
