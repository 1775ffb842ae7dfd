// A call that needs approval pauses the AI SDK's loop with a tool-approval-request; the app adds
// the person's tool-approval-response and calls the loop again, which runs the call once (toolgate
// does not ask again) or, declined, never runs it.
import { randomBytes } from "node:crypto";
import { ToolPermissions, type ToolRegistry } from "@toolgate/registry";
import {
  type GenerateTextResult,
  generateText,
  type ModelMessage,
  stepCountIs,
  streamText,
  type ToolSet,
} from "ai";
import { describe, expect, it } from "vitest";
import { toAISDKTools } from "../src/index.js";
import { lastPrompt, resultsSeen, type ScriptedStep, scriptedModel } from "./scripted-model.js";
import { shopRegistry } from "./shop-registry.js";

const PROMPT: ModelMessage[] = [{ role: "user", content: "refund 500 cents on order 42" }];
const REFUND = { id: "c1", name: "refund", input: '{"order_id": "42", "cents": 500}' };

/** The registry-wide confirm of these tests says no and counts: toolgate must never ask it. */
function strictShop(options: Parameters<typeof shopRegistry>[0] = {}) {
  const asked: string[] = [];
  const shop = shopRegistry({
    confirm: (request) => {
      asked.push(request.tool.name);
      return false;
    },
    ...options,
  });
  return { ...shop, asked };
}

function approvalRequests(result: GenerateTextResult<ToolSet, never>) {
  return result.content.filter((part) => part.type === "tool-approval-request");
}

/** The messages to resume with: the run so far plus the person's answer to every request. */
function answered(
  messages: ModelMessage[],
  result: GenerateTextResult<ToolSet, never>,
  approved: boolean,
): ModelMessage[] {
  return [
    ...messages,
    ...result.response.messages,
    {
      role: "tool",
      content: approvalRequests(result).map((request) => ({
        type: "tool-approval-response" as const,
        approvalId: request.approvalId,
        approved,
        ...(approved ? {} : { reason: "not today" }),
      })),
    },
  ];
}

async function run(
  registry: ToolRegistry,
  messages: ModelMessage[],
  steps: ScriptedStep[],
  tools: ToolSet = toAISDKTools(registry),
) {
  const model = scriptedModel(...steps);
  const result = await generateText({ model, tools, stopWhen: stepCountIs(4), messages });
  return { model, result };
}

