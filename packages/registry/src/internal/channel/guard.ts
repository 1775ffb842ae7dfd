import type { Tool, ToolResponse } from "@toolgate/tool-core";
import type { ExternalContentGuard } from "../../external-content-guard.js";

/**
 * Stage 8b: the response of an `externalContent` tool with its text wrapped by the registry's
 * guard. Runs after the output budget, so the guard's markers stay whole, and only for tools
 * marked `externalContent` (and never with `guard: false`).
 *
 * @throws when the guard throws or returns a non-string: the caller must then answer with an
 *   error, never with the unguarded text.
 */
export function guarded(
  guard: ExternalContentGuard,
  tool: Tool<object>,
  response: ToolResponse,
): ToolResponse {
  const wrapped = guard.wrap(response.text, tool);
  if (typeof wrapped !== "string") throw new TypeError("guard.wrap must return a string");
  return response.withText(wrapped);
}
