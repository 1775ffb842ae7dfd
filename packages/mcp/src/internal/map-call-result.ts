import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type ContentBlock, removeInvisibleCharacters, ToolResponse } from "@toolgate/tool-core";
import { clip } from "@toolgate/tool-core/internal";
import { truncateWithMarker } from "../sanitize-description.js";

/**
 * Turns an MCP `tools/call` result into a `ToolResponse`: text blocks joined by newlines, other
 * blocks as short placeholders (and kept in `content`), `structuredContent` as JSON text when
 * there are no blocks, all text sanitized, `isError` as an error response, text longer than
 * `maxResultChars` cut (partial). `data` is the raw result.
 */
export function mapCallResult(result: CallToolResult, maxResultChars?: number): ToolResponse {
  const blocks = Array.isArray(result.content) ? result.content : [];
  // The usual answer, one text block, needs none of the bookkeeping below.
  const only = blocks.length === 1 ? blocks[0] : undefined;
  if (only?.type === "text" && typeof only.text === "string") {
    return respond(result, removeInvisibleCharacters(only.text), undefined, maxResultChars);
  }
  const parts: string[] = [];
  const content: ContentBlock[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "text": {
        const text = removeInvisibleCharacters(block.text);
        parts.push(text);
        content.push({ type: "text", text });
        break;
      }
      case "image":
      case "audio":
        parts.push(`[${block.type} ${short(block.mimeType)}, ${base64Bytes(block.data)} bytes]`);
        content.push({ type: block.type, data: block.data, mimeType: block.mimeType });
        break;
      case "resource_link": {
        parts.push(`[resource link ${short(block.name)}: ${short(block.uri)}]`);
        const link: { -readonly [K in keyof typeof block]?: unknown } = {
          type: "resource_link",
          uri: block.uri,
          name: removeInvisibleCharacters(block.name),
        };
        for (const key of ["title", "description"] as const) {
          if (typeof block[key] === "string") link[key] = removeInvisibleCharacters(block[key]);
        }
        if (typeof block.mimeType === "string") link.mimeType = block.mimeType;
        if (typeof block.size === "number") link.size = block.size;
        content.push(link as ContentBlock);
        break;
      }
      case "resource": {
        const { resource } = block;
        const mime = typeof resource.mimeType === "string" ? `, ${short(resource.mimeType)}` : "";
        if ("text" in resource && typeof resource.text === "string") {
          const text = removeInvisibleCharacters(resource.text);
          parts.push(`[resource ${short(resource.uri)}${mime}]\n${text}`);
          content.push({ type: "resource", resource: { ...pickResource(resource), text } });
        } else if ("blob" in resource && typeof resource.blob === "string") {
          parts.push(
            `[resource ${short(resource.uri)}${mime}, ${base64Bytes(resource.blob)} bytes]`,
          );
          content.push({
            type: "resource",
            resource: { ...pickResource(resource), blob: resource.blob },
          });
        }
        break;
      }
    }
  }
  let text: string;
  if (parts.length > 0) text = parts.join("\n");
  else if (result.structuredContent !== undefined)
    text = removeInvisibleCharacters(JSON.stringify(result.structuredContent));
  else text = result.isError ? "(the tool failed without saying why)" : "(done)";

  // Text alone is all in `text`; blocks are kept when there is more than text.
  const extras = content.some((block) => block.type !== "text") ? { content } : undefined;
  return respond(result, text, extras, maxResultChars);
}

function respond(
  result: CallToolResult,
  text: string,
  extras: { content: ContentBlock[] } | undefined,
  maxResultChars: number | undefined,
): ToolResponse {
  let truncated = false;
  if (maxResultChars !== undefined && text.length > maxResultChars) {
    text = truncateWithMarker(text, maxResultChars);
    truncated = true;
  }
  if (result.isError === true) return ToolResponse.error(text, result, extras);
  return truncated
    ? ToolResponse.partial(text, result, extras)
    : ToolResponse.ok(text, result, extras);
}

function pickResource(resource: { uri: string; mimeType?: string }): {
  uri: string;
  mimeType?: string;
} {
  return typeof resource.mimeType === "string"
    ? { uri: resource.uri, mimeType: resource.mimeType }
    : { uri: resource.uri };
}

/** Short server-given strings inside placeholders: no hidden characters, no newlines, bounded. */
function short(value: string): string {
  const text = removeInvisibleCharacters(value).replace(/\s+/g, " ");
  return clip(text, 200);
}

function base64Bytes(data: string): number {
  const trimmed = data.replace(/\s/g, "");
  const padding = trimmed.endsWith("==") ? 2 : trimmed.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}
