import type { AnthropicTool } from "../provider-formats.js";
import type { ToolListOptions } from "./tool-scope.js";

/** A deferred tool in Anthropic's native tool search: sent, but loaded only when searched for. */
export interface AnthropicDeferredTool extends AnthropicTool {
  /** Always `true`: the model sees the tool only once Anthropic's tool search returns it. */
  defer_loading: true;
}

/** Anthropic's server-side tool search tool, BM25 variant (natural-language queries). */
export interface AnthropicBm25ToolSearchTool {
  /** The server tool's type, version 2025-11-19. */
  type: "tool_search_tool_bm25_20251119";
  /** The server tool's name. */
  name: "tool_search_tool_bm25";
}

/** Anthropic's server-side tool search tool, regex variant (the model writes patterns). */
export interface AnthropicRegexToolSearchTool {
  /** The server tool's type, version 2025-11-19. */
  type: "tool_search_tool_regex_20251119";
  /** The server tool's name. */
  name: "tool_search_tool_regex";
}

/** Anthropic's server-side tool search tool, either variant. */
export type AnthropicToolSearchTool = AnthropicBm25ToolSearchTool | AnthropicRegexToolSearchTool;

/** One entry of `toAnthropicTools` with `nativeSearch`. */
export type AnthropicNativeSearchEntry =
  | AnthropicTool
  | AnthropicDeferredTool
  | AnthropicToolSearchTool;

/** Options of `toAnthropicTools` for Anthropic's own, server-side tool search. */
export interface AnthropicNativeSearchOptions extends ToolListOptions {
  /**
   * Lists deferred tools with `defer_loading: true` (the ones loaded in `scope` without it) and
   * adds Anthropic's tool search tool (`"bm25"`: natural-language queries; `"regex"`: patterns)
   * instead of the registry's own search tool. Anthropic's servers then search and load them;
   * the calls still come back as `tool_use` blocks and go through the channel.
   */
  nativeSearch: "bm25" | "regex";
}

/** Anthropic's tool search tool for a `nativeSearch` option. */
export function anthropicToolSearchTool(variant: "bm25" | "regex"): AnthropicToolSearchTool {
  if (variant === "bm25")
    return { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" };
  if (variant === "regex")
    return { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" };
  throw new TypeError(
    `toAnthropicTools: nativeSearch must be "bm25" or "regex", not ${String(variant)}`,
  );
}
