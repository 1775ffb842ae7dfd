import { Agent, invokeFunctionTool, RunContext, run } from "@openai/agents-core";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { toAgentTools } from "../src/index.js";
import { functionCall, ScriptedModel, toolOutputs } from "./__fixtures__/scripted-model.js";

function registryWith(runs: string[] = []) {
  const registry = new ToolRegistry();
  registry.registerAll([
    tool({
      name: "get_order",
      description: "Reads an order.",
      parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      hints: { readOnly: true },
      execute: ({ id }) => {
        runs.push(`get ${id}`);
        return `order ${id}`;
      },
    }),
    tool({
      name: "cancel_order",
      description: "Cancels an order.",
      parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      requiresConfirmation: true,
      execute: ({ id }) => {
        runs.push(`cancel ${id}`);
        return `cancelled ${id}`;
      },
    }),
  ]);
  return registry;
}

describe("toAgentTools", () => {
  it("makes one non-strict function tool per registered tool, in registration order", () => {
    const tools = toAgentTools(registryWith());

    expect(
      tools.map(({ type, name, description, strict }) => ({ type, name, description, strict })),
    ).toEqual([
      { type: "function", name: "get_order", description: "Reads an order.", strict: false },
      { type: "function", name: "cancel_order", description: "Cancels an order.", strict: false },
    ]);
  });

  it("takes the tools named, in that order, and refuses a name that is not registered", () => {
    const registry = registryWith();

    expect(toAgentTools(registry, { names: ["cancel_order"] }).map((t) => t.name)).toEqual([
      "cancel_order",
    ]);
    expect(() => toAgentTools(registry, { names: ["get_order", "drop_table"] })).toThrow(
      new RangeError("no tool named 'drop_table' is registered"),
    );
  });

  it("shows the model the tool's own schema, as a copy it may not change", async () => {
    const registry = registryWith();
    const model = new ScriptedModel([]);
    await run(new Agent({ name: "a", model, tools: toAgentTools(registry) }), "hi");

    const sent = JSON.parse(JSON.stringify(model.requests[0]?.tools)) as { parameters: unknown }[];
    expect(sent.map((t) => t.parameters)).toEqual(registry.list().map((t) => t.inputSchema));
    const [first] = toAgentTools(registry);
    expect(first?.parameters).not.toBe(registry.get("get_order")?.inputSchema);
    expect(Object.keys(first?.parameters ?? {})).toEqual(
      Object.keys(registry.get("get_order")?.inputSchema ?? {}),
    );
  });

  it.each([
    ["a registry that is not one", () => toAgentTools({} as never), TypeError],
    ["options that are not an object", () => toAgentTools(registryWith(), 3 as never), TypeError],
    [
      "names that are not an array",
      () => toAgentTools(registryWith(), { names: "get_order" as never }),
      TypeError,
    ],
    [
      "a turn that is not one",
      () => toAgentTools(registryWith(), { turn: { check: 1 } as never }),
      TypeError,
    ],
  ])("throws a readable error for %s", (_, make, type) => {
    expect(make).toThrow(type);
  });

  it("answers a call of a tool unregistered since with the channel's unknown-tool error", async () => {
    const registry = registryWith();
    const tools = toAgentTools(registry);
    registry.unregister("get_order");
    const model = new ScriptedModel([[functionCall("c1", "get_order", '{"id": "7"}')]]);

    await run(new Agent({ name: "a", model, tools }), "order 7?");

    expect(toolOutputs(model.requests[1]).get("c1")).toBe(
      (await registry.execute("get_order", '{"id": "7"}')).text,
    );
  });

  it("never confirms a call the SDK did not put to a person (invoked directly)", async () => {
    const runs: string[] = [];
    const [, cancel] = toAgentTools(registryWith(runs));
    if (cancel === undefined) throw new Error("no tool");

    const output = await invokeFunctionTool({
      tool: cancel,
      runContext: new RunContext(),
      input: '{"id": "7"}',
      details: {
        toolCall: {
          type: "function_call",
          callId: "c1",
          name: "cancel_order",
          arguments: '{"id": "7"}',
        },
      },
    });

    expect(runs).toEqual([]);
    expect(String(output)).toContain("confirmation");
  });

  it("asks the registry's own confirm for a call that needs approval the SDK did not ask about", async () => {
    const runs: string[] = [];
    const asked: string[] = [];
    const registry = new ToolRegistry({
      confirm: ({ tool }) => {
        asked.push(tool.name);
        return true;
      },
    });
    registry.registerAll(registryWith(runs).list());
    const [, cancel] = toAgentTools(registry);
    if (cancel === undefined) throw new Error("no tool");

    await invokeFunctionTool({ tool: cancel, runContext: new RunContext(), input: '{"id": "7"}' });

    expect(asked).toEqual(["cancel_order"]);
    expect(runs).toEqual(["cancel 7"]);
  });
});
