import type { SearchProvider, SearchResults } from "@toolgate/builtins";

// SearchTool takes any SearchProvider; this one answers from a fixed list so the demo runs
// offline. Real apps use the default chain (Tavily, DuckDuckGo, Brave, SerpAPI).
const PAGES = [
  {
    title: "toolgate: one execution channel",
    url: "https://example.com/toolgate/channel",
    snippet: "Every call is looked up, parsed, permitted, validated and confirmed before it runs.",
  },
  {
    title: "Why agents need a tool gate",
    url: "https://example.com/blog/tool-gate",
    snippet: "Tool results from outside are data, not instructions.",
  },
];

export const offlineSearchProvider: SearchProvider = {
  name: "offline-index",
  async search(query, { maxResults }): Promise<SearchResults> {
    const words = query.toLowerCase().split(/\s+/);
    const results = PAGES.filter((page) =>
      words.some((word) => `${page.title} ${page.snippet}`.toLowerCase().includes(word)),
    );
    return { results: results.slice(0, maxResults) };
  },
};
