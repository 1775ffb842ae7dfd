// A valid call in the AI SDK's own loop runs once through the channel, and the model reads the
// registry's text unchanged, with the error flag kept.
import { ToolRegistry } from "@toolgate/registry";
import { ToolResponse, tool } from "@toolgate/tool-core";
import { generateText, stepCountIs, streamText, ToolLoopAgent } from "ai";
import { describe, expect, it } from "vitest";
import { toAISDKTools } from "../src/index.js";
import { lastPrompt, resultsSeen, scriptedModel } from "./scripted-model.js";
import { shopRegistry } from "./shop-registry.js";

describe("a valid call in generateText's loop", () => {
  it("runs once with the model's arguments, and the model reads the text as text", async () => {
    const { registry, ran, events } = shopRegistry();
    const model = scriptedModel([{ id: "c1", name: "get_order", input: '{"order_id": "42"}' }]);
    const result = await generateText({
      model,
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(3),
      prompt: "where is order 42?",
    });
    expect(ran).toEqual([{ tool: "get_order", args: { order_id: "42" }, context: undefined }]);
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "text",
      value: "order 42: shipped",
    });
    expect(result.text).toBe("done");
    expect(result.steps[0]?.toolResults[0]?.output).toEqual({
      status: "success",
      text: "order 42: shipped",
    });
    expect(events.filter((e) => e.type === "start").map((e) => e.callId)).toEqual(["c1"]);
  });

  it.each([
    ["an error response", ToolResponse.error("no such order; check the id"), "error-text"],
    ["a partial response", ToolResponse.partial("2 of 3 sources answered"), "text"],
    ["a success", ToolResponse.ok("fine"), "text"],
  ] as const)("keeps the status of %s (%s)", async (_, response, type) => {
    const registry = new ToolRegistry();
    registry.register(tool({ name: "answer", execute: () => response }));
    const model = scriptedModel([{ id: "c1", name: "answer", input: "" }]);
    await generateText({
      model,
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(3),
      prompt: "go",
    });
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({ type, value: response.text });
  });

  it("answers a tool that throws with the channel's hygienic text, as an error", async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool({
        name: "db",
        execute: () => {
          throw new Error("connect postgres://admin:hunter2@db failed");
        },
      }),
    );
    const model = scriptedModel([{ id: "c1", name: "db", input: "{}" }]);
    await generateText({
      model,
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(3),
      prompt: "go",
    });
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "error-text",
      value: "Tool 'db' failed: Error",
    });
  });

  it("gives each call the per-call context, a value or made from experimental_context", async () => {
    const fixed = shopRegistry<{ user: string }>();
    await generateText({
      model: scriptedModel([{ id: "c1", name: "get_order", input: '{"order_id": "1"}' }]),
      tools: toAISDKTools(fixed.registry, { context: { user: "ada" } }),
      stopWhen: stepCountIs(3),
      prompt: "go",
    });
    expect(fixed.ran[0]?.context).toEqual({ user: "ada" });

    const made = shopRegistry<{ user: string }>();
    await generateText({
      model: scriptedModel([{ id: "c1", name: "get_order", input: '{"order_id": "1"}' }]),
      tools: toAISDKTools(made.registry, {
        context: (run) => ({ user: (run as { session: string }).session }),
      }),
      experimental_context: { session: "grace" },
      stopWhen: stepCountIs(3),
      prompt: "go",
    });
    expect(made.ran[0]?.context).toEqual({ user: "grace" });
  });
});

describe("a valid call in streamText's loop", () => {
  it("runs once and the model reads the text", async () => {
    const { registry, ran } = shopRegistry();
    const model = scriptedModel([{ id: "c1", name: "get_order", input: '{"order_id": "7"}' }]);
    const result = streamText({
      model,
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(3),
      prompt: "go",
    });
    expect(await result.text).toBe("done");
    expect(ran.map((r) => r.tool)).toEqual(["get_order"]);
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "text",
      value: "order 7: shipped",
    });
  });
});

describe("a valid call in ToolLoopAgent's loop", () => {
  it("runs once and the model reads the text", async () => {
    const { registry, ran } = shopRegistry();
    const model = scriptedModel([{ id: "c1", name: "get_order", input: '{"order_id": "9"}' }]);
    const agent = new ToolLoopAgent({
      model,
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(3),
    });
    const result = await agent.generate({ prompt: "where is order 9?" });
    expect(result.text).toBe("done");
    expect(ran.map((r) => r.tool)).toEqual(["get_order"]);
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "text",
      value: "order 9: shipped",
    });
  });
});
