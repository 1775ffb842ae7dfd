// A stand-in for an LLM that speaks the OpenAI Chat Completions format: its first turn asks for a
// batch of tool calls (some of them bad on purpose), its second turn answers from the results.
// No API key and no network: the demo must run anywhere.

export interface ToolCallMessage {
  role: "assistant";
  content: string | null;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
}

const call = (id: string, name: string, args: unknown) => ({
  id,
  type: "function" as const,
  function: { name, arguments: typeof args === "string" ? args : JSON.stringify(args) },
});

/** What each scripted call is meant to show. */
export const INTENTS: Record<string, string> = {
  call_calc: "a calculation",
  call_search: "read-only pair (1/2): web search",
  call_pages: "read-only pair (2/2): another calculation",
  call_note: "a notes append, which needs a human's yes",
  call_cli: "a CLI call with a dangerous flag",
  call_bad: "bad arguments (hallucinated and mistyped)",
  call_denied: "a tool from a denied origin",
  call_mcp: "an MCP tool whose result carries an injection",
};

export function scriptedModel(turn: number, lastToolResults: string[]): ToolCallMessage {
  if (turn === 0) {
    return {
      role: "assistant",
      content: null,
      tool_calls: [
        call("call_calc", "calculator", { expression: "(2**10 - 24) // 7 + 0.1 + 0.2" }),
        call("call_search", "search", { query: "toolgate execution channel", max_results: 2 }),
        call("call_pages", "calculator", { expression: "round(sqrt(2), 4)" }),
        call("call_note", "notes", {
          action: "append",
          path: "journal/today.md",
          content: "- tried toolgate: every call went through one gate",
        }),
        call("call_cli", "cli", { command: "find . -name '*.md' -delete" }),
        call("call_bad", "calculator", '{"expression": 42, "precision": "high"}'),
        call("call_denied", "wipe_workspace", {}),
        call("call_mcp", "docs_search_docs", { query: "tool validation" }),
      ],
    };
  }
  return {
    role: "assistant",
    content: `I made ${lastToolResults.length} tool calls; the gate ran the safe ones, asked before writing, and refused the rest.`,
  };
}
