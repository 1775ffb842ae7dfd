import { Agent, run } from "@openai/agents-core";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { toAgentTools } from "../src/index.js";
import { functionCall, ScriptedModel, toolOutputs } from "./__fixtures__/scripted-model.js";

function refundRegistry(runs: unknown[]) {
  const registry = new ToolRegistry();
  registry.register(
    tool({
      name: "refund",
      parameters: {
        type: "object",
        properties: { order: { type: "integer" } },
        required: ["order"],
      },
      // Every valid call needs a person: an invalid one must still never be offered.
      requiresConfirmation: true,
      execute: (args) => {
        runs.push(args);
        return "refunded";
      },
    }),
  );
  return registry;
}

describe("an invalid call in the SDK's loop", () => {
  it.each([
    ["cut-off JSON", '{"order": 4'],
    ["text that is not JSON", "order 42 please"],
    ["JSON that is a number", "42"],
    ["JSON that is an array", '[{"order": 42}]'],
    ["JSON null", "null"],
    ["a wrong type", '{"order": "42"}'],
    ["a missing argument", "{}"],
    ["a hallucinated argument", '{"order": 42, "force": true}'],
    ["a prototype key", '{"order": 42, "__proto__": {"admin": true}}'],
  ])(
    "%s goes back to the model with toolgate's input error, never offered, never run",
    async (_, args) => {
      const runs: unknown[] = [];
      const registry = refundRegistry(runs);
      const expected = await registry.execute("refund", args);
      const model = new ScriptedModel([[functionCall("c1", "refund", args)]]);
      const agent = new Agent({ name: "a", model, tools: toAgentTools(registry) });

      const result = await run(agent, "refund order 42");

      expect(result.interruptions).toEqual([]);
      expect(runs).toEqual([]);
      expect(expected.isError).toBe(true);
      expect(toolOutputs(model.requests[1]).get("c1")).toBe(expected.text);
      expect(expected.text).toMatch(/input error|JSON|object/i);
    },
  );

  it("lets the model correct itself: the fixed call is then offered for approval", async () => {
    const runs: unknown[] = [];
    const model = new ScriptedModel([
      [functionCall("c1", "refund", '{"order": "forty-two"}')],
      [functionCall("c2", "refund", '{"order": 42}')],
    ]);
    const agent = new Agent({ name: "a", model, tools: toAgentTools(refundRegistry(runs)) });

    const result = await run(agent, "refund order 42");

    expect(result.interruptions.map((item) => item.rawItem)).toMatchObject([
      { callId: "c2", arguments: '{"order": 42}' },
    ]);
    expect(runs).toEqual([]);
  });
});
