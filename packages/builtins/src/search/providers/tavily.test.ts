import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, startServer, type TestServer, tavilyBody } from "../__fixtures__/test-server.js";
import { SearchProviderError } from "../search-provider-error.js";
import { TavilyProvider } from "./tavily.js";

const request = () => ({ maxResults: 3, signal: new AbortController().signal });
let server: TestServer | undefined;

beforeEach(() => {
  vi.stubEnv("TAVILY_API_KEY", "");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
});

describe("TavilyProvider", () => {
  it("POSTs the documented JSON body with a bearer key and reads results and answer", async () => {
    server = await startServer(json(200, tavilyBody(2, "Forty-two.")));
    const provider = new TavilyProvider({ apiKey: "tvly-secret", baseUrl: `${server.url}/` });
    const found = await provider.search("meaning of life", request());

    expect(found).toEqual({
      answer: "Forty-two.",
      results: [
        { title: "Tavily result 1", url: "https://tavily.example/1", snippet: "Tavily snippet 1" },
        { title: "Tavily result 2", url: "https://tavily.example/2", snippet: "Tavily snippet 2" },
      ],
    });
    const [sent] = server.requests;
    expect(sent?.method).toBe("POST");
    expect(sent?.url).toBe("/search");
    expect(sent?.headers.authorization).toBe("Bearer tvly-secret");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(sent?.body ?? "")).toEqual({
      query: "meaning of life",
      max_results: 3,
      search_depth: "basic",
      include_answer: true,
    });
  });

  it("reads TAVILY_API_KEY at call time and is unavailable without a key", async () => {
    server = await startServer(json(200, tavilyBody(1)));
    const provider = new TavilyProvider({ baseUrl: server.url });
    expect(provider.unavailableReason()).toMatch(/no API key.*TAVILY_API_KEY/);
    expect(provider.secrets()).toEqual([]);

    vi.stubEnv("TAVILY_API_KEY", "tvly-from-env");
    expect(provider.unavailableReason()).toBeUndefined();
    expect(provider.secrets()).toEqual(["tvly-from-env"]);
    await provider.search("q", request());
    expect(server.requests[0]?.headers.authorization).toBe("Bearer tvly-from-env");
  });

  it("reports an HTTP error with the service's message", async () => {
    server = await startServer(json(401, { detail: { error: "Unauthorized: invalid API key." } }));
    const provider = new TavilyProvider({ apiKey: "k", baseUrl: server.url });
    const failure = provider.search("q", request());
    await expect(failure).rejects.toThrow(SearchProviderError);
    await expect(failure).rejects.toThrow("HTTP 401: Unauthorized: invalid API key.");
  });

  it("refuses a body whose results are not a list", async () => {
    server = await startServer(json(200, { results: { title: "x" } }));
    const provider = new TavilyProvider({ apiKey: "k", baseUrl: server.url });
    await expect(provider.search("q", request())).rejects.toThrow(
      "malformed response: 'results' is not a list",
    );
  });

  it.each([
    [{ baseUrl: "ftp://example.com" }, /baseUrl must be an absolute http\(s\) URL/],
    [{ baseUrl: "not a url" }, /baseUrl must be an absolute http\(s\) URL/],
    [
      { baseUrl: "https://user:pw@example.com" },
      /must not contain a query, fragment or credentials/,
    ],
    [{ timeoutMs: 0 }, /timeoutMs must be a whole number of milliseconds/],
    [{ timeoutMs: 1.5 }, /timeoutMs must be a whole number of milliseconds/],
    [{ maxResponseBytes: -1 }, /maxResponseBytes must be an integer/],
    [{ apiKey: 42 }, /apiKey must be a string/],
    [{ includeAnswer: "yes" }, /includeAnswer must be a boolean/],
  ])("rejects bad options %j", (options, message) => {
    expect(() => new TavilyProvider(options as never)).toThrow(message);
  });
});
