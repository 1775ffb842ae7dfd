import { randomBytes } from "node:crypto";
import { Agent, RunState, run } from "@openai/agents-core";
import { type ConfirmCallback, ToolRegistry, type ToolRegistryOptions } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { toAgentTools } from "../src/index.js";
import { functionCall, ScriptedModel, toolOutputs } from "./__fixtures__/scripted-model.js";

/** One "process": its own registry, tools and agent, sharing only the model script and the log. */
function agentWith(model: ScriptedModel, runs: unknown[], options: ToolRegistryOptions = {}) {
  const registry = new ToolRegistry(options);
  registry.register(
    tool({
      name: "refund",
      parameters: {
        type: "object",
        properties: { order: { type: "integer" } },
        required: ["order"],
      },
      requiresConfirmation: true,
      execute: ({ order }) => {
        runs.push(order);
        return `refunded ${order}`;
      },
    }),
  );
  return new Agent({ name: "support", model, tools: toAgentTools(registry) });
}

const refund42 = functionCall("c1", "refund", '{"order": 42}');

describe("approval through the SDK's interruptions", () => {
  it("pauses before the call, and runs it once after state.approve", async () => {
    const runs: unknown[] = [];
    const model = new ScriptedModel([[refund42]]);
    const agent = agentWith(model, runs);

    const paused = await run(agent, "refund order 42");

    expect(paused.interruptions.map((item) => item.rawItem)).toMatchObject([
      { callId: "c1", name: "refund", arguments: '{"order": 42}' },
    ]);
    expect(runs).toEqual([]);
    for (const item of paused.interruptions) paused.state.approve(item);
    const done = await run(agent, paused.state);

    expect(runs).toEqual([42]);
    expect(done.finalOutput).toBe("done");
    expect(toolOutputs(model.requests.at(-1)).get("c1")).toBe("refunded 42");
  });

  it("pauses and resumes a streamed run the same way", async () => {
    const runs: unknown[] = [];
    const model = new ScriptedModel([[refund42]]);
    const agent = agentWith(model, runs);

    const paused = await run(agent, "refund order 42", { stream: true });
    await paused.completed;
    expect(paused.interruptions.map((item) => item.rawItem)).toMatchObject([{ callId: "c1" }]);
    expect(runs).toEqual([]);
    const resumed = agentWith(model, runs);
    const state = await RunState.fromString(resumed, paused.state.toString());
    for (const item of state.getInterruptions()) state.approve(item);
    const done = await run(resumed, state, { stream: true });
    await done.completed;

    expect(runs).toEqual([42]);
    expect(done.finalOutput).toBe("done");
  });

  it("resumes from RunState.toString() in another registry and agent (another process)", async () => {
    const runs: unknown[] = [];
    const model = new ScriptedModel([[refund42]]);
    const saved = (await run(agentWith(model, runs), "refund order 42")).state.toString();

    const agent = agentWith(model, runs);
    const state = await RunState.fromString(agent, saved);
    for (const item of state.getInterruptions()) state.approve(item);
    const done = await run(agent, state);

    expect(runs).toEqual([42]);
    expect(done.finalOutput).toBe("done");
  });

  it("never runs a call the person rejected, also after a round trip", async () => {
    const runs: unknown[] = [];
    const model = new ScriptedModel([[refund42]]);
    const saved = (await run(agentWith(model, runs), "refund order 42")).state.toString();

    const agent = agentWith(model, runs);
    const state = await RunState.fromString(agent, saved);
    for (const item of state.getInterruptions()) state.reject(item, { message: "Not today." });
    await run(agent, state);

    expect(runs).toEqual([]);
    expect(toolOutputs(model.requests.at(-1)).get("c1")).toBe("Not today.");
  });

  it("asks again when resumed undecided, in another process too", async () => {
    const runs: unknown[] = [];
    const model = new ScriptedModel([[refund42]]);
    const first = await run(agentWith(model, runs), "refund order 42");

    const agent = agentWith(model, runs);
    const again = await run(agent, await RunState.fromString(agent, first.state.toString()));

    expect(again.interruptions.map((item) => item.rawItem)).toMatchObject([{ callId: "c1" }]);
    expect(runs).toEqual([]);
  });

  it.each([
    ["in the same process", false],
    ["after a round trip", true],
  ])("does not take a repeated call id as approved (%s)", async (_, roundTrip) => {
    const runs: unknown[] = [];
    const model = new ScriptedModel([
      [refund42],
      // The model (or an injected instruction) reuses the approved call's id for another order.
      [functionCall("c2", "refund", '{"order": 7}')],
      [functionCall("c1", "refund", '{"order": 999}')],
    ]);
    let agent = agentWith(model, runs);
    let result = await run(agent, "refund order 42");
    for (const item of result.interruptions) result.state.approve(item);
    result = await run(agent, result.state);
    expect(result.interruptions.map((item) => item.rawItem)).toMatchObject([{ callId: "c2" }]);
    let { state } = result;
    if (roundTrip) {
      agent = agentWith(model, runs);
      state = await RunState.fromString(agent, state.toString());
    }
    for (const item of state.getInterruptions()) state.approve(item);
    result = await run(agent, state);

    expect(runs).toEqual([42, 7]);
    expect(toolOutputs(model.requests.at(-1)).get("c1")).toContain("confirmation");
  });

  it("runs every call of a tool the person approved for the whole run", async () => {
    const runs: unknown[] = [];
    const model = new ScriptedModel([[refund42], [functionCall("c2", "refund", '{"order": 7}')]]);
    const agent = agentWith(model, runs);

    const paused = await run(agent, "refund orders 42 and 7");
    for (const item of paused.interruptions) paused.state.approve(item, { alwaysApprove: true });
    const done = await run(agent, paused.state);

    expect(done.interruptions).toEqual([]);
    expect(runs).toEqual([42, 7]);
  });

  it("does not ask the registry's confirm for a call approved in the SDK", async () => {
    const asked: string[] = [];
    const confirm: ConfirmCallback = ({ tool }) => {
      asked.push(tool.name);
      return false;
    };
    const runs: unknown[] = [];
    const model = new ScriptedModel([[refund42]]);
    const agent = agentWith(model, runs, { confirm });

    const paused = await run(agent, "refund order 42");
    for (const item of paused.interruptions) paused.state.approve(item);
    await run(agent, paused.state);

    expect(asked).toEqual([]);
    expect(runs).toEqual([42]);
  });

  it("works with a registry in deferred mode: approved runs, and nothing runs unapproved", async () => {
    const runs: unknown[] = [];
    const approval = { key: randomBytes(32) };
    const model = new ScriptedModel([[refund42]]);
    const agent = agentWith(model, runs, { approval });

    const paused = await run(agent, "refund order 42");
    expect(runs).toEqual([]);
    for (const item of paused.interruptions) paused.state.approve(item);
    await run(agent, paused.state);

    expect(runs).toEqual([42]);
  });
});
