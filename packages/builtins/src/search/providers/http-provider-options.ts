/** Options every built-in HTTP search provider takes. */
export interface HttpProviderOptions {
  /** Service root to call instead of the public one (a proxy, or a test server). Must be http(s). */
  baseUrl?: string;
  /**
   * Per-call timeout in milliseconds (1 to 2147483647); `null` = no limit.
   * @default the tool's `timeoutMs` (10000)
   */
  timeoutMs?: number | null;
  /** Largest response body read, in bytes; a longer one is refused. @default 2097152 (2 MiB) */
  maxResponseBytes?: number;
  /** `fetch` to use. @default globalThis.fetch */
  fetch?: typeof fetch;
}

/** Options of a provider that needs an API key. */
export interface KeyedHttpProviderOptions extends HttpProviderOptions {
  /**
   * API key. When absent, the provider's environment variable is read at each call, so a key set
   * after construction is used. Without a key the provider is skipped.
   */
  apiKey?: string;
}
