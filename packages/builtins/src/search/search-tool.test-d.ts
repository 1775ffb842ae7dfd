import type { Tool, ToolResponse } from "@toolgate/tool-core";
import { expectTypeOf } from "vitest";
import type { SearchProvider, SearchResults } from "./search-provider.js";
import { type SearchArgs, SearchTool } from "./search-tool.js";

// A provider is a plain object: only name and search are required.
const mine: SearchProvider = {
  name: "mine",
  async search(query, { maxResults, signal }) {
    expectTypeOf(query).toEqualTypeOf<string>();
    expectTypeOf(maxResults).toEqualTypeOf<number>();
    expectTypeOf(signal).toEqualTypeOf<AbortSignal>();
    return { results: [{ title: "t", url: "https://example.com/", snippet: "s" }] };
  },
};
new SearchTool({ providers: [mine] });

// @ts-expect-error: a result needs a url
const missingUrl: SearchResults = { results: [{ title: "t", snippet: "s" }] };
void missingUrl;

const search = new SearchTool({ tavily: { apiKey: "k", timeoutMs: 5000 } });
expectTypeOf(search).toExtend<Tool<SearchArgs>>();
expectTypeOf(search.run).returns.toEqualTypeOf<Promise<ToolResponse>>();
// @ts-expect-error: max_results is a number
search.run({ query: "q", max_results: "5" }, { signal: new AbortController().signal });
// @ts-expect-error: unknown provider options are caught
new SearchTool({ tavily: { apikey: "typo" } });
