import { timeoutOption } from "@toolgate/tool-core/internal";
import type {
  HttpProviderOptions,
  KeyedHttpProviderOptions,
} from "../providers/http-provider-options.js";
import type { SearchProvider, SearchRequest, SearchResults } from "../search-provider.js";
import { SearchProviderError } from "../search-provider-error.js";
import { readJson } from "./read-json.js";

const DEFAULT_MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

interface ProviderDefaults {
  readonly name: string;
  readonly baseUrl: string;
  /** Environment variable holding the key; absent for keyless services. */
  readonly keyVariable?: string;
}

/** Shared plumbing of the built-in providers: options, key lookup and capped JSON requests. */
export abstract class HttpSearchProvider implements SearchProvider {
  readonly name: string;
  readonly timeoutMs?: number | null;
  /** The service root requests go to, without a trailing slash. */
  readonly baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #keyVariable: string | undefined;
  readonly #maxResponseBytes: number;
  readonly #fetch: typeof fetch | undefined;

  protected constructor(
    options: HttpProviderOptions & KeyedHttpProviderOptions = {},
    defaults: ProviderDefaults,
  ) {
    const { name } = defaults;
    if (typeof options !== "object" || options === null) {
      throw new TypeError(`${name} provider options must be an object`);
    }
    this.name = name;
    this.baseUrl = checkBaseUrl(options.baseUrl ?? defaults.baseUrl, name);
    if (options.timeoutMs !== undefined) {
      this.timeoutMs = timeoutOption(options.timeoutMs, `${name} provider: timeoutMs`, null);
    }
    this.#maxResponseBytes =
      options.maxResponseBytes === undefined
        ? DEFAULT_MAX_RESPONSE_BYTES
        : checkPositiveInteger(options.maxResponseBytes, "maxResponseBytes", name);
    if (options.fetch !== undefined && typeof options.fetch !== "function") {
      throw new TypeError(`${name} provider: fetch must be a function`);
    }
    this.#fetch = options.fetch;
    if (options.apiKey !== undefined && typeof options.apiKey !== "string") {
      throw new TypeError(`${name} provider: apiKey must be a string`);
    }
    this.#apiKey = options.apiKey;
    this.#keyVariable = defaults.keyVariable;
  }

  unavailableReason(): string | undefined {
    if (this.#keyVariable === undefined || this.apiKey() !== undefined) return undefined;
    return `no API key (set ${this.#keyVariable} or pass the ${this.name}.apiKey option)`;
  }

  secrets(): readonly string[] {
    const key = this.apiKey();
    return key === undefined ? [] : [key];
  }

  abstract search(query: string, request: SearchRequest): Promise<SearchResults>;

  /** The key from the options, else from the environment (read now); blank counts as none. */
  protected apiKey(): string | undefined {
    if (this.#keyVariable === undefined) return undefined;
    const key = (this.#apiKey ?? process.env[this.#keyVariable] ?? "").trim();
    return key === "" ? undefined : key;
  }

  /** The API key; throws `SearchProviderError` when there is none. */
  protected requireApiKey(): string {
    const key = this.apiKey();
    if (key === undefined) throw new SearchProviderError(this.unavailableReason() ?? "no API key");
    return key;
  }

  /** GETs or POSTs `path` (with its query string) under the base URL and parses the JSON body. */
  protected request(
    path: string,
    signal: AbortSignal,
    init: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string } = {},
  ): Promise<unknown> {
    return readJson(`${this.baseUrl}${path}`, {
      ...init,
      signal,
      fetch: this.#fetch ?? globalThis.fetch,
      maxBytes: this.#maxResponseBytes,
    });
  }
}

function checkBaseUrl(value: unknown, name: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new TypeError(`${name} provider: baseUrl must be an absolute http(s) URL`);
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw new TypeError(
      `${name} provider: baseUrl must not contain a query, fragment or credentials`,
    );
  }
  return url.href.replace(/\/+$/, "");
}

function checkPositiveInteger(
  value: unknown,
  field: string,
  name: string,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} provider: ${field} must be an integer from 1 to ${max}`);
  }
  return value;
}
