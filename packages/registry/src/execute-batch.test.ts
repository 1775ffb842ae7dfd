import { type Tool, tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import type { ToolEvent } from "./tool-event.js";
import { ToolRegistry } from "./tool-registry.js";

// Each tool waits for a gate the test opens, so concurrency is proven by the order of start and
// end events, never by timing.
function gated(name: string, options: { parallel?: boolean; requiresConfirmation?: boolean }) {
  const gates: (() => void)[] = [];
  const made = tool({
    name,
    parameters: { type: "object", properties: { n: { type: "integer" } } },
    parallel: options.parallel,
    requiresConfirmation: options.requiresConfirmation,
    execute: (args) =>
      new Promise<string>((resolve) => {
        gates.push(() => resolve(`${name} ${String(args.n)}`));
      }),
  });
  return { tool: made as Tool<object>, gates };
}

/** Opens gates as soon as they appear, in the order the calls started. */
function autoOpen(gates: (() => void)[][]) {
  const timer = setInterval(() => {
    for (const list of gates) while (list.length > 0) list.shift()!();
  }, 1);
  return () => clearInterval(timer);
}

function trace(events: ToolEvent[]): string[] {
  return events
    .filter((e) => e.type === "start" || e.type === "end")
    .map((e) => `${e.type} ${e.callId}`);
}

describe("executeBatch", () => {
  it("runs adjacent parallel calls concurrently and the rest alone, in input order", async () => {
    const events: ToolEvent[] = [];
    const p = gated("p", { parallel: true });
    const s = gated("s", { parallel: false });
    const registry = new ToolRegistry({ onEvent: (e) => events.push(e) });
    registry.registerAll([p.tool, s.tool]);
    const stop = autoOpen([p.gates, s.gates]);
    const results = await registry.executeBatch([
      { id: "1", name: "p", args: { n: 1 } },
      { id: "2", name: "p", args: '{"n":2}' },
      { id: "3", name: "s", args: { n: 3 } },
      { id: "4", name: "p", args: { n: 4 } },
      { id: "5", name: "p", args: { n: 5 } },
    ]);
    stop();
    expect(results.map((r) => [r.callId, r.response.text, r.executed])).toEqual([
      ["1", "p 1", true],
      ["2", "p 2", true],
      ["3", "s 3", true],
      ["4", "p 4", true],
      ["5", "p 5", true],
    ]);
    const order = trace(events);
    // 1 and 2 both start before either ends; 3 starts after both ended and ends before 4 starts.
    expect(order.slice(0, 2).sort()).toEqual(["start 1", "start 2"]);
    expect(order.slice(2, 4).sort()).toEqual(["end 1", "end 2"]);
    expect(order.slice(4, 6)).toEqual(["start 3", "end 3"]);
    expect(order.slice(6, 8).sort()).toEqual(["start 4", "start 5"]);
  });

  it("runs sequential calls one after another", async () => {
    const events: ToolEvent[] = [];
    const s = gated("s", { parallel: false });
    const registry = new ToolRegistry({ onEvent: (e) => events.push(e) });
    registry.register(s.tool);
    const stop = autoOpen([s.gates]);
    await registry.executeBatch([
      { id: "a", name: "s", args: {} },
      { id: "b", name: "s", args: {} },
    ]);
    stop();
    expect(trace(events)).toEqual(["start a", "end a", "start b", "end b"]);
  });

  it("runs a parallel call that needs confirmation alone, after the ones before it", async () => {
    const events: ToolEvent[] = [];
    const p = gated("p", { parallel: true });
    const c = gated("c", { parallel: true, requiresConfirmation: true });
    const registry = new ToolRegistry({ onEvent: (e) => events.push(e), confirm: () => true });
    registry.registerAll([p.tool, c.tool]);
    const stop = autoOpen([p.gates, c.gates]);
    await registry.executeBatch([
      { id: "1", name: "p", args: {} },
      { id: "2", name: "c", args: {} },
      { id: "3", name: "p", args: {} },
    ]);
    stop();
    expect(trace(events)).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
  });

  it("keeps going past failures and reports each in its place", async () => {
    const p = gated("p", { parallel: true });
    const registry = ToolRegistry.from([p.tool])!;
    const stop = autoOpen([p.gates]);
    const results = await registry.executeBatch([
      { id: "1", name: "missing", args: {} },
      { id: "2", name: "p", args: "{broken" },
      { id: "3", name: "p", args: { n: "x" } },
      { id: "4", name: "p", args: { n: 4 } },
      null as never,
    ]);
    stop();
    expect(results.map((r) => [r.callId, r.executed])).toEqual([
      ["1", false],
      ["2", false],
      ["3", false],
      ["4", true],
      [undefined, false],
    ]);
    expect(results[1]!.response.text).toMatch(/not valid JSON/);
    expect(results[2]!.response.text).toBe("(input error: 'n' must be integer, got string)");
    expect(results[4]!.response.text).toMatch(/^Unknown tool 'null'/);
  });

  it("shows only valid arguments to needsConfirmation and the policy while scheduling", async () => {
    const seen: unknown[] = [];
    const checked = tool({
      name: "checked",
      parallel: true,
      parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
      needsConfirmation: (args) => {
        seen.push(args);
        return false;
      },
      execute: () => "ok",
    });
    const registry = new ToolRegistry({
      confirmationPolicy: (_tool, args) => {
        seen.push(args);
        return false;
      },
    });
    registry.register(checked);
    const results = await registry.executeBatch([
      { id: "1", name: "checked", args: { n: "bad" } },
      { id: "2", name: "checked", args: {} },
      { id: "3", name: "checked", args: { n: 3 } },
    ]);
    expect(results.map((r) => r.executed)).toEqual([false, false, true]);
    expect(seen.every((args) => typeof (args as { n: unknown }).n === "number")).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
  });

  it("refuses something that is not an array", async () => {
    await expect(new ToolRegistry().executeBatch({} as never)).rejects.toThrow(TypeError);
  });
});
