/** One search hit, as the model and programs see it. */
export interface SearchResult {
  /** The page's title. */
  readonly title: string;
  /** An absolute `http:` or `https:` URL. */
  readonly url: string;
  /** A short extract of the page, as the service gave it. */
  readonly snippet: string;
}

/** What a provider found for one query. */
export interface SearchResults {
  /** The results, in the order the service gave them. */
  readonly results: readonly SearchResult[];
  /** A direct answer, when the service gives one (Tavily `answer`, SerpAPI `answer_box`, ...). */
  readonly answer?: string;
}

/** What a provider gets beside the query. */
export interface SearchRequest {
  /** Return at most this many results (1-20); ask the service for this many where it can. */
  readonly maxResults: number;
  /** Aborts on the provider's timeout or when the caller cancels: pass it to `fetch`. */
  readonly signal: AbortSignal;
}

/**
 * A search backend. `SearchTool` tries its providers in order and moves on to the next when one
 * is unavailable, throws, times out or finds nothing. Implement it to add your own.
 *
 * @example
 * const intranet: SearchProvider = {
 *   name: "intranet",
 *   async search(query, { maxResults, signal }) {
 *     const hits = await myIndex.find(query, { limit: maxResults, signal });
 *     return { results: hits.map((h) => ({ title: h.title, url: h.link, snippet: h.summary })) };
 *   },
 * };
 */
export interface SearchProvider {
  /** Short name shown in results and attempts: 1-32 ASCII letters, digits, `_` or `-`. */
  readonly name: string;
  /**
   * Per-call timeout for this provider in milliseconds (1 to 2147483647); `null` = no limit.
   * @default the tool's `timeoutMs`
   */
  readonly timeoutMs?: number | null;
  /**
   * Why this provider cannot run right now (typically a missing API key), or `undefined` when it
   * can. A provider that gives a reason is skipped without being called.
   */
  unavailableReason?(): string | undefined;
  /**
   * Strings that must never appear in the tool's text or data (API keys). The tool removes them
   * from everything it returns, including error messages.
   */
  secrets?(): readonly string[];
  /**
   * Runs the query. Throw `SearchProviderError` with a message that is safe to show the model;
   * any other error is reported by its type name only, since messages of network and parser
   * errors can carry URLs and keys.
   */
  search(query: string, request: SearchRequest): Promise<SearchResults>;
}
