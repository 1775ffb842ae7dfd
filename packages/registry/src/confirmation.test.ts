import { type Hints, type Tool, tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { type ConfirmationRequest, confirmUnlessReadOnly } from "./confirmation.js";
import type { ToolEvent } from "./tool-event.js";
import { ToolRegistry } from "./tool-registry.js";

function counted(options: Partial<Parameters<typeof tool>[0]> = {}) {
  const calls: unknown[] = [];
  const made = tool({
    name: "act",
    parameters: Type.Object({ action: Type.String() }),
    execute: (args) => {
      calls.push(args);
      return `did ${args.action}`;
    },
    ...(options as object),
  });
  return { tool: made as Tool<object>, calls };
}

describe("confirmation in the channel", () => {
  it("denies a call that needs confirmation when no callback is set", async () => {
    const { tool: act, calls } = counted({ requiresConfirmation: true });
    const events: ToolEvent[] = [];
    const registry = new ToolRegistry({ onEvent: (e) => events.push(e) });
    registry.register(act);
    const result = await registry.executeChecked("act", { action: "x" });
    expect(result.executed).toBe(false);
    expect(result.response.isError).toBe(true);
    expect(result.response.text).toBe(
      "Tool 'act' needs a human's confirmation and none can be asked: the call was not run.",
    );
    expect(calls).toEqual([]);
    expect(events).toMatchObject([{ type: "denied", by: "confirmation" }]);
  });

  it("runs the call when the callback approves, with the request it was shown", async () => {
    const { tool: act, calls } = counted({ requiresConfirmation: true });
    const requests: ConfirmationRequest[] = [];
    const registry = new ToolRegistry({
      confirm: (request) => {
        requests.push(request);
        return true;
      },
    });
    registry.register(act);
    const result = await registry.executeChecked("act", '{"action":"deploy"}', { callId: "c7" });
    expect(result.executed).toBe(true);
    expect(result.response.text).toBe("did deploy");
    expect(calls).toEqual([{ action: "deploy" }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ tool: act, args: { action: "deploy" }, callId: "c7" });
    expect(requests[0]!.hints.readOnly).toBe(false);
  });

  it.each([
    ["returns false", () => false],
    ["returns a truthy non-boolean", () => "yes" as unknown as boolean],
    [
      "throws",
      () => {
        throw new Error("dialog crashed");
      },
    ],
    ["rejects", () => Promise.reject(new Error("timeout"))],
  ])("declines when the callback %s", async (_label, confirm) => {
    const { tool: act, calls } = counted({ requiresConfirmation: true });
    const events: ToolEvent[] = [];
    const registry = new ToolRegistry({ confirm, onEvent: (e) => events.push(e) });
    registry.register(act);
    const result = await registry.executeChecked("act", { action: "x" });
    expect(result.executed).toBe(false);
    expect(result.response.text).toBe("Tool 'act' was not run: the confirmation was declined.");
    expect(calls).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(["rejected"]);
  });

  it("never shows an invalid call to a human", async () => {
    const { tool: act } = counted({ requiresConfirmation: true });
    let asked = 0;
    const registry = new ToolRegistry({
      confirm: () => {
        asked++;
        return true;
      },
    });
    registry.register(act);
    expect((await registry.execute("act", { action: 5 })).text).toMatch(/^\(input error:/);
    expect((await registry.execute("act", "{")).text).toMatch(/^\(input error:/);
    expect((await registry.execute("act", { action: "x", extra: 1 })).text).toMatch(
      /unknown argument 'extra'/,
    );
    expect(asked).toBe(0);
  });

  it("asks per call when the tool decides per call", async () => {
    const { tool: act, calls } = counted({
      needsConfirmation: (args: { action: string }) => args.action === "delete",
    });
    const asked: string[] = [];
    const registry = new ToolRegistry({
      confirm: ({ args }) => {
        asked.push(String(args.action));
        return false;
      },
    });
    registry.register(act);
    expect((await registry.execute("act", { action: "read" })).text).toBe("did read");
    expect((await registry.executeChecked("act", { action: "delete" })).executed).toBe(false);
    expect(asked).toEqual(["delete"]);
    expect(calls).toEqual([{ action: "read" }]);
  });

  it("asks when the tool's needsConfirmation throws (fail safe)", async () => {
    const { tool: act } = counted({
      needsConfirmation: () => {
        throw new Error("bug");
      },
    });
    const registry = ToolRegistry.from([act])!;
    expect((await registry.executeChecked("act", { action: "x" })).executed).toBe(false);
  });

  it("prefers the per-call callback over the registry's", async () => {
    const { tool: act } = counted({ requiresConfirmation: true });
    const registry = new ToolRegistry({ confirm: () => false });
    registry.register(act);
    const result = await registry.executeChecked("act", { action: "x" }, { confirm: () => true });
    expect(result.executed).toBe(true);
  });

  it("asks when the registry policy says so, with the call's hints", async () => {
    const { tool: act, calls } = counted({
      hints: { readOnly: false },
      hintsFor: (args: { action: string }) =>
        args.action === "peek" ? { readOnly: true } : undefined,
    });
    const seen: Hints[] = [];
    const registry = new ToolRegistry({
      confirmationPolicy: (_tool, _args, hints) => {
        seen.push(hints);
        return !hints.readOnly;
      },
    });
    registry.register(act);
    expect((await registry.execute("act", { action: "peek" })).text).toBe("did peek");
    expect((await registry.executeChecked("act", { action: "write" })).executed).toBe(false);
    expect(seen.map((h) => h.readOnly)).toEqual([true, false]);
    expect(calls).toEqual([{ action: "peek" }]);
  });

  it("asks when the policy throws (fail safe)", async () => {
    const { tool: act } = counted();
    const registry = new ToolRegistry({
      confirmationPolicy: () => {
        throw new Error("bug");
      },
    });
    registry.register(act);
    expect((await registry.executeChecked("act", { action: "x" })).executed).toBe(false);
  });
});

describe("confirmUnlessReadOnly", () => {
  const readOnly = tool({ name: "look", hints: { readOnly: true }, execute: () => "seen" });
  const writes = tool({ name: "write", hints: { readOnly: false }, execute: () => "written" });
  const remoteReadOnly = tool({
    name: "gh_list",
    origin: "mcp:github",
    hints: { readOnly: true },
    execute: () => "listed",
  });

  it("asks for every call that is not read-only", () => {
    const policy = confirmUnlessReadOnly();
    expect(policy(readOnly, {}, readOnly.hints)).toBe(false);
    expect(policy(writes, {}, writes.hints)).toBe(true);
  });

  it("does not trust MCP hints unless told to", () => {
    expect(confirmUnlessReadOnly()(remoteReadOnly, {}, remoteReadOnly.hints)).toBe(true);
    expect(
      confirmUnlessReadOnly({ trustMcpHints: true })(remoteReadOnly, {}, remoteReadOnly.hints),
    ).toBe(false);
    const remoteWrite = tool({ name: "gh_push", origin: "mcp:github", execute: () => "" });
    expect(confirmUnlessReadOnly({ trustMcpHints: true })(remoteWrite, {}, remoteWrite.hints)).toBe(
      true,
    );
  });

  it("works as a registry policy end to end", async () => {
    const asked: string[] = [];
    const registry = new ToolRegistry({
      confirmationPolicy: confirmUnlessReadOnly(),
      confirm: ({ tool: t }) => {
        asked.push(t.name);
        return true;
      },
    });
    registry.registerAll([readOnly, writes, remoteReadOnly]);
    await registry.execute("look", {});
    await registry.execute("write", {});
    await registry.execute("gh_list", {});
    expect(asked).toEqual(["write", "gh_list"]);
  });
});
