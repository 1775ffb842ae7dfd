import { tool } from "@toolgate/tool-core";
import { encode } from "gpt-tokenizer";
import { describe, expect, it } from "vitest";
import { realTools } from "../../test/tool-search/real-registry.js";
import { toAnthropicTool, toOpenAITool } from "../provider-formats.js";
import { estimateTokens, estimateToolListTokens, estimateToolTokens } from "./estimate-tokens.js";

const PROSE =
  "Users of every agent runtime report the same pain: tool definitions eat the context before " +
  "any work starts (one GitHub MCP server is about 20,000 tokens; seven servers 67,000), and a " +
  "long tool list makes models choose worse.";

describe("estimateTokens against a real tokenizer (o200k_base, gpt-tokenizer)", () => {
  const tools = realTools();

  it("is within 5% over the 123 real tool definitions, and within 15% for each", () => {
    let real = 0;
    let estimated = 0;
    for (const item of tools) {
      const json = JSON.stringify(toOpenAITool(item));
      const exact = encode(json).length;
      const guess = estimateToolTokens(item);
      expect(Math.abs(guess - exact) / exact, item.name).toBeLessThanOrEqual(0.15);
      real += exact;
      estimated += guess;
    }
    expect(Math.abs(estimated - real) / real).toBeLessThanOrEqual(0.05);
  });

  it("is within 10% on English prose", () => {
    const exact = encode(PROSE).length;
    expect(Math.abs(estimateTokens(PROSE) - exact) / exact).toBeLessThanOrEqual(0.1);
  });

  it("estimates a formatted list as the JSON sent, in either format", () => {
    const list = tools.map(toAnthropicTool);
    const exact = encode(JSON.stringify(list)).length;
    expect(estimateToolListTokens(list)).toBe(estimateTokens(JSON.stringify(list)));
    expect(Math.abs(estimateToolListTokens(list) - exact) / exact).toBeLessThanOrEqual(0.1);
    expect(estimateToolTokens(tools[0]!, "anthropic")).toBe(
      estimateTokens(JSON.stringify(toAnthropicTool(tools[0]!))),
    );
  });
});

describe("estimateTokens edges", () => {
  it.each([
    ["", 0],
    ["hello", 1],
    [" hello world", 2],
    ["1234567", 3],
    ["\n\n\n", 3],
  ])("estimates %j as %i", (text, tokens) => {
    expect(estimateTokens(text)).toBe(tokens);
  });

  it("grows with text and never throws on hostile text", () => {
    const hostile = `${"\u0000\u202e\udfff".repeat(1000)}${"x".repeat(100_000)}`;
    expect(estimateTokens(hostile)).toBeGreaterThan(estimateTokens("x".repeat(100_000)));
  });

  it("refuses what is not a string, list or known format, readably", () => {
    const one = tool({ name: "one", execute: () => "ok" });
    expect(() => estimateTokens(42 as unknown as string)).toThrow(/takes a string/);
    expect(() => estimateToolListTokens("x" as unknown as unknown[])).toThrow(/array of tools/);
    expect(() => estimateToolTokens(one, "gemini" as "openai")).toThrow(/unknown format 'gemini'/);
  });
});
