import { ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { scriptedAgent } from "./__fixtures__/scripted-agent.js";

/** Yields to the event loop a few times, so a call that could overlap another would. */
async function yieldTurns(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

function recorder(log: string[], parallelFlags: Record<string, boolean>) {
  const registry = new ToolRegistry();
  for (const [name, parallel] of Object.entries(parallelFlags)) {
    registry.register(
      tool({
        name,
        hints: { readOnly: true },
        parallel,
        execute: async () => {
          log.push(`start ${name}`);
          await yieldTurns();
          log.push(`end ${name}`);
          return name;
        },
      }),
    );
  }
  return registry;
}

/** The names whose calls were running at the same time as another call. */
function overlapping(log: readonly string[]): string[] {
  const running = new Set<string>();
  const overlapped = new Set<string>();
  for (const entry of log) {
    const [kind, name = ""] = entry.split(" ");
    if (kind === "start") {
      for (const other of running) overlapped.add(other).add(name);
      running.add(name);
    } else running.delete(name);
  }
  return [...overlapped].sort();
}

describe("parallel: false in createAgent's loop (calls of one message run together)", () => {
  it("two parallel tools do overlap: the loop runs calls concurrently", async () => {
    const log: string[] = [];
    const agent = scriptedAgent(recorder(log, { a: true, b: true }), [
      [
        { name: "a", args: {}, id: "c1" },
        { name: "b", args: {}, id: "c2" },
      ],
    ]);
    await agent.start();
    expect(overlapping(log)).toEqual(["a", "b"]);
  });

  it("a tool that is not parallel never overlaps another call", async () => {
    const log: string[] = [];
    const agent = scriptedAgent(recorder(log, { a: true, b: true, solo: false }), [
      [
        { name: "a", args: {}, id: "c1" },
        { name: "solo", args: {}, id: "c2" },
        { name: "b", args: {}, id: "c3" },
        { name: "solo", args: {}, id: "c4" },
      ],
    ]);
    await agent.start();
    expect(log).toHaveLength(8);
    expect(overlapping(log)).not.toContain("solo");
  });
});
