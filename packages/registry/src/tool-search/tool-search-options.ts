/**
 * Whether a tool is deferred: left out of the provider formats (`toOpenAITools()`,
 * `toAnthropicTools()`, `toOpenAIResponsesTools()`) until a search loads it into a scope.
 * `"auto"` defers once the tools that would be listed are more than
 * {@link ToolSearchOptions.autoThreshold} allows (by count or by estimated definition tokens).
 */
export type DeferMode = "always" | "never" | "auto";

/**
 * Tool search (the `toolSearch` registry option): deferred tools stay registered and callable
 * through the channel as before, but are not listed to the model until loaded; a read-only
 * search tool lets the model find and load them. The most specific setting wins: a tool's own
 * (`register(tool, { defer })`), then its origin's (`origins`), then `defer`.
 */
export interface ToolSearchOptions {
  /** The setting of tools without their own or their origin's. @default "auto" */
  defer?: DeferMode;
  /** Settings by origin, e.g. `{ "mcp:github": "always", builtin: "never" }`. @default {} */
  origins?: Readonly<Record<string, DeferMode>>;
  /**
   * When `"auto"` defers: once the tools that would otherwise be listed (all but those deferred
   * `"always"`) are more than `tools`, or their estimated definition tokens (see
   * `estimateToolTokens`) more than `tokens`. @default { tools: 20, tokens: 10_000 }
   */
  autoThreshold?: {
    /** More listed tools than this turns `"auto"` on. @default 20 */
    readonly tools?: number;
    /** More estimated definition tokens than this turns `"auto"` on. @default 10_000 */
    readonly tokens?: number;
  };
  /** The search tool's name. @default "tool_search" */
  name?: string;
  /** How many of the best matches one search loads (1 to 20). @default 5 */
  load?: number;
  /** How many further matches a search lists by name only (0 to 50). @default 10 */
  list?: number;
}

/** One tool found by `ToolRegistry.searchTools` or the search tool. */
export interface ToolSearchMatch {
  /** The tool's name. */
  readonly name: string;
  /** The first line of its description, at most 200 characters. */
  readonly summary: string;
  /** Its BM25 score (higher is better); `Infinity` when the query named it exactly. */
  readonly score: number;
  /** True when the query named the tool exactly (the whole query or one of its words). */
  readonly exact: boolean;
}
