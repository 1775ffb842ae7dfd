// Everything exported here is the public API of the search tool; the package index re-exports it.

export { BraveProvider, type BraveProviderOptions } from "./providers/brave.js";
export { DuckDuckGoProvider, type DuckDuckGoProviderOptions } from "./providers/duckduckgo.js";
export type {
  HttpProviderOptions,
  KeyedHttpProviderOptions,
} from "./providers/http-provider-options.js";
export { SerpApiProvider, type SerpApiProviderOptions } from "./providers/serpapi.js";
export { TavilyProvider, type TavilyProviderOptions } from "./providers/tavily.js";
export {
  type SearchProvider,
  SearchProviderError,
  type SearchRequest,
  type SearchResult,
  type SearchResults,
} from "./search-provider.js";
export {
  SEARCH_MAX_QUERY_CHARS,
  SEARCH_MAX_RESULTS,
  type SearchArgs,
  type SearchAttempt,
  type SearchData,
  SearchTool,
  type SearchToolOptions,
} from "./search-tool.js";
