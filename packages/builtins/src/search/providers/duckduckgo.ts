import { isRecord } from "@toolgate/tool-core/internal";
import { HttpSearchProvider } from "../internal/http-search-provider.js";
import type { SearchRequest, SearchResult, SearchResults } from "../search-provider.js";
import { SearchProviderError } from "../search-provider-error.js";
import type { HttpProviderOptions } from "./http-provider-options.js";

/** Options of {@link DuckDuckGoProvider}. */
export type DuckDuckGoProviderOptions = HttpProviderOptions;

/**
 * DuckDuckGo Instant Answer API, keyless:
 * `GET {baseUrl}/?q=&format=json&no_html=1&skip_disambig=1`. Results come from the abstract
 * (`Heading`, `AbstractURL`, `AbstractText`), `Results[]` and `RelatedTopics[]` including the
 * `Topics` of grouped entries; `Answer` becomes the answer. It is an instant-answer API, not full
 * web search: many queries have no results and the tool moves on.
 *
 * @see https://api.duckduckgo.com/api
 */
export class DuckDuckGoProvider extends HttpSearchProvider {
  constructor(options: DuckDuckGoProviderOptions = {}) {
    super(options, { name: "duckduckgo", baseUrl: "https://api.duckduckgo.com" });
  }

  /** Asks the service for `query`; failures throw `SearchProviderError`. */
  async search(query: string, { maxResults, signal }: SearchRequest): Promise<SearchResults> {
    const params = new URLSearchParams({
      q: query,
      format: "json",
      no_html: "1",
      skip_disambig: "1",
    });
    const body = await this.request(`/?${params}`, signal);
    if (!isRecord(body)) throw new SearchProviderError("malformed response: not an object");
    for (const field of ["Results", "RelatedTopics"]) {
      if (body[field] !== undefined && !Array.isArray(body[field])) {
        throw new SearchProviderError(`malformed response: '${field}' is not a list`);
      }
    }
    const results: SearchResult[] = [];
    const abstractUrl = text(body.AbstractURL);
    const abstractText = text(body.AbstractText);
    if (abstractUrl !== "" && abstractText !== "") {
      results.push({
        title: text(body.Heading) || text(body.AbstractSource),
        url: abstractUrl,
        snippet: abstractText,
      });
    }
    const topics = [...((body.Results as unknown[]) ?? [])];
    for (const entry of (body.RelatedTopics as unknown[]) ?? []) {
      // A grouped entry ({ Name, Topics }) holds its topics one level down.
      if (isRecord(entry) && Array.isArray(entry.Topics)) topics.push(...entry.Topics);
      else topics.push(entry);
    }
    for (const topic of topics) {
      if (results.length >= maxResults) break;
      if (!isRecord(topic)) continue;
      const url = text(topic.FirstURL);
      if (url === "") continue;
      results.push({ title: topicTitle(topic, url), url, snippet: text(topic.Text) });
    }
    const answer = text(body.Answer);
    return answer === "" ? { results } : { results, answer };
  }
}

// `Result` is HTML even with no_html=1: its link text is the topic's name.
function topicTitle(topic: Record<string, unknown>, url: string): string {
  const link = /<a\b[^<>]{0,2000}>([^<]{1,300})<\/a>/i.exec(text(topic.Result));
  if (link?.[1]) return link[1];
  try {
    const segment = new URL(url).pathname.split("/").filter(Boolean).pop();
    if (segment) return decodeURIComponent(segment).replace(/_/g, " ");
  } catch {
    // fall through to the text itself
  }
  return text(topic.Text);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}
