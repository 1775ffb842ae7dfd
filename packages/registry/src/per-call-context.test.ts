import { type Tool, type ToolContext, tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import type { ConfirmationRequest } from "./confirmation.js";
import type { ToolEvent } from "./tool-event.js";
import { ToolPermissions, type ToolPermissionsOptions } from "./tool-permissions.js";
import { ToolRegistry } from "./tool-registry.js";

interface Tenant {
  userId: string;
}

/** A notes tool that records the context it ran with, and a read-only search. */
function setUp() {
  const seen: unknown[] = [];
  const tools: Tool<object>[] = [
    tool({
      name: "append_note",
      parameters: Type.Object({ text: Type.String() }),
      execute: (args, context: ToolContext) => {
        seen.push(context.context);
        return `noted ${args.text}`;
      },
    }),
    tool({
      name: "search",
      parameters: Type.Object({ q: Type.String() }),
      hints: { readOnly: true },
      execute: (_args, context) => {
        seen.push(context.context);
        return "results";
      },
    }),
  ];
  return { seen, tools };
}

/** Only alice may append notes; everyone may search. */
const perUser = new ToolPermissions<Tenant>({
  rule: (tool, _args, context) =>
    tool.name !== "append_note" ||
    context?.userId === "alice" ||
    `Tool '${tool.name}' is not allowed for user '${context?.userId ?? "nobody"}'.`,
});

describe("per-call context", () => {
  it("reaches the tool on every run path (plain, call id, deadline, signal, batch)", async () => {
    const { seen, tools } = setUp();
    const registry = new ToolRegistry<Tenant>();
    registry.registerAll(tools);
    const context = { userId: "alice" };
    await registry.execute("search", { q: "x" }, { context });
    await registry.execute("search", { q: "x" }, { context, callId: "c1" });
    await registry.execute("search", { q: "x" }, { context, timeoutMs: 1000 });
    await registry.execute("search", { q: "x" }, { context, signal: new AbortController().signal });
    await registry.executeBatch([{ id: "b1", name: "search", args: { q: "x" } }], { context });
    await registry.execute("search", { q: "x" });
    expect(seen).toEqual([context, context, context, context, context, undefined]);
  });

  it("keeps the call's signal, id and budget in the tool's context", async () => {
    let got: ToolContext | undefined;
    const registry = new ToolRegistry<Tenant>({ maxResultChars: 500 });
    registry.register(
      tool({
        name: "probe",
        execute: (_args, context) => {
          got = context;
          return "ok";
        },
      }),
    );
    const controller = new AbortController();
    await registry.execute(
      "probe",
      {},
      { context: { userId: "a" }, callId: "c9", signal: controller.signal },
    );
    expect(got?.callId).toBe("c9");
    expect(got?.maxResultChars).toBe(500);
    expect(got?.signal).toBeInstanceOf(AbortSignal);
    expect(got?.context).toEqual({ userId: "a" });
  });

  it.each([
    { userId: "alice", status: "ready", executed: true },
    { userId: "bob", status: "refused", executed: false },
  ])("a per-user rule: $userId → $status, and check agrees with execute", async (row) => {
    const { tools } = setUp();
    const events: ToolEvent[] = [];
    const registry = new ToolRegistry<Tenant>({
      permissions: perUser,
      onEvent: (event) => events.push(event),
    });
    registry.registerAll(tools);
    const context = { userId: row.userId };
    const check = registry.check("append_note", { text: "hi" }, { context });
    const result = await registry.executeChecked("append_note", { text: "hi" }, { context });
    expect(check.status).toBe(row.status);
    expect(result.executed).toBe(row.executed);
    if (check.status === "refused") {
      expect(check.refusal).toBe("permissions");
      expect(check.response.text).toBe(result.response.text);
      expect(result.response.text).toBe("Tool 'append_note' is not allowed for user 'bob'.");
      expect(events.map((event) => event.type)).toEqual(["denied"]);
    }
  });

  it("lets the same tool through for one user and not the other in one batch run each", async () => {
    const { tools } = setUp();
    const registry = new ToolRegistry<Tenant>({ permissions: perUser });
    registry.registerAll(tools);
    const call = [{ id: "1", name: "append_note", args: { text: "t" } }];
    const [alice] = await registry.executeBatch(call, { context: { userId: "alice" } });
    const [bob] = await registry.executeBatch(call, { context: { userId: "bob" } });
    expect(alice?.executed).toBe(true);
    expect(bob?.executed).toBe(false);
  });

  it.each<[string, ToolPermissionsOptions, string]>([
    ["a static deny", { deny: ["append_note"], rule: () => true }, "is denied by name"],
    [
      "a rule that throws",
      {
        rule: () => {
          throw new Error("db down");
        },
      },
      "permission rule failed",
    ],
    ["a rule answering false", { rule: () => false }, "denied for this call by a permission rule"],
    [
      "a rule answering nothing",
      { rule: (() => undefined) as never },
      "denied for this call by a permission rule",
    ],
  ])("denies with %s (deny wins, fail closed)", async (_label, options, text) => {
    const { seen, tools } = setUp();
    const registry = new ToolRegistry({ permissions: new ToolPermissions(options) });
    registry.registerAll(tools);
    const result = await registry.executeChecked("append_note", { text: "x" }, { context: 1 });
    expect(result.executed).toBe(false);
    expect(result.response.text).toContain(text);
    expect(seen).toEqual([]);
  });

  it("gives the rule validated arguments only (an invalid call is refused before it)", async () => {
    const asked: unknown[] = [];
    const { tools } = setUp();
    const registry = new ToolRegistry({
      permissions: new ToolPermissions({ rule: (_tool, args) => asked.push(args) > 0 }),
    });
    registry.registerAll(tools);
    await registry.execute("append_note", { text: 5 });
    expect(asked).toEqual([]);
    await registry.execute("append_note", { text: "ok" });
    expect(asked).toEqual([{ text: "ok" }]);
  });

  it("reaches the confirmation policy and the confirm request", async () => {
    const { tools } = setUp();
    const policyContexts: unknown[] = [];
    const requests: ConfirmationRequest<Tenant>[] = [];
    const registry = new ToolRegistry<Tenant>({
      confirmationPolicy: (_tool, _args, _hints, context) => {
        policyContexts.push(context);
        return context?.userId !== "admin";
      },
      confirm: (request) => {
        requests.push(request);
        return true;
      },
    });
    registry.registerAll(tools);
    await registry.execute("append_note", { text: "a" }, { context: { userId: "admin" } });
    await registry.execute("append_note", { text: "b" }, { context: { userId: "eve" } });
    expect(policyContexts).toEqual([{ userId: "admin" }, { userId: "eve" }]);
    expect(requests.map((request) => request.context)).toEqual([{ userId: "eve" }]);
  });

  it("rejects a rule that is not a function", () => {
    expect(() => new ToolPermissions({ rule: "alice" as never })).toThrow(
      "ToolPermissions: rule must be a function",
    );
  });
});
