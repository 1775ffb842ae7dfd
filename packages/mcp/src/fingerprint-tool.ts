import { createHash } from "node:crypto";
import { canonicalJson } from "@toolgate/tool-core/internal";

/** The parts of an MCP tool definition that a fingerprint covers. */
export interface MCPToolDefinition {
  /** The tool's name on the server. */
  name: string;
  /** The tool's display title. */
  title?: string;
  /** The tool's description. */
  description?: string;
  /** JSON Schema of the tool's arguments. */
  inputSchema: object;
  /** JSON Schema of the tool's structured result. */
  outputSchema?: object;
  /** The server's behaviour hints (`readOnlyHint`, `destructiveHint`, ...). */
  annotations?: object;
}

/** The definition fields a fingerprint covers, in the order they are read. */
export const FINGERPRINT_FIELDS = [
  "name",
  "title",
  "description",
  "inputSchema",
  "outputSchema",
  "annotations",
] as const;

/**
 * The sha256 (lowercase hex) of the canonical JSON (keys sorted at every depth, no spaces) of a
 * tool definition exactly as the server sent it: `name`, `title`, `description`, `inputSchema`,
 * `outputSchema` and `annotations`; absent fields are left out and other fields ignored. Key
 * order never changes it; any change to wording, schema or hints does.
 *
 * @example
 * fingerprintTool({ name: "echo", inputSchema: { type: "object" } }) // "3f1c…" (64 hex digits)
 */
export function fingerprintTool(definition: MCPToolDefinition): string {
  if (typeof definition !== "object" || definition === null) {
    throw new TypeError("tool definition must be an object");
  }
  const picked: Record<string, unknown> = {};
  for (const field of FINGERPRINT_FIELDS) {
    if (definition[field] !== undefined) picked[field] = definition[field];
  }
  return createHash("sha256").update(canonicalJson(picked)).digest("hex");
}
