// An invalid call reaches the channel (the AI SDK is given no validator), goes back to the model
// as toolgate's input error, and is never offered to a person for approval.
import { confirmUnlessReadOnly } from "@toolgate/registry";
import { generateText, stepCountIs } from "ai";
import { describe, expect, it } from "vitest";
import { toAISDKTools } from "../src/index.js";
import { lastPrompt, resultsSeen, scriptedModel } from "./scripted-model.js";
import { shopRegistry } from "./shop-registry.js";

describe("an invalid call", () => {
  it.each([
    ["a wrong type", '{"order_id": "42", "cents": "500"}', "'cents' must be integer, got string"],
    ["a missing argument", '{"cents": 500}', "missing required argument 'order_id'"],
    [
      "an unknown argument",
      '{"order_id": "42", "cents": 5, "note": "x"}',
      "unknown argument 'note'",
    ],
    ["a value out of range", '{"order_id": "42", "cents": 0}', "'cents'"],
    ["an array instead of an object", "[1, 2]", "(input error:"],
    ["a number instead of an object", "42", "(input error:"],
  ])("with %s answers toolgate's input error and asks no one", async (_, input, expected) => {
    let asked = 0;
    const { registry, ran, events } = shopRegistry({
      confirm: () => {
        asked += 1;
        return true;
      },
      confirmationPolicy: confirmUnlessReadOnly(),
    });
    const model = scriptedModel([{ id: "c1", name: "refund", input }]);
    const result = await generateText({
      model,
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(3),
      prompt: "refund order 42",
    });
    // Never offered for approval: the loop went on to the model's next step.
    expect(
      result.steps.flatMap((s) => s.content).some((p) => p.type === "tool-approval-request"),
    ).toBe(false);
    expect(result.text).toBe("done");
    const seen = resultsSeen(lastPrompt(model)).get("c1");
    expect(seen?.type).toBe("error-text");
    expect(seen?.type === "error-text" && seen.value).toContain("(input error:");
    expect(seen?.type === "error-text" && seen.value).toContain(expected);
    expect(ran).toEqual([]);
    expect(asked).toBe(0);
    expect(events.map((e) => e.type)).toEqual(["invalid"]);
  });

  it("that is not JSON is answered by the AI SDK itself, never offered, never run", async () => {
    const { registry, ran, events } = shopRegistry();
    const model = scriptedModel([
      { id: "c1", name: "refund", input: '{"order_id": "42", "cents":' },
    ]);
    const result = await generateText({
      model,
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(3),
      prompt: "refund order 42",
    });
    expect(
      result.steps.flatMap((s) => s.content).some((p) => p.type === "tool-approval-request"),
    ).toBe(false);
    expect(resultsSeen(lastPrompt(model)).get("c1")?.type).toBe("error-text");
    expect(ran).toEqual([]);
    expect(events).toEqual([]);
  });

  it("to an unknown tool is answered by the AI SDK, never run", async () => {
    const { registry, ran } = shopRegistry();
    const model = scriptedModel([{ id: "c1", name: "refnud", input: "{}" }]);
    await generateText({
      model,
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(3),
      prompt: "go",
    });
    const seen = resultsSeen(lastPrompt(model)).get("c1");
    expect(seen?.type).toBe("error-text");
    expect(ran).toEqual([]);
  });
});
