// A tool the permissions deny never runs and is never offered for approval: the model reads the
// denial as an error.
import { ToolPermissions } from "@toolgate/registry";
import { generateText, stepCountIs } from "ai";
import { describe, expect, it } from "vitest";
import { toAISDKTools } from "../src/index.js";
import { lastPrompt, resultsSeen, scriptedModel } from "./scripted-model.js";
import { shopRegistry } from "./shop-registry.js";

interface User {
  readonly role: "admin" | "clerk";
}

describe("a denied tool", () => {
  it.each([
    ["by name", new ToolPermissions<User>({ deny: ["refund"] }), undefined],
    ["by an allowlist", new ToolPermissions<User>({ allow: ["get_order"] }), undefined],
    [
      "by a per-call rule on the context",
      new ToolPermissions<User>({
        rule: (tool, _args, context) =>
          tool.name !== "refund" || context?.role === "admin" || "Only admins refund.",
      }),
      { role: "clerk" } as const,
    ],
  ])("%s never runs, even though it needs approval", async (_, permissions, context) => {
    let asked = 0;
    const { registry, ran } = shopRegistry<User>({
      permissions,
      confirm: () => {
        asked += 1;
        return true;
      },
    });
    const model = scriptedModel([
      { id: "c1", name: "refund", input: '{"order_id": "42", "cents": 500}' },
    ]);
    const result = await generateText({
      model,
      tools: toAISDKTools(registry, context === undefined ? {} : { context }),
      stopWhen: stepCountIs(3),
      prompt: "refund order 42",
    });
    expect(
      result.steps.flatMap((s) => s.content).some((p) => p.type === "tool-approval-request"),
    ).toBe(false);
    // The model reads the very refusal check() gives for this call and context.
    const check = registry.check("refund", { order_id: "42", cents: 500 }, { context });
    expect(check.status).toBe("refused");
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "error-text",
      value: check.status === "refused" ? check.response.text : "",
    });
    expect(ran).toEqual([]);
    expect(asked).toBe(0);
  });

  it("lets the admin's call through the per-call rule, after a person approves it", async () => {
    const { registry } = shopRegistry<User>({
      permissions: new ToolPermissions<User>({
        rule: (_tool, _args, context) => context?.role === "admin" || "Only admins refund.",
      }),
    });
    const result = await generateText({
      model: scriptedModel([
        { id: "c1", name: "refund", input: '{"order_id": "42", "cents": 500}' },
      ]),
      tools: toAISDKTools(registry, { context: { role: "admin" } }),
      stopWhen: stepCountIs(3),
      prompt: "go",
    });
    expect(result.content.some((p) => p.type === "tool-approval-request")).toBe(true);
  });
});
