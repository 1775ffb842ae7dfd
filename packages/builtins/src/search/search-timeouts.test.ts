import { ToolDefinitionError } from "@toolgate/tool-core";
import { MAX_TIMER_MS } from "@toolgate/tool-core/internal";
import { describe, expect, it } from "vitest";
import { DuckDuckGoProvider } from "./providers/duckduckgo.js";
import type { SearchProvider } from "./search-provider.js";
import { SearchTool } from "./search-tool.js";

// The tool's, each built-in provider's and a custom provider's timeoutMs are read by tool-core's
// one timeout rule (timeoutOption); these pin that each goes through it.
const BAD: readonly [string, unknown, RegExp][] = [
  ["Infinity", Number.POSITIVE_INFINITY, /got Infinity \(use null for no limit\)/],
  ["a fraction", 2.5, /got 2\.5$/],
  ["more than a timer holds", MAX_TIMER_MS + 1, /got 2147483648$/],
  ["a string", "1s", /got "1s"$/],
];
const search = async () => ({ results: [{ title: "t", url: "https://r.example/", snippet: "s" }] });
const context = () => ({ signal: new AbortController().signal });

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("nothing was thrown");
}

describe("search timeouts", () => {
  describe.each([
    ["the tool's", "search: timeoutMs", (t: unknown) => new SearchTool({ timeoutMs: t as number })],
    [
      "a built-in provider's",
      "duckduckgo provider: timeoutMs",
      (t: unknown) => new DuckDuckGoProvider({ timeoutMs: t as number }),
    ],
    [
      "a custom provider's",
      "search: provider 'mine' timeoutMs",
      (t: unknown) =>
        new SearchTool({ providers: [{ name: "mine", timeoutMs: t as number, search }] }),
    ],
  ])("%s timeoutMs", (_, option, make) => {
    it.each(BAD)("refuses %s, naming the option", (_, value, detail) => {
      const error = thrown(() => make(value));
      expect(ToolDefinitionError.isInstance(error)).toBe(true);
      expect(error.message.startsWith(`${option} must be a whole number of milliseconds`)).toBe(
        true,
      );
      expect(error.message).toMatch(detail);
    });

    it.each([null, MAX_TIMER_MS, 1])("takes %s", (value) => {
      expect(() => make(value)).not.toThrow();
    });
  });

  it("waits without limit for a provider whose timeoutMs is null, under a short tool limit", async () => {
    const slow: SearchProvider = {
      name: "slow",
      timeoutMs: null,
      search: () =>
        new Promise((resolve) =>
          setTimeout(
            () =>
              resolve({ results: [{ title: "late", url: "https://r.example/", snippet: "s" }] }),
            80,
          ),
        ),
    };
    const tool = new SearchTool({ providers: [slow], timeoutMs: 10 });
    const response = await tool.run({ query: "q" }, context());
    expect(response.status).toBe("success");
    expect(response.text).toContain("late");
  });

  it("waits without limit when the tool's timeoutMs is null", async () => {
    let signal: AbortSignal | undefined;
    const probe: SearchProvider = {
      name: "probe",
      search: (_query, request) => {
        signal = request.signal;
        return search();
      },
    };
    const callSignal = new AbortController().signal;
    await new SearchTool({ providers: [probe], timeoutMs: null }).run(
      { query: "q" },
      { signal: callSignal },
    );
    // No deadline is added: the provider gets the call's own signal.
    expect(signal).toBe(callSignal);
  });

  it("a provider's own limit still beats the tool's null", async () => {
    const stubborn: SearchProvider = {
      name: "stubborn",
      timeoutMs: 30,
      search: () => new Promise(() => {}),
    };
    const response = await new SearchTool({ providers: [stubborn], timeoutMs: null }).run(
      { query: "q" },
      context(),
    );
    expect(response.text).toContain("stubborn: timed out after 30 ms");
  });
});
