import { afterEach, describe, expect, it } from "vitest";
import { duckDuckGoBody, json, startServer, type TestServer } from "../__fixtures__/test-server.js";
import { DuckDuckGoProvider } from "./duckduckgo.js";

const request = (maxResults = 10) => ({ maxResults, signal: new AbortController().signal });
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("DuckDuckGoProvider", () => {
  it("calls the Instant Answer API with the documented parameters and no key", async () => {
    server = await startServer(json(200, duckDuckGoBody()));
    const provider = new DuckDuckGoProvider({ baseUrl: server.url });
    expect(provider.unavailableReason()).toBeUndefined();
    await provider.search("node js & more", request());

    const url = new URL(server.requests[0]?.url ?? "", server.url);
    expect(url.pathname).toBe("/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: "node js & more",
      format: "json",
      no_html: "1",
      skip_disambig: "1",
    });
  });

  it("reads the abstract, related topics and the topics of grouped entries", async () => {
    server = await startServer(json(200, { ...duckDuckGoBody(), Answer: "An answer" }));
    const found = await new DuckDuckGoProvider({ baseUrl: server.url }).search("node", request());
    expect(found).toEqual({
      answer: "An answer",
      results: [
        {
          title: "Node.js",
          url: "https://en.wikipedia.org/wiki/Node.js",
          snippet: "Node.js is a JavaScript runtime.",
        },
        {
          title: "Deno (software)",
          url: "https://duckduckgo.com/Deno_(software)",
          snippet: "Deno (software) A runtime.",
        },
        {
          title: "V8 (JavaScript engine)",
          url: "https://duckduckgo.com/V8_(JavaScript_engine)",
          snippet: "V8 A JavaScript engine.",
        },
      ],
    });
  });

  it("stops at maxResults", async () => {
    server = await startServer(json(200, duckDuckGoBody()));
    const found = await new DuckDuckGoProvider({ baseUrl: server.url }).search("node", request(2));
    expect(found.results.map((result) => result.title)).toEqual(["Node.js", "Deno (software)"]);
  });

  it("returns no results for an empty instant answer", async () => {
    const empty = {
      Heading: "",
      AbstractText: "",
      AbstractURL: "",
      RelatedTopics: [],
      Results: [],
    };
    server = await startServer(json(200, empty));
    const found = await new DuckDuckGoProvider({ baseUrl: server.url }).search("zzz", request());
    expect(found).toEqual({ results: [] });
  });

  it("refuses RelatedTopics that are not a list", async () => {
    server = await startServer(json(200, { RelatedTopics: "nope" }));
    await expect(
      new DuckDuckGoProvider({ baseUrl: server.url }).search("q", request()),
    ).rejects.toThrow("malformed response: 'RelatedTopics' is not a list");
  });
});
