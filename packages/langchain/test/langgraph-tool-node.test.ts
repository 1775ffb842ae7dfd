import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import {
  Command,
  END,
  interrupt,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
} from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { toLangChainTools } from "../src/index.js";

describe("a LangGraph graph with the prebuilt ToolNode and a checkpointer", () => {
  it("pauses for approval and resumes; the node's other calls run again on resume (LangGraph's rule)", async () => {
    const runs: string[] = [];
    const registry = new ToolRegistry();
    registry.registerAll([
      tool({ name: "read", hints: { readOnly: true }, execute: () => runs.push("read") }),
      tool({ name: "send", requiresConfirmation: true, execute: () => runs.push("send") }),
    ]);
    const tools = toLangChainTools(registry, { interrupt });
    const model = fakeModel()
      .respondWithTools([
        { name: "read", args: {}, id: "c1" },
        { name: "send", args: {}, id: "c2" },
      ])
      .respond(new AIMessage("done"));
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("model", async (state) => ({ messages: [await model.invoke(state.messages)] }))
      .addNode("tools", new ToolNode(tools))
      .addEdge(START, "model")
      .addConditionalEdges("model", toolsCondition, ["tools", END])
      .addEdge("tools", "model")
      .compile({ checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "t1" } };

    const paused = (await graph.invoke({ messages: [new HumanMessage("go")] }, thread)) as {
      __interrupt__?: unknown[];
    };
    expect(paused.__interrupt__).toHaveLength(1);
    expect(runs).toEqual(["read"]);
    const done = await graph.invoke(new Command({ resume: { approved: true } }), thread);
    expect(runs.sort()).toEqual(["read", "read", "send"]);
    const statuses = done.messages
      .filter((message) => ToolMessage.isInstance(message))
      .map((message) => [(message as ToolMessage).tool_call_id, (message as ToolMessage).status]);
    expect(statuses).toEqual([
      ["c1", "success"],
      ["c2", "success"],
    ]);
  });
});
