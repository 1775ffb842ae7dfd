import { afterEach, describe, expect, it } from "vitest";
import { huge, json, startServer, type TestServer, text } from "../__fixtures__/test-server.js";
import { SearchProviderError } from "../search-provider-error.js";
import { readJson } from "./read-json.js";

const servers: TestServer[] = [];
const serve = async (...args: Parameters<typeof startServer>) => {
  const server = await startServer(...args);
  servers.push(server);
  return server;
};
const options = (overrides: Partial<Parameters<typeof readJson>[1]> = {}) => ({
  fetch: globalThis.fetch,
  maxBytes: 1024 * 1024,
  signal: new AbortController().signal,
  ...overrides,
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("readJson", () => {
  it("parses a JSON body", async () => {
    const server = await serve(json(200, { ok: [1, 2] }));
    expect(await readJson(server.url, options())).toEqual({ ok: [1, 2] });
  });

  it("refuses a body that is not JSON", async () => {
    const server = await serve(text(200, "<html>rate limited</html>"));
    await expect(readJson(server.url, options())).rejects.toThrow(
      new SearchProviderError("response is not JSON"),
    );
  });

  it("stops reading a streamed body past maxBytes", async () => {
    const server = await serve(huge(8 * 1024 * 1024));
    await expect(readJson(server.url, options({ maxBytes: 256 * 1024 }))).rejects.toThrow(
      "response too large (over 262144 bytes)",
    );
  });

  it("refuses a declared content-length over maxBytes without reading it", async () => {
    const server = await serve(json(200, { padding: "y".repeat(5000) }));
    await expect(readJson(server.url, options({ maxBytes: 1000 }))).rejects.toThrow(
      "response too large",
    );
  });

  it("refuses redirects, so the key header never reaches another host", async () => {
    const elsewhere = await serve(json(200, { stolen: true }));
    const redirecting = await serve((_request, response) => {
      response.writeHead(302, { location: `${elsewhere.url}/collect` });
      response.end();
    });
    const failure = readJson(
      redirecting.url,
      options({ headers: { "x-subscription-token": "k" } }),
    );
    await expect(failure).rejects.toThrow("HTTP 302: redirect refused");
    expect(elsewhere.requests).toEqual([]);
  });

  it("names a network failure by its code, never by a message that holds the URL", async () => {
    const server = await serve(json(200, {}));
    const url = `${server.url}/search.json?api_key=very-secret`;
    await server.close();
    const error = await readJson(url, options()).catch((caught: unknown) => caught);
    expect(SearchProviderError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe("request failed (ECONNREFUSED)");
  });

  it("rethrows an abort as is, so the caller can tell a timeout from a failure", async () => {
    const server = await serve(() => {});
    const controller = new AbortController();
    const pending = readJson(server.url, options({ signal: controller.signal }));
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
  });
});
