import { Tool, tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import type { CheckResult } from "./check-result.js";
import { type ConfirmationRequest, confirmUnlessReadOnly } from "./confirmation.js";
import type { ToolEvent } from "./tool-event.js";
import { ToolPermissions } from "./tool-permissions.js";
import { ToolRegistry } from "./tool-registry.js";

/** A tool whose own confirmation check throws: counts as asking. */
class Fussy extends Tool<Record<string, unknown>> {
  constructor(readonly ran: string[]) {
    super({ name: "fussy", hints: { readOnly: true } });
  }
  override needsConfirmation(): boolean {
    throw new Error("cannot tell");
  }
  run(): string {
    this.ran.push("fussy");
    return "fussy ran";
  }
}

/** Tools for every outcome, and a log of the ones that ran. */
function setUp() {
  const ran: string[] = [];
  const pair = Type.Object({ a: Type.Number(), b: Type.Number() });
  const tools: Tool<object>[] = [
    tool({
      name: "add",
      parameters: pair,
      hints: { readOnly: true },
      execute: (args) => {
        ran.push("add");
        return String(args.a + args.b);
      },
    }),
    tool({
      name: "write_note",
      parameters: Type.Object({ text: Type.String() }),
      execute: () => {
        ran.push("write_note");
        return "written";
      },
    }),
    tool({
      name: "deploy",
      parameters: Type.Object({ env: Type.String() }),
      hints: { readOnly: true },
      requiresConfirmation: true,
      execute: () => {
        ran.push("deploy");
        return "deployed";
      },
    }),
    tool({
      name: "vault",
      origin: "mcp:safe",
      execute: () => {
        ran.push("vault");
        return "opened";
      },
    }),
    tool({
      name: "broken",
      parameters: { type: "object", properties: { a: { type: "strin" } } },
      execute: () => {
        ran.push("broken");
        return "never";
      },
    }),
    new Fussy(ran) as Tool<object>,
  ];
  return { tools, ran };
}

function registryWith(confirm?: (request: ConfirmationRequest) => boolean) {
  const { tools, ran } = setUp();
  const events: ToolEvent[] = [];
  const registry = new ToolRegistry({
    permissions: new ToolPermissions({ deny: ["vault"] }),
    confirmationPolicy: confirmUnlessReadOnly(),
    ...(confirm && { confirm }),
    // Redaction shows that a refusal's text is the redacted one execute gives.
    redact: (text) => text.replaceAll("JSON", "J*SON"),
    onEvent: (event) => events.push(event),
  });
  registry.registerAll(tools);
  return { registry, events, ran };
}

type Row = [label: string, name: string, args: Record<string, unknown> | string, want: object];

const rows: Row[] = [
  [
    "an unknown tool",
    "ad",
    "{}",
    {
      status: "refused",
      tool: "ad",
      refusal: "unknown-tool",
      response: expect.objectContaining({
        text: expect.stringMatching(/^Unknown tool 'ad'\. Closest available tools: 'add'/),
      }),
    },
  ],
  [
    "argument text that is not JSON",
    "add",
    '{"a": 1,',
    {
      status: "refused",
      tool: "add",
      origin: "builtin",
      refusal: "invalid-json",
      response: expect.objectContaining({
        text: expect.stringMatching(/^\(input error: arguments are not valid J\*SON/),
      }),
    },
  ],
  [
    "argument JSON that is not an object",
    "add",
    "[1, 2]",
    { status: "refused", refusal: "invalid-json" },
  ],
  [
    "a tool the permissions deny",
    "vault",
    {},
    { status: "refused", tool: "vault", origin: "mcp:safe", refusal: "permissions" },
  ],
  [
    "arguments that fail the schema",
    "add",
    { a: "2", b: 3 },
    {
      status: "refused",
      refusal: "invalid-arguments",
      response: expect.objectContaining({
        text: "(input error: 'a' must be number, got string)",
      }),
    },
  ],
  [
    "a number JSON cannot carry",
    "add",
    '{"a": 1e999, "b": 1}',
    { status: "refused", refusal: "invalid-arguments" },
  ],
  [
    "a tool whose schema does not compile",
    "broken",
    { a: "x" },
    { status: "refused", refusal: "invalid-schema" },
  ],
  [
    "a tool that requires confirmation",
    "deploy",
    '{"env": "prod"}',
    {
      status: "needs-approval",
      tool: "deploy",
      origin: "builtin",
      args: { env: "prod" },
      by: "tool",
      reason: "Tool 'deploy' asks for a person's approval of this call.",
      hints: expect.objectContaining({ readOnly: true }),
    },
  ],
  [
    "a tool that is not read-only, under confirmUnlessReadOnly",
    "write_note",
    { text: "hi" },
    {
      status: "needs-approval",
      args: { text: "hi" },
      by: "policy",
      reason: "The confirmation policy asks for a person's approval of this call to 'write_note'.",
      hints: expect.objectContaining({ readOnly: false }),
    },
  ],
  [
    "a tool whose confirmation check throws",
    "fussy",
    "",
    {
      status: "needs-approval",
      args: {},
      by: "tool",
      reason:
        "Tool 'fussy' could not tell whether this call needs approval (its check failed), so it does.",
    },
  ],
  [
    "a valid read-only call",
    "add",
    '{"a": 2, "b": 3}',
    { status: "ready", tool: "add", origin: "builtin", args: { a: 2, b: 3 } },
  ],
];

describe("ToolRegistry.check", () => {
  it.each(rows)("answers %s without running it or reporting an event", (_l, name, args, want) => {
    const { registry, events, ran } = registryWith(() => true);
    const result = registry.check(name, args);
    expect(result).toMatchObject(want);
    expect(result).not.toHaveProperty("callId");
    expect(ran).toEqual([]);
    expect(events).toEqual([]);
  });

  it.each(rows)("agrees with execute on %s", async (_label, name, args) => {
    const requests: ConfirmationRequest[] = [];
    const { registry, events, ran } = registryWith((request) => {
      requests.push(request);
      return true;
    });
    const check: CheckResult = registry.check(name, args, { callId: "c1" });
    expect(check.callId).toBe("c1");
    const result = await registry.executeChecked(name, args, { callId: "c1" });
    if (check.status === "refused") {
      expect(result).toEqual({ response: check.response, executed: false, callId: "c1" });
      expect(requests).toEqual([]);
      expect(ran).toEqual([]);
      const refusal = events.find((e) => e.type === "invalid" || e.type === "denied");
      expect(refusal?.tool).toBe(check.tool);
      expect(refusal?.origin).toBe(check.origin);
    } else if (check.status === "needs-approval") {
      expect(requests).toHaveLength(1);
      expect(requests[0]!.args).toEqual(check.args);
      expect(requests[0]!.hints).toEqual(check.hints);
      expect(requests[0]!.tool.name).toBe(check.tool);
      expect(result.executed).toBe(true);
      expect(ran).toEqual([name]);
    } else {
      expect(requests).toEqual([]);
      expect(result.executed).toBe(true);
      expect(ran).toEqual([name]);
      expect(events.find((e) => e.type === "start")).toMatchObject({ args: check.args });
    }
  });

  it.each(rows.filter((row) => (row[3] as { status: string }).status === "needs-approval"))(
    "never runs %s that needs approval when no person can be asked",
    async (_label, name, args) => {
      const { registry, ran } = registryWith();
      expect(registry.check(name, args).status).toBe("needs-approval");
      const result = await registry.executeChecked(name, args);
      expect(result.executed).toBe(false);
      expect(ran).toEqual([]);
    },
  );

  it("gives the validated arguments it would run with, parsed from the model's text", () => {
    const { registry } = registryWith();
    const result = registry.check("add", '{"b": 3, "a": 2}');
    expect(result).toEqual({
      status: "ready",
      tool: "add",
      origin: "builtin",
      args: { a: 2, b: 3 },
    });
  });

  it("never throws, for a name or arguments of any kind", () => {
    const { registry } = registryWith();
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error("trap");
        },
        get() {
          throw new Error("trap");
        },
      },
    );
    const odd: [unknown, unknown][] = [
      [42, {}],
      [undefined, "{}"],
      ["add", hostile],
      ["add", 7],
      ["add", null],
    ];
    for (const [name, args] of odd) {
      const result = registry.check(name as string, args as string);
      expect(result.status).toBe("refused");
    }
  });

  it("stays a question: a refused check then a refused execute report one event", async () => {
    const { registry, events } = registryWith();
    registry.check("vault", {});
    await registry.execute("vault", {});
    expect(events.map((e) => e.type)).toEqual(["denied"]);
  });

  it("does not ask the confirm callback", () => {
    let asked = 0;
    const { registry } = registryWith(() => {
      asked++;
      return true;
    });
    expect(registry.check("deploy", { env: "x" }).status).toBe("needs-approval");
    expect(asked).toBe(0);
  });

  it("sees tools registered and removed after an earlier check", () => {
    const { registry } = registryWith();
    expect(registry.check("later", {}).status).toBe("refused");
    registry.register(tool({ name: "later", hints: { readOnly: true }, execute: () => "" }));
    expect(registry.check("later", {}).status).toBe("ready");
    registry.unregister("later");
    expect(registry.check("later", {})).toMatchObject({ refusal: "unknown-tool" });
  });

  it("refuses a tool whose schema does not compile with the same text every time", async () => {
    const { registry } = registryWith();
    const first = await registry.execute("broken", { a: "x" });
    const second = await registry.execute("broken", { a: "x" });
    const check = registry.check("broken", { a: "x" });
    expect(second.text).toBe(first.text);
    expect(check).toMatchObject({ status: "refused", response: { text: first.text } });
  });
});
