import { type Tool, ToolResponse } from "@toolgate/tool-core";
import type { Channel } from "./channel.js";

/**
 * The last stage of every response leaving the channel (answers, failures, refusals): the
 * registry's `redact` applied to its text. A redactor that throws or returns a non-string must
 * not let the unredacted text through, so the call then answers with a fixed error.
 */
export function redacted(
  channel: Channel,
  tool: Tool<object> | undefined,
  response: ToolResponse,
): ToolResponse {
  const redact = channel.redact;
  if (redact === undefined) return response;
  let text: string;
  try {
    text = redact(response.text);
    if (typeof text !== "string") throw new TypeError("redact must return a string");
  } catch {
    const name = tool ? `Tool '${tool.name}'` : "The call";
    return ToolResponse.error(`${name} failed: its response could not be redacted`);
  }
  return text === response.text ? response : response.withText(text);
}
