import { ToolgateError, toolgateErrorCode } from "@toolgate/tool-core";
import { BUILTINS_ERROR_CODES } from "../builtins-error-codes.js";

/**
 * A provider failure whose message is safe to show the model (no URL, no key): "HTTP 429",
 * "response is not JSON". `SearchTool` records it in `data.attempts` and tries the next provider.
 */
export class SearchProviderError extends ToolgateError {
  declare readonly code: "SEARCH_PROVIDER_ERROR";

  constructor(message: string, options?: { cause?: unknown }) {
    super(BUILTINS_ERROR_CODES.searchProvider, message, options);
    this.name = "SearchProviderError";
  }

  /** True for a `SearchProviderError` from any installed copy of this package. */
  static override isInstance(value: unknown): value is SearchProviderError {
    return toolgateErrorCode(value) === BUILTINS_ERROR_CODES.searchProvider;
  }
}
