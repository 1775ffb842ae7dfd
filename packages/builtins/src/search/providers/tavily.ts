import { isRecord } from "@toolgate/tool-core/internal";
import { HttpSearchProvider } from "../internal/http-search-provider.js";
import type { SearchRequest, SearchResult, SearchResults } from "../search-provider.js";
import { SearchProviderError } from "../search-provider-error.js";
import type { KeyedHttpProviderOptions } from "./http-provider-options.js";

/** Options of {@link TavilyProvider}. */
export interface TavilyProviderOptions extends KeyedHttpProviderOptions {
  /** Ask Tavily for a short generated answer beside the results. @default true */
  includeAnswer?: boolean;
}

/**
 * Tavily Search: `POST {baseUrl}/search` with `Authorization: Bearer <key>` and a JSON body
 * `{ query, max_results, search_depth: "basic", include_answer }`; reads `results[]`
 * (`title`, `url`, `content`) and `answer`. Key: `apiKey` or `TAVILY_API_KEY`.
 *
 * @see https://docs.tavily.com/api-reference/introduction
 */
export class TavilyProvider extends HttpSearchProvider {
  readonly #includeAnswer: boolean;

  constructor(options: TavilyProviderOptions = {}) {
    super(options, {
      name: "tavily",
      baseUrl: "https://api.tavily.com",
      keyVariable: "TAVILY_API_KEY",
    });
    if (options.includeAnswer !== undefined && typeof options.includeAnswer !== "boolean") {
      throw new TypeError("tavily provider: includeAnswer must be a boolean");
    }
    this.#includeAnswer = options.includeAnswer ?? true;
  }

  /** Asks the service for `query`; failures throw `SearchProviderError`. */
  async search(query: string, { maxResults, signal }: SearchRequest): Promise<SearchResults> {
    const key = this.requireApiKey();
    const body = await this.request("/search", signal, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify({
        query,
        max_results: maxResults,
        search_depth: "basic",
        include_answer: this.#includeAnswer,
      }),
    });
    if (!isRecord(body) || !Array.isArray(body.results)) {
      throw new SearchProviderError("malformed response: 'results' is not a list");
    }
    const results: SearchResult[] = [];
    for (const item of body.results) {
      if (!isRecord(item)) continue;
      results.push({ title: text(item.title), url: text(item.url), snippet: text(item.content) });
    }
    const answer = text(body.answer);
    return answer === "" ? { results } : { results, answer };
  }
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}
