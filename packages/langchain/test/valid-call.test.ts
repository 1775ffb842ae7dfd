import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { scriptedAgent, textSeenByModel, toolMessages } from "./__fixtures__/scripted-agent.js";

const schema = {
  type: "object",
  properties: { a: { type: "integer" }, b: { type: "integer" } },
  required: ["a", "b"],
} as const;

function adder(runs: unknown[]) {
  const registry = new ToolRegistry();
  registry.register(
    tool({
      name: "add",
      description: "Adds two integers.",
      parameters: schema,
      hints: { readOnly: true },
      execute: (args) => {
        runs.push(args);
        return `${(args.a as number) + (args.b as number)}`;
      },
    }),
  );
  return registry;
}

describe("a valid call in createAgent's loop", () => {
  it("runs once through the channel and the model reads the registry's text", async () => {
    const runs: unknown[] = [];
    const agent = scriptedAgent(adder(runs), [[{ name: "add", args: { a: 2, b: 3 }, id: "c1" }]]);
    const result = await agent.start();
    expect(runs).toEqual([{ a: 2, b: 3 }]);
    const message = toolMessages(result).get("c1");
    expect(message?.status).toBe("success");
    expect(message?.name).toBe("add");
    expect(textSeenByModel(agent.model, "c1")).toBe("5");
    expect(result.messages.at(-1)?.content).toBe("done");
  });
});
