import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { braveBody, json, startServer, type TestServer } from "../__fixtures__/test-server.js";
import { BraveProvider } from "./brave.js";

const request = () => ({ maxResults: 4, signal: new AbortController().signal });
let server: TestServer | undefined;

beforeEach(() => {
  vi.stubEnv("BRAVE_API_KEY", "");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
});

describe("BraveProvider", () => {
  it("GETs web search with q, count and the subscription-token header", async () => {
    server = await startServer(json(200, braveBody(2)));
    const provider = new BraveProvider({ apiKey: "brave-secret", baseUrl: server.url });
    const found = await provider.search("rust async", request());

    expect(found.results).toEqual([
      {
        title: "Brave result 1",
        url: "https://brave.example/1",
        snippet: "Brave <strong>snippet</strong> 1 &amp; more",
      },
      {
        title: "Brave result 2",
        url: "https://brave.example/2",
        snippet: "Brave <strong>snippet</strong> 2 &amp; more",
      },
    ]);
    const [sent] = server.requests;
    const url = new URL(sent?.url ?? "", server.url);
    expect(url.pathname).toBe("/res/v1/web/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: "rust async", count: "4" });
    expect(sent?.headers["x-subscription-token"]).toBe("brave-secret");
    expect(sent?.headers.accept).toBe("application/json");
  });

  it("is unavailable without BRAVE_API_KEY", () => {
    expect(new BraveProvider().unavailableReason()).toMatch(/BRAVE_API_KEY/);
    vi.stubEnv("BRAVE_API_KEY", "  ");
    expect(new BraveProvider().unavailableReason()).toMatch(/no API key/);
  });

  it("treats a response without web results as no results", async () => {
    server = await startServer(json(200, { type: "search", query: { original: "q" } }));
    const provider = new BraveProvider({ apiKey: "k", baseUrl: server.url });
    expect(await provider.search("q", request())).toEqual({ results: [] });
  });

  it("refuses web.results that are not a list", async () => {
    server = await startServer(json(200, { web: { results: 3 } }));
    const provider = new BraveProvider({ apiKey: "k", baseUrl: server.url });
    await expect(provider.search("q", request())).rejects.toThrow(
      "malformed response: 'web.results' is not a list",
    );
  });
});
