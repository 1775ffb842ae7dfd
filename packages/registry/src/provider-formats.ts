import type { Tool } from "@toolgate/tool-core";

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

/** The Anthropic Messages shape of a tool: `{ name, description, input_schema }`. */
export function toAnthropicTool(tool: Tool<object>): AnthropicTool {
  return {
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema as ProviderInputSchema,
  };
}
