import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, serpApiBody, startServer, type TestServer } from "../__fixtures__/test-server.js";
import { SerpApiProvider } from "./serpapi.js";

const request = () => ({ maxResults: 2, signal: new AbortController().signal });
let server: TestServer | undefined;

beforeEach(() => {
  vi.stubEnv("SERPAPI_API_KEY", "");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
});

describe("SerpApiProvider", () => {
  it("GETs search.json with engine, q, api_key and num and reads organic results", async () => {
    server = await startServer(json(200, serpApiBody(2, "Paris")));
    const provider = new SerpApiProvider({ apiKey: "serp-secret", baseUrl: server.url });
    const found = await provider.search("capital of france", request());

    expect(found).toEqual({
      answer: "Paris",
      results: [
        {
          title: "SerpAPI result 1",
          url: "https://serpapi.example/1",
          snippet: "SerpAPI snippet 1",
        },
        {
          title: "SerpAPI result 2",
          url: "https://serpapi.example/2",
          snippet: "SerpAPI snippet 2",
        },
      ],
    });
    const url = new URL(server.requests[0]?.url ?? "", server.url);
    expect(url.pathname).toBe("/search.json");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      engine: "google",
      q: "capital of france",
      api_key: "serp-secret",
      num: "2",
    });
  });

  it("reads SERPAPI_API_KEY from the environment", () => {
    const provider = new SerpApiProvider();
    expect(provider.unavailableReason()).toMatch(/SERPAPI_API_KEY/);
    vi.stubEnv("SERPAPI_API_KEY", "from-env");
    expect(provider.unavailableReason()).toBeUndefined();
    expect(provider.secrets()).toEqual(["from-env"]);
  });

  it("treats a successful search without organic results as no results", async () => {
    server = await startServer(
      json(200, {
        search_metadata: { status: "Success" },
        search_information: { organic_results_state: "Fully empty" },
        error: "Google hasn't returned any results for this query.",
      }),
    );
    const provider = new SerpApiProvider({ apiKey: "k", baseUrl: server.url });
    expect(await provider.search("q", request())).toEqual({ results: [] });
  });

  it("fails with the service's error when the search itself failed", async () => {
    server = await startServer(
      json(200, { search_metadata: { status: "Error" }, error: "Proxy timeout." }),
    );
    const provider = new SerpApiProvider({ apiKey: "k", baseUrl: server.url });
    await expect(provider.search("q", request())).rejects.toThrow("service error: Proxy timeout.");
  });

  it("refuses organic_results that are not a list", async () => {
    server = await startServer(json(200, { organic_results: {} }));
    const provider = new SerpApiProvider({ apiKey: "k", baseUrl: server.url });
    await expect(provider.search("q", request())).rejects.toThrow(
      "malformed response: 'organic_results' is not a list",
    );
  });
});