describe("approval in generateText's loop", () => {
  it("pauses a call that needs approval without running it or asking toolgate's confirm", async () => {
    const { registry, ran, asked, events } = strictShop();
    const { result } = await run(registry, PROMPT, [[REFUND]]);
    expect(approvalRequests(result).map((r) => r.toolCall.toolCallId)).toEqual(["c1"]);
    expect(result.finishReason).toBe("tool-calls");
    expect(ran).toEqual([]);
    expect(asked).toEqual([]);
    expect(events).toEqual([]);
  });

  it("runs the approved call once on resume, without asking toolgate's confirm", async () => {
    const { registry, ran, asked } = strictShop();
    const first = await run(registry, PROMPT, [[REFUND]]);
    // A new tool set, as a new request of a web app would build.
    const { model, result } = await run(registry, answered(PROMPT, first.result, true), [
      "refunded",
    ]);
    expect(ran).toEqual([{ tool: "refund", args: { order_id: "42", cents: 500 } }]);
    expect(asked).toEqual([]);
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "text",
      value: "refunded 500 cents on order 42",
    });
    expect(result.text).toBe("refunded");
  });

  it("never runs a declined call; the model reads the denial", async () => {
    const { registry, ran, asked, events } = strictShop();
    const first = await run(registry, PROMPT, [[REFUND]]);
    const { model } = await run(registry, answered(PROMPT, first.result, false), ["ok"]);
    expect(ran).toEqual([]);
    expect(asked).toEqual([]);
    expect(events).toEqual([]);
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "execution-denied",
      reason: "not today",
    });
  });

  it("does not run a repeated call id again without a new approval", async () => {
    const { registry, ran } = strictShop();
    const first = await run(registry, PROMPT, [[REFUND]]);
    // On resume the model sends the approved call again, same id and arguments.
    const { result } = await run(registry, answered(PROMPT, first.result, true), [[REFUND]]);
    expect(ran.map((r) => r.tool)).toEqual(["refund"]);
    expect(approvalRequests(result).map((r) => r.toolCall.toolCallId)).toEqual(["c1"]);
  });

  it("does not let one tool set run an approval twice when the same messages come back", async () => {
    const { registry, ran, asked } = strictShop();
    const first = await run(registry, PROMPT, [[REFUND]]);
    const tools = toAISDKTools(registry);
    const resumed = answered(PROMPT, first.result, true);
    await run(registry, resumed, ["refunded"], tools);
    const { model } = await run(registry, resumed, ["again"], tools);
    expect(ran.map((r) => r.tool)).toEqual(["refund"]);
    // The replay got the registry's own answer: its confirm, which said no.
    expect(asked).toEqual(["refund"]);
    expect(resultsSeen(lastPrompt(model)).get("c1")?.type).toBe("error-text");
  });

  it("never offers a call that needs no approval", async () => {
    const { registry, ran } = strictShop();
    const { result } = await run(registry, PROMPT, [
      [{ id: "c1", name: "get_order", input: '{"order_id": "42"}' }],
    ]);
    expect(approvalRequests(result)).toEqual([]);
    expect(ran.map((r) => r.tool)).toEqual(["get_order"]);
  });

  it("runs an approved call in deferred mode instead of answering a pending", async () => {
    const { registry, ran, events } = strictShop({ approval: { key: randomBytes(32) } });
    const first = await run(registry, PROMPT, [[REFUND]]);
    expect(ran).toEqual([]);
    await run(registry, answered(PROMPT, first.result, true), ["refunded"]);
    expect(ran.map((r) => r.tool)).toEqual(["refund"]);
    expect(events.some((e) => e.type === "approval-requested")).toBe(false);
  });

  it("keeps asking on resume when a fresh turn would no longer ask (a tainted turn)", async () => {
    const { registry, ran } = strictShop();
    const steps: ScriptedStep[] = [
      [{ id: "s1", name: "search", input: '{"q": "refund policy"}' }],
      [{ id: "a1", name: "append_note", input: '{"text": "refund"}' }],
    ];
    const first = await run(registry, PROMPT, steps);
    expect(approvalRequests(first.result).map((r) => r.toolCall.toolCallId)).toEqual(["a1"]);
    // The resumed run has a new tool set, so a clean turn: append_note alone would not ask.
    await run(registry, answered(PROMPT, first.result, true), ["noted"]);
    expect(ran.map((r) => r.tool)).toEqual(["search", "append_note"]);
  });
});

describe("an approval never overrides the channel", () => {
  it("refuses an approved call whose tool is denied by the time it resumes", async () => {
    const before = strictShop();
    const first = await run(before.registry, PROMPT, [[REFUND]]);
    // Another process resumes, where the refund is now denied.
    const after = strictShop({ permissions: new ToolPermissions({ deny: ["refund"] }) });
    const { model } = await run(after.registry, answered(PROMPT, first.result, true), ["ok"]);
    expect(after.ran).toEqual([]);
    const check = after.registry.check("refund", { order_id: "42", cents: 500 });
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "error-text",
      value: check.status === "refused" ? check.response.text : "",
    });
  });
});

describe("approval in streamText's loop", () => {
  it("pauses, then runs the approved call once", async () => {
    const { registry, ran, asked } = strictShop();
    const first = streamText({
      model: scriptedModel([REFUND]),
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(4),
      messages: PROMPT,
    });
    const content = await first.content;
    const requests = content.filter((part) => part.type === "tool-approval-request");
    expect(requests.map((r) => r.toolCall.toolCallId)).toEqual(["c1"]);
    expect(ran).toEqual([]);

    const messages: ModelMessage[] = [
      ...PROMPT,
      ...(await first.response).messages,
      {
        role: "tool",
        content: requests.map((r) => ({
          type: "tool-approval-response" as const,
          approvalId: r.approvalId,
          approved: true,
        })),
      },
    ];
    const model = scriptedModel("refunded");
    const second = streamText({
      model,
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(4),
      messages,
    });
    expect(await second.text).toBe("refunded");
    expect(ran.map((r) => r.tool)).toEqual(["refund"]);
    expect(asked).toEqual([]);
    expect(resultsSeen(lastPrompt(model)).get("c1")).toEqual({
      type: "text",
      value: "refunded 500 cents on order 42",
    });
  });
});
