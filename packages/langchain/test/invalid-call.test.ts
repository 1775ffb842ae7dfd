import { type ToolEvent, ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { scriptedAgent, textSeenByModel, toolMessages } from "./__fixtures__/scripted-agent.js";

const cases = [
  { args: { to: 42 }, error: "(input error: 'to' must be string, got integer)" },
  { args: {}, error: "(input error: missing required argument 'to')" },
  { args: { to: "ada", cc: "eve" }, error: "(input error: unknown argument 'cc')" },
  {
    args: { to: ["ada"], bcc: true },
    error: "(input error: unknown argument 'bcc'; 'to' must be string, got array)",
  },
];

describe("an invalid call in createAgent's loop", () => {
  it.each(cases)(
    "goes back to the model with toolgate's input error: $error",
    async ({ args, error }) => {
      const runs: unknown[] = [];
      const events: ToolEvent[] = [];
      const registry = new ToolRegistry({ onEvent: (event) => events.push(event) });
      registry.register(
        tool({
          name: "send_email",
          parameters: { type: "object", properties: { to: { type: "string" } }, required: ["to"] },
          // Needs approval: an invalid call must still never be offered to a person.
          requiresConfirmation: true,
          execute: (valid) => runs.push(valid),
        }),
      );
      const agent = scriptedAgent(registry, [[{ name: "send_email", args, id: "c1" }]]);
      const result = await agent.start();
      expect(result.__interrupt__).toBeUndefined();
      expect(toolMessages(result).get("c1")?.status).toBe("error");
      expect(textSeenByModel(agent.model, "c1")).toBe(error);
      expect(runs).toEqual([]);
      expect(events.map((event) => event.type)).toEqual(["invalid"]);
    },
  );
});
