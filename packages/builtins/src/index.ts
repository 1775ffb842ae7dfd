// Everything exported here is the public API of @toolgate/builtins.
export { BUILTINS_ERROR_CODES, type BuiltinsErrorCode } from "./builtins-error-codes.js";
export {
  CALCULATOR_ERROR_KINDS,
  type CalculatorErrorKind,
} from "./calculator/calculator-error.js";
export type { CalculatorLimits } from "./calculator/calculator-limits.js";
export {
  type CalculatorArgs,
  type CalculatorData,
  type CalculatorErrorData,
  CalculatorTool,
  type CalculatorToolOptions,
} from "./calculator/calculator-tool.js";
export { type ArgPolicy, defaultArgPolicy } from "./cli/arg-policy.js";
export { type CLIArgs, type CLIResultData, CLITool, type CLIToolOptions } from "./cli/cli-tool.js";
export { NOTES_ERROR_CODES, type NotesErrorCode } from "./notes/notes-error-codes.js";
export {
  type NotesAppendData,
  type NotesArgs,
  type NotesErrorData,
  type NotesListData,
  type NotesListEntry,
  type NotesReadData,
  NotesTool,
  type NotesToolOptions,
} from "./notes/notes-tool.js";
export { BraveProvider, type BraveProviderOptions } from "./search/providers/brave.js";
export {
  DuckDuckGoProvider,
  type DuckDuckGoProviderOptions,
} from "./search/providers/duckduckgo.js";
export type {
  HttpProviderOptions,
  KeyedHttpProviderOptions,
} from "./search/providers/http-provider-options.js";
export { SerpApiProvider, type SerpApiProviderOptions } from "./search/providers/serpapi.js";
export { TavilyProvider, type TavilyProviderOptions } from "./search/providers/tavily.js";
export type {
  SearchProvider,
  SearchRequest,
  SearchResult,
  SearchResults,
} from "./search/search-provider.js";
export { SearchProviderError } from "./search/search-provider-error.js";
export {
  type SearchArgs,
  type SearchAttempt,
  type SearchData,
  SearchTool,
  type SearchToolOptions,
} from "./search/search-tool.js";
