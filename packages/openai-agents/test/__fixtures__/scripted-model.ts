import {
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  Usage,
} from "@openai/agents-core";

type ResponseOutput = Extract<StreamEvent, { type: "response_done" }>["response"]["output"];

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
    return { usage: new Usage(), output: this.#next(request) };
  }

  /** The same step as one `response_done` event, for streamed runs. */
  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const output = this.#next(request);
    const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    // The stream's item type is the wire protocol's, which a scripted AgentOutputItem[] matches
    // at runtime; TypeScript cannot see that the two unions agree on the items used here.
    yield {
      type: "response_done",
      response: { id: `resp_${this.requests.length}`, usage, output: output as ResponseOutput },
    };
  }

  #next(request: ModelRequest): AgentOutputItem[] {
    this.requests.push(request);
    const step = this.#steps.shift();
    if (step === undefined) return [message("done")];
    return typeof step === "function" ? step(request) : [...step];
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
