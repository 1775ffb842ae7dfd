// A tool that is not `parallel` never overlaps another call of the same tool set, although the AI
// SDK starts all of a step's calls at once; `parallel` tools still overlap each other.
import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { generateText, stepCountIs } from "ai";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { toAISDKTools } from "../src/index.js";
import { scriptedModel } from "./scripted-model.js";

/** Lets other callbacks run a few times, so overlapping calls would interleave. */
async function yieldSome(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

function loggingRegistry() {
  const log: string[] = [];
  const registry = new ToolRegistry();
  const make = (name: string, parallel: boolean) =>
    tool({
      name,
      parameters: Type.Object({ n: Type.Integer() }),
      parallel,
      execute: async ({ n }) => {
        log.push(`start ${name}#${n}`);
        await yieldSome();
        log.push(`end ${name}#${n}`);
        return "ok";
      },
    });
  registry.registerAll([make("read", true), make("write", false)]);
  return { registry, log };
}

/** The calls that were running, for each moment a call started. */
function overlaps(log: readonly string[]): Map<string, string[]> {
  const running = new Set<string>();
  const seen = new Map<string, string[]>();
  for (const entry of log) {
    const [kind, call] = entry.split(" ") as [string, string];
    if (kind === "start") {
      for (const other of running) {
        seen.set(call, [...(seen.get(call) ?? []), other]);
        seen.set(other, [...(seen.get(other) ?? []), call]);
      }
      running.add(call);
    } else running.delete(call);
  }
  return seen;
}

describe("parallel: false in the AI SDK's loop", () => {
  it("runs a write call alone, while read calls overlap each other", async () => {
    const { registry, log } = loggingRegistry();
    const calls = ["read#1", "write#2", "read#3", "read#4", "write#5", "read#6"].map((c, i) => {
      const [name, n] = c.split("#") as [string, string];
      return { id: `c${i}`, name, input: `{"n": ${n}}` };
    });
    await generateText({
      model: scriptedModel(calls),
      tools: toAISDKTools(registry),
      stopWhen: stepCountIs(3),
      prompt: "go",
    });
    expect(log).toHaveLength(12);
    const seen = overlaps(log);
    expect(seen.get("write#2")).toBeUndefined();
    expect(seen.get("write#5")).toBeUndefined();
    // The gate is no queue for everything: reads between writes ran together.
    expect(seen.get("read#3")).toContain("read#4");
  });

  it("keeps one gate per tool set: two tool sets do not wait for each other", async () => {
    const { registry, log } = loggingRegistry();
    const write = (n: number) => [{ id: `w${n}`, name: "write", input: `{"n": ${n}}` }];
    await Promise.all([
      generateText({
        model: scriptedModel(write(1)),
        tools: toAISDKTools(registry),
        stopWhen: stepCountIs(2),
        prompt: "a",
      }),
      generateText({
        model: scriptedModel(write(2)),
        tools: toAISDKTools(registry),
        stopWhen: stepCountIs(2),
        prompt: "b",
      }),
    ]);
    expect(overlaps(log).get("write#1")).toEqual(["write#2"]);
  });
});
