import {
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Usage,
} from "@openai/agents-core";

/** One model response: its output items, fixed or made from the request. */
export type ScriptedStep =
  | readonly AgentOutputItem[]
  | ((request: ModelRequest) => AgentOutputItem[]);

/**
 * A `Model` for the SDK's own loop that answers from a script, one step per model call, and
 * then a final message "done". It records every request, so a test can read what the model was
 * shown (tool outputs, the tools' schemas).
 */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  readonly #steps: ScriptedStep[];

  constructor(steps: readonly ScriptedStep[]) {
    this.#steps = [...steps];
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const step = this.#steps.shift();
    const output =
      step === undefined
        ? [message("done")]
        : typeof step === "function"
          ? step(request)
          : [...step];
    return { usage: new Usage(), output };
  }

  // biome-ignore lint/correctness/useYield: the tests never stream; a stream would be a test bug.
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("ScriptedModel does not stream");
  }
}

/** A `function_call` output item, as the Responses API gives it. */
export function functionCall(callId: string, name: string, args: string): AgentOutputItem {
  return { type: "function_call", callId, name, arguments: args, status: "completed" };
}

/** A final assistant message. */
export function message(text: string): AgentOutputItem {
  return {
    type: "message",
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text }],
  };
}

/** The text of each tool output the model was shown in `request`, by call id. */
export function toolOutputs(request: ModelRequest | undefined): Map<string, string> {
  const outputs = new Map<string, string>();
  if (request === undefined || typeof request.input === "string") return outputs;
  for (const item of request.input) {
    if (item.type !== "function_call_result") continue;
    const { output } = item;
    const text =
      typeof output === "string"
        ? output
        : !Array.isArray(output) && output.type === "text"
          ? output.text
          : JSON.stringify(output);
    outputs.set(item.callId, text);
  }
  return outputs;
}
