import { isRecord } from "@toolgate/tool-core/internal";
import { HttpSearchProvider } from "../internal/http-search-provider.js";
import type { SearchRequest, SearchResult, SearchResults } from "../search-provider.js";
import { SearchProviderError } from "../search-provider-error.js";
import type { KeyedHttpProviderOptions } from "./http-provider-options.js";

/** Options of {@link BraveProvider}. */
export type BraveProviderOptions = KeyedHttpProviderOptions;

/**
 * Brave Search web search: `GET {baseUrl}/res/v1/web/search?q=&count=` with the key in the
 * `X-Subscription-Token` header; reads `web.results[]` (`title`, `url`, `description`). A
 * response without `web` means no results. Key: `apiKey` or `BRAVE_API_KEY`.
 *
 * @see https://api-dashboard.search.brave.com/documentation/quickstart
 */
export class BraveProvider extends HttpSearchProvider {
  constructor(options: BraveProviderOptions = {}) {
    super(options, {
      name: "brave",
      baseUrl: "https://api.search.brave.com",
      keyVariable: "BRAVE_API_KEY",
    });
  }

  /** Asks the service for `query`; failures throw `SearchProviderError`. */
  async search(query: string, { maxResults, signal }: SearchRequest): Promise<SearchResults> {
    const key = this.requireApiKey();
    const params = new URLSearchParams({ q: query, count: String(maxResults) });
    const body = await this.request(`/res/v1/web/search?${params}`, signal, {
      headers: { "x-subscription-token": key },
    });
    if (!isRecord(body)) throw new SearchProviderError("malformed response: not an object");
    if (body.web === undefined) return { results: [] };
    if (!isRecord(body.web) || !Array.isArray(body.web.results)) {
      throw new SearchProviderError("malformed response: 'web.results' is not a list");
    }
    const results: SearchResult[] = [];
    for (const item of body.web.results) {
      if (!isRecord(item)) continue;
      results.push({
        title: text(item.title),
        url: text(item.url),
        snippet: text(item.description),
      });
    }
    return { results };
  }
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}
