// A LangChain agent loop (createAgent with a checkpointer) driven by LangChain's own fake
// tool-calling model, so the tests run the framework's real loop with toolgate's tools.
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, interrupt, MemorySaver } from "@langchain/langgraph";
import type { ToolRegistry } from "@toolgate/registry";
import { createAgent } from "langchain";
import { type LangChainToolsOptions, toLangChainTools } from "../../src/index.js";

/** One tool call the fake model makes. */
export interface ScriptedCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly id: string;
}

/** What one run or resume of the agent answered. */
export interface RunResult {
  readonly messages: BaseMessage[];
  /** The graph's pending interrupts, when the run paused. */
  readonly __interrupt__?: { id: string; value: unknown }[];
}

/**
 * An agent whose model makes `turns` (each a list of tool calls in one message), then answers
 * "done". Approvals use LangGraph's `interrupt` unless `options.interrupt` says otherwise.
 */
export function scriptedAgent<TContext>(
  registry: ToolRegistry<TContext>,
  turns: readonly (readonly ScriptedCall[])[],
  options: LangChainToolsOptions<TContext> = { interrupt },
) {
  const model = fakeModel();
  for (const calls of turns) model.respondWithTools([...calls]);
  model.respond(new AIMessage("done"));
  const agent = createAgent({
    model,
    tools: toLangChainTools(registry, options),
    checkpointer: new MemorySaver(),
  });
  const config = { configurable: { thread_id: "thread-1" } };
  return {
    model,
    /** Starts the run with a user message. */
    start: (text = "go", extra: Record<string, unknown> = {}) =>
      agent.invoke(
        { messages: [new HumanMessage(text)] },
        { ...config, ...extra },
      ) as Promise<RunResult>,
    /** Resumes a paused run with a decision (or LangGraph's map of interrupt id to decision). */
    resume: (resume: unknown, extra: Record<string, unknown> = {}) =>
      agent.invoke(new Command({ resume }), { ...config, ...extra }) as Promise<RunResult>,
  };
}

/** The tool messages of a run, by tool call id. */
export function toolMessages(result: RunResult): Map<string, ToolMessage> {
  const byId = new Map<string, ToolMessage>();
  for (const message of result.messages) {
    if (ToolMessage.isInstance(message)) byId.set(message.tool_call_id, message);
  }
  return byId;
}

/** The text the model read for one call: the `ToolMessage` content in its next request. */
export function textSeenByModel(
  model: ReturnType<typeof fakeModel>,
  callId: string,
): string | undefined {
  for (const call of model.calls) {
    for (const message of call.messages) {
      if (ToolMessage.isInstance(message) && message.tool_call_id === callId) {
        return String(message.content);
      }
    }
  }
  return undefined;
}
