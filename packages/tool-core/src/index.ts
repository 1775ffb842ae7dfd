// Everything exported here is the public API of @toolgate/tool-core.
export type {
  AudioContentBlock,
  ContentBlock,
  EmbeddedResourceContentBlock,
  ImageContentBlock,
  ResourceLinkContentBlock,
  TextContentBlock,
} from "./content-block.js";
export { type ToolDefinition, tool } from "./define-tool.js";
export { type Hints, hints } from "./hints.js";
export { EMPTY_OBJECT_SCHEMA, type JsonObjectSchema } from "./json-object-schema.js";
export { removeInvisibleCharacters } from "./remove-invisible-characters.js";
export { Tool, type ToolOptions } from "./tool.js";
export type { ToolContext } from "./tool-context.js";
export { TOOL_CORE_ERROR_CODES, type ToolCoreErrorCode } from "./tool-core-error-codes.js";
export { ToolDefinitionError } from "./tool-definition-error.js";
export { ToolError } from "./tool-error.js";
export { ToolInputError } from "./tool-input-error.js";
export { isValidToolName, TOOL_NAME_PATTERN } from "./tool-name.js";
export type { ToolProgress } from "./tool-progress.js";
export {
  ToolResponse,
  type ToolResponseExtras,
  type ToolStatus,
  toToolResponse,
} from "./tool-response.js";
export { ToolgateError, toolgateErrorCode } from "./toolgate-error.js";
