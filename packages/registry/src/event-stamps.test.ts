// Every event has a timestamp and a call id, so that concurrent calls' events pair up; a call
// without an id gets one, and it is the same one everywhere (events, result, pending, tool).
import { ToolResponse, tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import type { ToolEvent } from "./tool-event.js";
import { ToolPermissions } from "./tool-permissions.js";
import { ToolRegistry, type ToolRegistryOptions } from "./tool-registry.js";

const KEY = "k".repeat(32);

function setUp(options: ToolRegistryOptions = {}) {
  const events: ToolEvent[] = [];
  const seen: (string | undefined)[] = [];
  const registry = new ToolRegistry({
    permissions: new ToolPermissions({ deny: ["denied"] }),
    maxResultChars: 10,
    ...options,
    onEvent: (event) => events.push(event),
  });
  registry.registerAll([
    tool({
      name: "echo",
      parameters: { type: "object", properties: { text: { type: "string" } } },
      execute: (args, context) => {
        seen.push(context.callId);
        return String(args.text ?? "");
      },
    }),
    tool({ name: "denied", execute: () => "never" }),
    tool({
      name: "slow",
      parallel: true,
      parameters: { type: "object", properties: { ms: { type: "number" } } },
      execute: (args) => new Promise((resolve) => setTimeout(resolve, Number(args.ms), "done")),
    }),
    tool({
      name: "boom",
      execute: () => {
        throw new Error("boom");
      },
    }),
    tool({ name: "error", execute: () => ToolResponse.error("no") }),
    tool({ name: "ask", requiresConfirmation: true, execute: () => "asked" }),
  ]);
  return { registry, events, seen };
}

// Each row is one call and the event types it emits, in order.
const calls: [label: string, name: string, args: unknown, types: string[]][] = [
  ["a call that runs", "echo", { text: "hi" }, ["start", "end"]],
  ["a call cut by the output budget", "echo", { text: "x".repeat(50) }, ["start", "end"]],
  ["an unknown tool", "nope", {}, ["invalid"]],
  ["invalid JSON", "echo", "{", ["invalid"]],
  ["invalid arguments", "echo", { text: 1 }, ["invalid"]],
  ["a denied tool", "denied", {}, ["denied"]],
  ["a tool that throws", "boom", {}, ["start", "failed"]],
  ["a tool that answers an error", "error", {}, ["start", "end"]],
  ["a call that needs a confirmation nobody can give", "ask", {}, ["denied"]],
];

describe("event timestamps and call ids", () => {
  it.each(calls)(
    "stamps every event of %s with the time and one call id",
    async (_l, name, args, types) => {
      for (const callId of [undefined, "model-id-1"]) {
        const { registry, events } = setUp();
        const before = Date.now();
        const result = await registry.executeChecked(name, args as string, { callId });
        const after = Date.now();
        expect(events.map((e) => e.type)).toEqual(types);
        for (const event of events) {
          expect(event.timestamp).toBeGreaterThanOrEqual(before);
          expect(event.timestamp).toBeLessThanOrEqual(after);
        }
        const ids = new Set(events.map((e) => e.callId));
        expect(ids.size).toBe(1);
        const [id] = ids;
        expect(id).toBe(callId ?? result.callId);
        expect(id).toMatch(callId === undefined ? /^tg-[0-9a-z]+-[0-9a-z]+$/ : /^model-id-1$/);
      }
    },
  );

  it("gives concurrent calls without ids distinct ids, so each start pairs with its own end", async () => {
    const { registry, events } = setUp();
    // The first call ends last: pairing by order would match the wrong start and end.
    await Promise.all([
      registry.execute("slow", { ms: 30 }),
      registry.execute("slow", { ms: 1 }),
      registry.execute("slow", { ms: 15 }),
    ]);
    const starts = events.filter((e) => e.type === "start");
    const ends = events.filter((e) => e.type === "end");
    expect(new Set(starts.map((e) => e.callId)).size).toBe(3);
    expect(ends.map((e) => e.callId)).toEqual([
      starts[1]!.callId,
      starts[2]!.callId,
      starts[0]!.callId,
    ]);
  });

  it("gives every call of a batch without ids its own id, and keeps the ids it was given", async () => {
    const { registry, events } = setUp();
    const results = await registry.executeBatch([
      { name: "slow", args: { ms: 1 } },
      { id: "given", name: "slow", args: { ms: 1 } },
      { name: "echo", args: {} },
    ]);
    const ids = results.map((r) => r.callId);
    expect(ids[1]).toBe("given");
    expect(new Set(ids).size).toBe(3);
    for (const result of results) {
      expect(events.filter((e) => e.callId === result.callId).map((e) => e.type)).toEqual([
        "start",
        "end",
      ]);
    }
  });

  it("hands the tool the same id its events carry", async () => {
    const { registry, events, seen } = setUp();
    await registry.execute("echo", {});
    expect(seen).toEqual([events[0]!.callId]);
  });

  it("records the generated id in a pending approval, its event and the result", async () => {
    const { registry, events } = setUp({ approval: { key: KEY } });
    const result = await registry.executeChecked("ask", {});
    expect(result.pending?.callId).toMatch(/^tg-/);
    expect(result.callId).toBe(result.pending?.callId);
    expect(events).toEqual([
      expect.objectContaining({ type: "approval-requested", callId: result.callId }),
    ]);
  });

  it("makes no id for a call nobody watches (no listener, no approval)", async () => {
    const registry = new ToolRegistry();
    let seen: string | undefined = "unset";
    registry.register(
      tool({
        name: "peek",
        execute: (_a, context) => {
          seen = context.callId;
          return "";
        },
      }),
    );
    const result = await registry.executeChecked("peek", {});
    expect(result.callId).toBeUndefined();
    expect(seen).toBeUndefined();
  });

  it("stamps the event of a batch call that could not be read, which has no call to pair", async () => {
    const { registry, events } = setUp();
    const hostile = {
      get name(): string {
        throw new Error("trap");
      },
    };
    await registry.executeBatch([hostile as never]);
    expect(events).toEqual([
      expect.objectContaining({
        type: "invalid",
        callId: expect.stringMatching(/^tg-/),
        timestamp: expect.any(Number),
      }),
    ]);
  });
});
