import { Agent, type RunContext, run } from "@openai/agents-core";
import { ToolRegistry } from "@toolgate/registry";
import { ToolError, ToolResponse, tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { toAgentTools } from "../src/index.js";
import { functionCall, ScriptedModel, toolOutputs } from "./__fixtures__/scripted-model.js";

const schema = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
} as const;

function registryWith(seen: unknown[]) {
  const registry = new ToolRegistry<{ user: string }>();
  registry.registerAll([
    tool({
      name: "add",
      description: "Adds two numbers.",
      parameters: schema,
      hints: { readOnly: true },
      execute: (args, { context }) => {
        seen.push({ args, context });
        return String(Number(args.a) + Number(args.b));
      },
    }),
    tool({
      name: "lookup",
      parameters: { type: "object", properties: {} },
      hints: { readOnly: true },
      execute: () => {
        throw new ToolError("no such order");
      },
    }),
    tool({
      name: "partial",
      parameters: { type: "object", properties: {} },
      hints: { readOnly: true },
      execute: () => ToolResponse.partial("2 of 3 sources answered"),
    }),
  ]);
  return registry;
}

describe("a valid call in the SDK's loop", () => {
  it("runs through the channel once, with the context, and the model reads its text", async () => {
    const seen: unknown[] = [];
    const model = new ScriptedModel([[functionCall("c1", "add", '{"a": 2, "b": 3}')]]);
    const agent = new Agent({
      name: "calc",
      model,
      tools: toAgentTools(registryWith(seen), { context: { user: "ada" } }),
    });

    const result = await run(agent, "2+3?");

    expect(result.interruptions).toEqual([]);
    expect(result.finalOutput).toBe("done");
    expect(seen).toEqual([{ args: { a: 2, b: 3 }, context: { user: "ada" } }]);
    expect(toolOutputs(model.requests[1]).get("c1")).toBe("5");
  });

  it("takes the context from the SDK's run context when given a function", async () => {
    const seen: { context: unknown }[] = [];
    const model = new ScriptedModel([[functionCall("c1", "add", '{"a": 1, "b": 1}')]]);
    const agent = new Agent<{ user: string }>({
      name: "calc",
      model,
      tools: toAgentTools(registryWith(seen), {
        context: (runContext: RunContext<{ user: string }>) => ({ user: runContext.context.user }),
      }),
    });

    await run(agent, "1+1?", { context: { user: "grace" } });

    expect(seen.map((s) => s.context)).toEqual([{ user: "grace" }]);
  });

  it.each([
    [
      "a success",
      "add",
      '{"a": 1, "b": 2}',
      "3",
      { status: "success", isError: false, executed: true },
    ],
    [
      "a ToolError",
      "lookup",
      "{}",
      "no such order",
      { status: "error", isError: true, executed: true },
    ],
    [
      "a partial response",
      "partial",
      "{}",
      "2 of 3 sources answered",
      { status: "partial", isError: false, executed: true },
    ],
    [
      "a refusal before the run",
      "add",
      '{"a": 1}',
      "(input error: missing required argument 'b')",
      { status: "error", isError: true, executed: false },
    ],
  ] as const)("keeps the text and the error flag of %s", async (_, name, args, text, data) => {
    const model = new ScriptedModel([[functionCall("c1", name, args)]]);
    const agent = new Agent({ name: "a", model, tools: toAgentTools(registryWith([])) });

    const result = await run(agent, "go");

    const output = result.newItems.find((item) => item.type === "tool_call_output_item");
    expect(toolOutputs(model.requests[1]).get("c1")).toBe(text);
    expect(output?.type === "tool_call_output_item" ? output.customData : undefined).toEqual(data);
  });

  it("hands the run's abort signal to the call: cancelling the run cancels the tool", async () => {
    const controller = new AbortController();
    let aborted = false;
    const registry = new ToolRegistry();
    registry.register(
      tool({
        name: "wait",
        hints: { readOnly: true },
        execute: (_args, { signal }) =>
          new Promise<string>((resolve) => {
            signal.addEventListener("abort", () => {
              aborted = true;
              resolve("stopped");
            });
            controller.abort(); // the app cancels the run while the tool runs
          }),
      }),
    );
    const model = new ScriptedModel([[functionCall("c1", "wait", "{}")]]);
    const agent = new Agent({ name: "a", model, tools: toAgentTools(registry) });

    await run(agent, "wait", { signal: controller.signal }).catch(() => undefined);

    expect(aborted).toBe(true);
  }, 5_000);

  it("keeps the error flag in the serialized run state", async () => {
    const model = new ScriptedModel([[functionCall("c1", "lookup", "{}")]]);
    const agent = new Agent({ name: "a", model, tools: toAgentTools(registryWith([])) });

    const result = await run(agent, "go");

    const saved = JSON.parse(result.state.toString()) as {
      generatedItems: { type: string; customData?: unknown }[];
    };
    const output = saved.generatedItems.find((item) => item.type === "tool_call_output_item");
    expect(output?.customData).toEqual({ status: "error", isError: true, executed: true });
  });
});
