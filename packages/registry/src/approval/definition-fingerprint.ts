import type { Hints, JsonObjectSchema } from "@toolgate/tool-core";
import { canonicalJson } from "@toolgate/tool-core/internal";
import { digestOfText } from "./arguments-digest.js";

/** The parts of a tool that an approval is bound to (a `Tool` has them all). */
export interface ApprovedDefinition {
  /** The name the model calls. */
  readonly name: string;
  /** What the tool says it does: a person approved a call to the tool as described. */
  readonly description: string;
  /** JSON Schema of the arguments. */
  readonly inputSchema: JsonObjectSchema;
  /** Complete behaviour hints. */
  readonly hints: Hints;
  /** Trust root (`"builtin"`, `"mcp:github"`, ...). */
  readonly origin: string;
}

/**
 * The sha256 (lowercase hex) of the canonical JSON of a tool's name, description, input schema,
 * hints and origin. A grant carries it, so a grant given for one definition of a tool does not
 * run another (an MCP server that changed the tool's description or schema after the person
 * approved, a tool re-registered from another origin). Key order never changes it.
 *
 * Pure and not cached: a caller checking many calls computes it once per registered tool.
 */
export function definitionFingerprint(definition: ApprovedDefinition): string {
  return digestOfText(
    canonicalJson({
      name: definition.name,
      description: definition.description,
      inputSchema: definition.inputSchema,
      hints: definition.hints,
      origin: definition.origin,
    }),
  );
}
