import { interrupt } from "@langchain/langgraph";
import { ToolPermissions, ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { scriptedAgent, textSeenByModel, toolMessages } from "./__fixtures__/scripted-agent.js";

describe("a denied tool in createAgent's loop", () => {
  it("never runs, is never offered for approval, and the model reads the reason", async () => {
    const runs: string[] = [];
    const registry = new ToolRegistry({ permissions: new ToolPermissions({ deny: ["wipe"] }) });
    registry.register(
      tool({ name: "wipe", requiresConfirmation: true, execute: () => runs.push("wipe") }),
    );
    const agent = scriptedAgent(registry, [[{ name: "wipe", args: {}, id: "c1" }]]);
    const result = await agent.start();
    expect(result.__interrupt__).toBeUndefined();
    expect(runs).toEqual([]);
    expect(toolMessages(result).get("c1")?.status).toBe("error");
    const denial = await registry.execute("wipe", {});
    expect(denial.text).toContain("wipe");
    expect(textSeenByModel(agent.model, "c1")).toBe(denial.text);
  });

  it.each([
    { user: "admin", ran: true, status: "success" },
    { user: "bob", ran: false, status: "error" },
  ])("follows a per-call rule on LangGraph's run context: $user", async ({ user, ran, status }) => {
    interface Tenant {
      readonly user: string;
    }
    const runs: string[] = [];
    const registry = new ToolRegistry<Tenant>({
      permissions: new ToolPermissions<Tenant>({
        rule: (_tool, _args, context) => context?.user === "admin" || "Only admins delete notes.",
      }),
    });
    registry.register(
      tool({
        name: "delete_note",
        execute: (_args, { context }) => runs.push((context as Tenant).user),
      }),
    );
    const agent = scriptedAgent(registry, [[{ name: "delete_note", args: {}, id: "c1" }]], {
      interrupt,
      context: (config) => config.context as Tenant,
    });
    const result = await agent.start("go", { context: { user } });
    expect(runs).toEqual(ran ? [user] : []);
    expect(toolMessages(result).get("c1")?.status).toBe(status);
    if (!ran) expect(textSeenByModel(agent.model, "c1")).toBe("Only admins delete notes.");
  });
});
