import { setImmediate as tick } from "node:timers/promises";
import { Agent, run } from "@openai/agents-core";
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { toAgentTools } from "../src/index.js";
import { functionCall, ScriptedModel } from "./__fixtures__/scripted-model.js";

/** Tools that record their start and end, yielding in between so that others may start. */
function recordingRegistry(log: string[]) {
  const step = (name: string) => async () => {
    log.push(`start ${name}`);
    for (let i = 0; i < 5; i += 1) await tick();
    log.push(`end ${name}`);
    return name;
  };
  const registry = new ToolRegistry();
  registry.registerAll([
    tool({ name: "read_a", hints: { readOnly: true }, parallel: true, execute: step("read_a") }),
    tool({ name: "read_b", hints: { readOnly: true }, parallel: true, execute: step("read_b") }),
    tool({ name: "write", execute: step("write") }),
  ]);
  return registry;
}

/** The calls that ran while `name` was running (between its start and its end). */
function overlapping(log: readonly string[], name: string): string[] {
  const from = log.indexOf(`start ${name}`);
  const to = log.indexOf(`end ${name}`);
  return log.slice(from + 1, to);
}

describe("a tool that is not parallel in the SDK's loop", () => {
  it.each([
    ["first", ["write", "read_a", "read_b"]],
    ["between", ["read_a", "write", "read_b"]],
    ["last", ["read_a", "read_b", "write"]],
  ])("never overlaps another call of the same response (%s)", async (_, order) => {
    const log: string[] = [];
    const model = new ScriptedModel([order.map((name, i) => functionCall(`c${i}`, name, "{}"))]);
    const agent = new Agent({ name: "a", model, tools: toAgentTools(recordingRegistry(log)) });

    await run(agent, "go");

    expect(log).toHaveLength(6);
    expect(overlapping(log, "write")).toEqual([]);
    for (const name of ["read_a", "read_b"]) {
      expect(overlapping(log, name)).not.toContain("start write");
    }
  });

  it("lets parallel tools overlap each other (the SDK does start a response's calls together)", async () => {
    const log: string[] = [];
    const model = new ScriptedModel([
      [functionCall("c1", "read_a", "{}"), functionCall("c2", "read_b", "{}")],
    ]);
    const agent = new Agent({ name: "a", model, tools: toAgentTools(recordingRegistry(log)) });

    await run(agent, "go");

    expect(overlapping(log, "read_a")).toContain("start read_b");
  });
});
