import { isRecord } from "@toolgate/tool-core/internal";
import { HttpSearchProvider } from "../internal/http-search-provider.js";
import type { SearchRequest, SearchResult, SearchResults } from "../search-provider.js";
import { SearchProviderError } from "../search-provider-error.js";
import type { KeyedHttpProviderOptions } from "./http-provider-options.js";

/** Options of {@link SerpApiProvider}. */
export type SerpApiProviderOptions = KeyedHttpProviderOptions;

/**
 * SerpAPI Google search: `GET {baseUrl}/search.json?engine=google&q=&api_key=&num=`; reads
 * `organic_results[]` (`title`, `link`, `snippet`) and an answer from `answer_box`. The key
 * travels in the query string, so request URLs are never shown anywhere. A body with only an
 * `error` fails with that message, except a successful search that found nothing, which means no
 * results. Key: `apiKey` or `SERPAPI_API_KEY`.
 *
 * @see https://serpapi.com/search-api
 */
export class SerpApiProvider extends HttpSearchProvider {
  constructor(options: SerpApiProviderOptions = {}) {
    super(options, {
      name: "serpapi",
      baseUrl: "https://serpapi.com",
      keyVariable: "SERPAPI_API_KEY",
    });
  }

  /** Asks the service for `query`; failures throw `SearchProviderError`. */
  async search(query: string, { maxResults, signal }: SearchRequest): Promise<SearchResults> {
    const key = this.requireApiKey();
    const params = new URLSearchParams({
      engine: "google",
      q: query,
      api_key: key,
      num: String(maxResults),
    });
    const body = await this.request(`/search.json?${params}`, signal);
    if (!isRecord(body)) throw new SearchProviderError("malformed response: not an object");
    const answer = answerOf(body.answer_box);
    const organic = body.organic_results;
    if (organic === undefined) {
      const succeeded = isRecord(body.search_metadata) && body.search_metadata.status === "Success";
      if (typeof body.error === "string" && !succeeded) {
        throw new SearchProviderError(`service error: ${body.error}`);
      }
      return answer === undefined ? { results: [] } : { results: [], answer };
    }
    if (!Array.isArray(organic)) {
      throw new SearchProviderError("malformed response: 'organic_results' is not a list");
    }
    const results: SearchResult[] = [];
    for (const item of organic) {
      if (!isRecord(item)) continue;
      results.push({ title: text(item.title), url: text(item.link), snippet: text(item.snippet) });
    }
    return answer === undefined ? { results } : { results, answer };
  }
}

function answerOf(box: unknown): string | undefined {
  if (!isRecord(box)) return undefined;
  for (const field of ["answer", "result", "snippet"]) {
    const value = box[field];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}
