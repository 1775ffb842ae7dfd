import type { Tool } from "@toolgate/tool-core";
import { openAIStrictProblem } from "./internal/openai-strict-schema.js";

/**
 * A tool's argument schema as providers take it. It is the tool's own frozen schema object (not
 * a copy, so listing many tools stays cheap): send it, do not modify it.
 */
export interface ProviderInputSchema {
  /** Always `"object"`. */
  type: "object";
  /** The schema of each argument, by name. */
  properties?: Record<string, unknown>;
  /** The names of the arguments that must be present. */
  required?: string[];
  [keyword: string]: unknown;
}

/** A function tool for the OpenAI Chat Completions `tools` parameter. */
export interface OpenAIFunctionTool {
  /** Always `"function"`. */
  type: "function";
  /** The tool's name, description and argument schema. */
  function: {
    /** The tool's name. */
    name: string;
    /** The tool's description. */
    description: string;
    /** The tool's argument schema. */
    parameters: ProviderInputSchema;
  };
}

/** A function tool for the OpenAI Responses API `tools` parameter. */
export interface OpenAIResponsesFunctionTool {
  /** Always `"function"`. */
  type: "function";
  /** The tool's name. */
  name: string;
  /** The tool's description. */
  description: string;
  /** The tool's argument schema, as is (never rewritten for strict mode). */
  parameters: ProviderInputSchema;
  /**
   * `true` only when the schema already meets OpenAI's strict-mode rules (see
   * {@link toOpenAIResponsesTool}); the API then makes the model's arguments match it.
   */
  strict: boolean;
}

/** Options of {@link toOpenAIResponsesTool} and `ToolRegistry.toOpenAIResponsesTools`. */
export interface OpenAIResponsesToolOptions {
  /**
   * `"auto"`: `strict: true` for each tool whose schema meets the strict-mode rules as it is,
   * `strict: false` for the others. `false`: `strict: false` for every tool (for endpoints
   * without strict mode). @default "auto"
   */
  strict?: "auto" | false;
}

/** A client tool for the Anthropic Messages `tools` parameter. */
export interface AnthropicTool {
  /** The tool's name. */
  name: string;
  /** The tool's description. */
  description: string;
  /** The tool's argument schema. */
  input_schema: ProviderInputSchema;
}

/** The OpenAI Chat Completions shape of a tool: `{ type: "function", function: { ... } }`. */
export function toOpenAITool(tool: Tool<object>): OpenAIFunctionTool {
  return {
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema as ProviderInputSchema,
    },
  };
}

/**
 * The OpenAI Responses API shape of a tool: `{ type: "function", name, description, parameters,
 * strict }`. The schema is sent as it is, never rewritten: `strict` is `true` only when it
 * already meets OpenAI's strict-mode rules (the root and every nested object list every property
 * in `required` and set `additionalProperties: false`, every schema has a `type`, `anyOf` or a
 * local `$ref`, only keywords strict mode supports, within its size limits); otherwise `false`.
 * An optional property is never turned into a required nullable one, which would hand `null` to
 * a tool that did not expect it: declare it required and nullable yourself to get strict mode.
 *
 * @example
 * const response = await client.responses.create({ model, input, tools: tools.map((t) => toOpenAIResponsesTool(t)) });
 */
export function toOpenAIResponsesTool(
  tool: Tool<object>,
  options: OpenAIResponsesToolOptions = {},
): OpenAIResponsesFunctionTool {
  const strict = options.strict ?? "auto";
  if (strict !== "auto" && strict !== false) {
    throw new TypeError(
      `toOpenAIResponsesTool: strict must be "auto" or false, not ${String(strict)}`,
    );
  }
  return {
    type: "function",
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema as ProviderInputSchema,
    strict: strict === "auto" && openAIStrictProblem(tool.inputSchema) === undefined,
  };
}

/** The Anthropic Messages shape of a tool: `{ name, description, input_schema }`. */
export function toAnthropicTool(tool: Tool<object>): AnthropicTool {
  return {
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema as ProviderInputSchema,
  };
}
