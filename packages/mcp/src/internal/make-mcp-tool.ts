import type { JsonObjectSchema } from "@toolgate/tool-core";
import { isRecord } from "@toolgate/tool-core/internal";
import { MCPTool, type MCPToolOptions } from "../mcp-tool.js";
import { sanitizeDescription } from "../sanitize-description.js";
import { describeError } from "./clean-error.js";
import { hintsFromAnnotations } from "./hints-from-annotations.js";
import type { NamedEntry } from "./named-entries.js";
import { sanitizeSchema } from "./sanitize-schema.js";
import { shortServerText } from "./server-text.js";

/** What every tool of one client shares. */
export interface MakeMCPToolSettings {
  /** The client the tool's calls go through. */
  client: MCPToolOptions["client"];
  maxDescriptionChars: number;
  requiresConfirmation: boolean;
}

/**
 * An {@link MCPTool} made from a listed definition that passed pinning: its description, title
 * and every description in its input schema sanitized, hints from its annotations. Never throws.
 *
 * @returns the tool, or why it cannot be loaded (no object input schema, a description or title
 *   that is not a string, a schema that cannot be sanitized, an invalid definition).
 */
export function makeMCPTool(
  raw: NamedEntry,
  name: string,
  fingerprint: string,
  settings: MakeMCPToolSettings,
): MCPTool | string {
  const { maxDescriptionChars } = settings;
  const { inputSchema, description, title, annotations } = raw;
  if (!isRecord(inputSchema)) {
    return "it has no input schema object";
  }
  const schemaType = (inputSchema as Record<string, unknown>).type;
  if (schemaType !== "object") {
    return `its input schema is not an object schema (type ${shortServerText(JSON.stringify(schemaType) ?? "missing")})`;
  }
  if (description !== undefined && typeof description !== "string")
    return "its description is not a string";
  if (title !== undefined && typeof title !== "string") return "its title is not a string";
  const sanitized = sanitizeSchema(inputSchema as Record<string, unknown>, maxDescriptionChars);
  if (!sanitized.ok) return sanitized.reason;
  const annotationTitle =
    typeof annotations === "object" && annotations !== null
      ? (annotations as Record<string, unknown>).title
      : undefined;
  const shownTitle = title ?? (typeof annotationTitle === "string" ? annotationTitle : undefined);
  try {
    return new MCPTool({
      client: settings.client,
      name,
      remoteName: raw.name,
      description: sanitizeDescription(description ?? "", maxDescriptionChars),
      ...(shownTitle === undefined
        ? {}
        : { title: sanitizeDescription(shownTitle, maxDescriptionChars) }),
      inputSchema: sanitized.schema as unknown as JsonObjectSchema,
      hints: hintsFromAnnotations(annotations),
      requiresConfirmation: settings.requiresConfirmation,
      fingerprint,
    });
  } catch (error) {
    return `its definition is invalid: ${shortServerText(describeError(error))}`;
  }
}
