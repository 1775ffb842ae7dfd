import type { Tool } from "@toolgate/tool-core";
import { toAnthropicTool, toOpenAITool } from "../provider-formats.js";

// Pieces the way BPE pre-tokenizers cut text (o200k_base, cl100k_base): a run of letters with
// an optional leading space, up to three digits, a run of punctuation, or whitespace.
const PIECE = / ?[A-Za-z]+| ?\d{1,3}| ?[^\sA-Za-z\d]+|\s+/g;
// A letter run up to WHOLE_WORD letters is mostly one token in those vocabularies; longer ones
// split into pieces of about LETTERS_PER_TOKEN letters; JSON punctuation runs (`":"`, `"},"`)
// merge into tokens of about PUNCTUATION_PER_TOKEN characters. Calibrated against o200k_base
// (gpt-tokenizer) on the JSON of real servers' tool definitions: see estimate-tokens.test.ts.
const WHOLE_WORD = 10;
const LETTERS_PER_TOKEN = 7;
const PUNCTUATION_PER_TOKEN = 4;

/**
 * A cheap estimate of how many tokens `text` costs a model: within a few percent of OpenAI's
 * o200k_base tokenizer over a list of tool definitions and over English prose, within about 15%
 * for one definition. It needs no vocabulary, so it is small and fast; count with the model's
 * own tokenizer where the exact figure matters. Other vendors' tokenizers differ.
 *
 * @example
 * estimateTokens(JSON.stringify(registry.toOpenAITools())); // what the tool list costs a turn
 */
export function estimateTokens(text: string): number {
  if (typeof text !== "string") throw new TypeError("estimateTokens takes a string");
  let tokens = 0;
  for (const [piece] of text.matchAll(PIECE)) {
    const first = piece.charCodeAt(0);
    const body = first === 32 && piece.length > 1 ? piece.length - 1 : piece.length;
    const code = piece.charCodeAt(piece.length - 1);
    if (isLetter(code)) tokens += body <= WHOLE_WORD ? 1 : Math.ceil(body / LETTERS_PER_TOKEN);
    else if (code >= 48 && code <= 57) tokens += 1;
    else if (first === 32 || first === 10 || first === 9 || first === 13) {
      // Whitespace: a run of spaces is one token; each further line break about one more.
      tokens +=
        piece.trim() === ""
          ? Math.max(1, countBreaks(piece))
          : Math.ceil(body / PUNCTUATION_PER_TOKEN);
    } else tokens += Math.ceil(body / PUNCTUATION_PER_TOKEN);
  }
  return tokens;
}

/** The provider format a definition is estimated in. */
export type TokenEstimateFormat = "openai" | "anthropic";

/**
 * The estimated tokens of one tool's definition as a provider receives it: the JSON of its
 * OpenAI Chat Completions entry (default) or its Anthropic entry. Remembered per tool.
 */
export function estimateToolTokens(
  tool: Tool<object>,
  format: TokenEstimateFormat = "openai",
): number {
  const cache =
    format === "openai" ? openAICache : format === "anthropic" ? anthropicCache : undefined;
  if (cache === undefined)
    throw new TypeError(`estimateToolTokens: unknown format '${String(format)}'`);
  let tokens = cache.get(tool);
  if (tokens === undefined) {
    const entry = format === "openai" ? toOpenAITool(tool) : toAnthropicTool(tool);
    tokens = estimateTokens(JSON.stringify(entry));
    cache.set(tool, tokens);
  }
  return tokens;
}

/**
 * The estimated tokens of a formatted tool list, exactly as you send it (the array from
 * `toOpenAITools()`, `toAnthropicTools()` or `toOpenAIResponsesTools()`).
 */
export function estimateToolListTokens(tools: readonly unknown[]): number {
  if (!Array.isArray(tools)) throw new TypeError("estimateToolListTokens takes an array of tools");
  return estimateTokens(JSON.stringify(tools));
}

const openAICache = new WeakMap<Tool<object>, number>();
const anthropicCache = new WeakMap<Tool<object>, number>();

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function countBreaks(whitespace: string): number {
  let breaks = 0;
  for (const char of whitespace) if (char === "\n") breaks++;
  return breaks;
}
