import { ToolError, toolgateErrorCode } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { SearchProviderError } from "./search-provider-error.js";

describe("SearchProviderError", () => {
  it("carries the shared toolgate brand and code", () => {
    const error = new SearchProviderError("HTTP 429");
    expect(error.code).toBe("SEARCH_PROVIDER_ERROR");
    expect(toolgateErrorCode(error)).toBe("SEARCH_PROVIDER_ERROR");
    expect(SearchProviderError.isInstance(error)).toBe(true);
  });

  it("is recognised across installed copies by its brand, and nothing else is", () => {
    const foreign = new Error("from a second copy");
    Object.defineProperty(foreign, Symbol.for("toolgate.error"), {
      value: "SEARCH_PROVIDER_ERROR",
    });
    expect(SearchProviderError.isInstance(foreign)).toBe(true);
    expect(SearchProviderError.isInstance(new Error("HTTP 429"))).toBe(false);
    expect(SearchProviderError.isInstance(new ToolError("HTTP 429"))).toBe(false);
  });
});
