import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { asSchema, generateText, stepCountIs } from "ai";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { lastPrompt, resultsSeen, scriptedModel } from "../test/scripted-model.js";
import { toModelOutput } from "./ai-sdk-tool-output.js";
import { toAISDKTools } from "./to-ai-sdk-tools.js";

function twoTools() {
  const registry = new ToolRegistry();
  registry.registerAll([
    tool({
      name: "a",
      description: "Tool a",
      parameters: Type.Object({ x: Type.String({ description: "the x" }) }),
      execute: () => "a",
    }),
    tool({ name: "b", execute: () => "b" }),
  ]);
  return registry;
}

describe("toAISDKTools", () => {
  it("makes one AI SDK tool per registered tool, with its description and schema", async () => {
    const registry = twoTools();
    const tools = toAISDKTools(registry);
    expect(Object.keys(tools)).toEqual(["a", "b"]);
    expect(tools.a?.description).toBe("Tool a");
    expect(await asSchema(tools.a?.inputSchema).jsonSchema).toEqual(registry.get("a")?.inputSchema);
  });

  it("hands the AI SDK a copy of the schema, which a provider may annotate", async () => {
    const registry = twoTools();
    const schema = (await asSchema(toAISDKTools(registry).a?.inputSchema).jsonSchema) as Record<
      string,
      unknown
    >;
    expect(schema).not.toBe(registry.get("a")?.inputSchema);
    schema.title = "annotated";
    expect(registry.get("a")?.inputSchema).not.toHaveProperty("title");
  });

  it("gives the AI SDK no validator, so every parsed call reaches the channel", () => {
    expect(asSchema(toAISDKTools(twoTools()).a?.inputSchema).validate).toBeUndefined();
  });

  it("selects tools by name, in the order given", () => {
    expect(Object.keys(toAISDKTools(twoTools(), { names: ["b"] }))).toEqual(["b"]);
    expect(() => toAISDKTools(twoTools(), { names: ["a", "nope"] })).toThrow(RangeError);
  });

  it.each<[string, () => unknown]>([
    ["a registry that is not one", () => toAISDKTools({} as ToolRegistry)],
    ["options that are not an object", () => toAISDKTools(twoTools(), "x" as never)],
    ["a turn that is not one", () => toAISDKTools(twoTools(), { turn: {} as never })],
    ["names that are not a list", () => toAISDKTools(twoTools(), { names: "a" as never })],
  ])("refuses %s with a TypeError", (_, make) => {
    expect(make).toThrow(TypeError);
  });

  it("answers an error, runs nothing and offers nothing when the context function throws", async () => {
    let ran = 0;
    const registry = new ToolRegistry();
    registry.register(
      tool({
        name: "act",
        requiresConfirmation: true,
        execute: () => {
          ran += 1;
        },
      }),
    );
    const model = scriptedModel([{ id: "c1", name: "act", input: "{}" }]);
    const result = await generateText({
      model,
      tools: toAISDKTools(registry, {
        context: () => {
          throw new Error("session secret-token-123 expired");
        },
      }),
      stopWhen: stepCountIs(3),
      prompt: "go",
    });
    expect(result.content.some((p) => p.type === "tool-approval-request")).toBe(false);
    expect(ran).toBe(0);
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "error-text",
      value: "Tool 'act' failed: its per-call context could not be made (Error)",
    });
  });
});

describe("toModelOutput", () => {
  it.each<[string, unknown, unknown]>([
    ["an error", { status: "error", text: "no" }, { type: "error-text", value: "no" }],
    ["a partial answer", { status: "partial", text: "some" }, { type: "text", value: "some" }],
    ["a success", { status: "success", text: "yes" }, { type: "text", value: "yes" }],
    ["a string from an edited history", "plain", { type: "text", value: "plain" }],
    [
      "another shape",
      { status: "weird", text: "x" },
      { type: "json", value: { status: "weird", text: "x" } },
    ],
    [
      "a text that is not a string",
      { status: "error", text: 5 },
      { type: "json", value: { status: "error", text: 5 } },
    ],
    ["nothing", undefined, { type: "json", value: null }],
  ])("turns %s into the model's output", (_, output, expected) => {
    expect(toModelOutput(output)).toEqual(expected);
  });
});
