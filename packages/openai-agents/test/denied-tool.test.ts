import { Agent, run } from "@openai/agents-core";
import { ToolPermissions, ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { toAgentTools } from "../src/index.js";
import { functionCall, ScriptedModel, toolOutputs } from "./__fixtures__/scripted-model.js";

interface Tenant {
  readonly user: string;
}

function registryWith(runs: string[], permissions: ToolPermissions<Tenant>) {
  const registry = new ToolRegistry<Tenant>({ permissions });
  registry.register(
    tool({
      name: "delete_note",
      parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      // Needs a person too: a denied call must not be shown to one.
      requiresConfirmation: true,
      execute: ({ id }) => {
        runs.push(String(id));
        return `deleted ${id}`;
      },
    }),
  );
  return registry;
}

describe("a denied tool in the SDK's loop", () => {
  it.each([
    ["a static deny", new ToolPermissions<Tenant>({ deny: ["delete_note"] }), "ada"],
    [
      "a per-call rule on the context",
      new ToolPermissions<Tenant>({
        rule: (_tool, _args, context) => context?.user === "admin" || "Only admins delete notes.",
      }),
      "bob",
    ],
  ])("never runs and is never offered for approval (%s)", async (_, permissions, user) => {
    const runs: string[] = [];
    const registry = registryWith(runs, permissions);
    const expected = await registry.execute("delete_note", '{"id": "n1"}', { context: { user } });
    const model = new ScriptedModel([[functionCall("c1", "delete_note", '{"id": "n1"}')]]);
    const agent = new Agent<Tenant>({
      name: "notes",
      model,
      tools: toAgentTools(registry, { context: (runContext) => runContext.context }),
    });

    const result = await run(agent, "delete n1", { context: { user } });

    expect(result.interruptions).toEqual([]);
    expect(runs).toEqual([]);
    expect(expected.isError).toBe(true);
    expect(toolOutputs(model.requests[1]).get("c1")).toBe(expected.text);
  });

  it("offers the same call for approval to a user the rule allows", async () => {
    const runs: string[] = [];
    const permissions = new ToolPermissions<Tenant>({
      rule: (_tool, _args, context) => context?.user === "admin" || "Only admins delete notes.",
    });
    const model = new ScriptedModel([[functionCall("c1", "delete_note", '{"id": "n1"}')]]);
    const agent = new Agent<Tenant>({
      name: "notes",
      model,
      tools: toAgentTools(registryWith(runs, permissions), {
        context: (runContext) => runContext.context,
      }),
    });

    const result = await run(agent, "delete n1", { context: { user: "admin" } });

    expect(result.interruptions).toHaveLength(1);
    expect(runs).toEqual([]);
  });
});
