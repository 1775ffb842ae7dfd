import type { ToolStatus } from "@toolgate/tool-core";
import type { JSONValue, ToolResultPart } from "ai";

/**
 * What a tool from {@link toAISDKTools} returns to the AI SDK: the registry's response, as plain
 * JSON (it travels in UI message streams). `text` is exactly what the model reads, guarded and
 * redacted by the registry; the response's `data` is left out, because neither the guard nor
 * `redact` covers it (read it from the registry's `end` event).
 */
export interface AISDKToolOutput {
  /** `"success"`, `"partial"` or `"error"`; an error reaches the model as `error-text`. */
  readonly status: ToolStatus;
  /** The response text, unchanged. */
  readonly text: string;
}

/** The tool result as the model gets it (`ToolResultPart["output"]`). */
export type ModelOutput = ToolResultPart["output"];

const STATUSES: ReadonlySet<unknown> = new Set<ToolStatus>(["success", "partial", "error"]);

/**
 * The model's view of a tool output: the text, as `error-text` when the registry answered an
 * error. An output of another shape (history edited by a client) gets the AI SDK's own default.
 */
export function toModelOutput(output: unknown): ModelOutput {
  if (isAISDKToolOutput(output)) {
    return { type: output.status === "error" ? "error-text" : "text", value: output.text };
  }
  if (typeof output === "string") return { type: "text", value: output };
  return { type: "json", value: (output ?? null) as JSONValue };
}

function isAISDKToolOutput(value: unknown): value is AISDKToolOutput {
  if (typeof value !== "object" || value === null) return false;
  const { status, text } = value as Record<string, unknown>;
  return STATUSES.has(status) && typeof text === "string";
}
