// Spans with the real OpenTelemetry SDK: every call through the registry is an
// `execute_tool {tool}` span (GenAI conventions) with toolgate's decision, the tool runs in its
// context, and arguments and results are recorded only when opted in, redacted.
import { context, ProxyTracerProvider, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncHooksContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { ToolResponse, tool } from "@toolgate/tool-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ToolEvent } from "./tool-event.js";
import { ToolPermissions } from "./tool-permissions.js";
import { type ExecuteOptions, ToolRegistry, type ToolRegistryOptions } from "./tool-registry.js";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncHooksContextManager();

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
  trace.setGlobalTracerProvider(provider);
});
afterAll(() => {
  trace.disable();
  context.disable();
});
beforeEach(() => exporter.reset());

const KEY = "k".repeat(32);
const appTracer = trace.getTracer("app");

function setUp(options: ToolRegistryOptions = {}) {
  const events: ToolEvent[] = [];
  const registry = new ToolRegistry({
    permissions: new ToolPermissions({ deny: ["forbidden"] }),
    maxResultChars: 20,
    onEvent: (event) => events.push(event),
    ...options,
  });
  registry.registerAll([
    tool({
      name: "echo",
      description: "Echoes its text.",
      parameters: { type: "object", properties: { text: { type: "string" } } },
      execute: (args) => String(args.text ?? "ok"),
    }),
    tool({ name: "forbidden", execute: () => "never" }),
    tool({ name: "ask", requiresConfirmation: true, execute: () => "asked" }),
    tool({
      name: "hang",
      execute: () => new Promise(() => {}),
    }),
    tool({
      name: "boom",
      execute: () => {
        throw new TypeError("secret detail");
      },
    }),
    tool({ name: "sorry", execute: () => ToolResponse.error("could not") }),
    tool({
      name: "nested",
      execute: async () => {
        appTracer.startSpan("inside, synchronously").end();
        await new Promise((resolve) => setTimeout(resolve, 1));
        appTracer.startSpan("inside, after a wait").end();
        return "nested";
      },
    }),
  ]);
  return { registry, events };
}

function callSpans(): ReadableSpan[] {
  return exporter.getFinishedSpans().filter((s) => s.name.startsWith("execute_tool"));
}

function only(): ReadableSpan {
  const spans = callSpans();
  expect(spans).toHaveLength(1);
  return spans[0]!;
}

const aborted = AbortSignal.abort(new Error("stop"));

// label, tool, args, registry options, execute options, span name, attributes, error type
const decisions: [
  string,
  string,
  unknown,
  ToolRegistryOptions,
  ExecuteOptions,
  string,
  Record<string, unknown>,
  string | undefined,
][] = [
  [
    "ran",
    "echo",
    { text: "hi" },
    {},
    {},
    "execute_tool echo",
    { "toolgate.decision": "ran" },
    undefined,
  ],
  [
    "cut by the output budget",
    "echo",
    { text: "x".repeat(50) },
    {},
    {},
    "execute_tool echo",
    {
      "toolgate.decision": "cut",
      "toolgate.output.original_chars": 50,
      "toolgate.output.kept_chars": expect.any(Number),
    },
    undefined,
  ],
  [
    "an unknown tool (its name kept out of the span name)",
    "nope",
    {},
    {},
    {},
    "execute_tool",
    {
      "toolgate.decision": "invalid",
      "toolgate.reason": "unknown-tool",
      "gen_ai.tool.name": "nope",
    },
    "unknown-tool",
  ],
  [
    "invalid arguments",
    "echo",
    { text: 1 },
    {},
    {},
    "execute_tool echo",
    { "toolgate.decision": "invalid", "toolgate.reason": "invalid-arguments" },
    "invalid-arguments",
  ],
  [
    "invalid JSON",
    "echo",
    "{",
    {},
    {},
    "execute_tool echo",
    { "toolgate.decision": "invalid", "toolgate.reason": "invalid-json" },
    "invalid-json",
  ],
  [
    "denied by the permissions",
    "forbidden",
    {},
    {},
    {},
    "execute_tool forbidden",
    { "toolgate.decision": "denied", "toolgate.reason": "permissions" },
    "denied",
  ],
  [
    "denied for want of a confirmation",
    "ask",
    {},
    {},
    {},
    "execute_tool ask",
    { "toolgate.decision": "denied", "toolgate.reason": "confirmation" },
    "denied",
  ],
  [
    "declined by the person asked",
    "ask",
    {},
    { confirm: () => false },
    {},
    "execute_tool ask",
    { "toolgate.decision": "declined" },
    "declined",
  ],
  [
    "awaiting approval",
    "ask",
    {},
    { approval: { key: KEY } },
    {},
    "execute_tool ask",
    {
      "toolgate.decision": "awaiting-approval",
      "toolgate.approval.pending_id": expect.any(String),
    },
    undefined,
  ],
  [
    "a grant refused",
    "ask",
    {},
    { approval: { key: KEY } },
    { approval: "not-a-grant" },
    "execute_tool ask",
    { "toolgate.decision": "approval-refused", "toolgate.reason": "malformed-token" },
    "approval_refused",
  ],
  [
    "timed out",
    "hang",
    {},
    {},
    { timeoutMs: 5 },
    "execute_tool hang",
    { "toolgate.decision": "timed-out" },
    "timeout",
  ],
  [
    "cancelled",
    "hang",
    {},
    {},
    { signal: aborted },
    "execute_tool hang",
    { "toolgate.decision": "cancelled" },
    "cancelled",
  ],
  [
    "a tool that throws",
    "boom",
    {},
    {},
    {},
    "execute_tool boom",
    { "toolgate.decision": "failed" },
    "TypeError",
  ],
  [
    "a tool that answers an error itself",
    "sorry",
    {},
    {},
    {},
    "execute_tool sorry",
    { "toolgate.decision": "ran", "toolgate.response.status": "error" },
    "tool_error",
  ],
];

describe("call spans", () => {
  it.each(decisions)(
    "names and attributes the span of a call %s",
    async (_label, name, args, options, executeOptions, spanName, attributes, errorType) => {
      const { registry } = setUp(options);
      const result = await registry.executeChecked(name, args as string, {
        callId: "call-7",
        ...executeOptions,
      });
      const span = only();
      expect(span.name).toBe(spanName);
      expect(span.kind).toBe(SpanKind.INTERNAL);
      expect(span.instrumentationScope.name).toBe("@toolgate/registry");
      expect(span.attributes).toMatchObject({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.call.id": "call-7",
        "gen_ai.tool.type": "function",
        "gen_ai.tool.name": name,
        "toolgate.response.status": result.response.status,
        ...attributes,
      });
      if (name !== "nope") {
        expect(span.attributes["toolgate.tool.origin"]).toBe("builtin");
        expect(span.attributes["gen_ai.tool.description"]).toBe(registry.get(name)!.description);
      }
      expect(span.attributes["error.type"]).toBe(errorType);
      expect(span.status.code).toBe(
        errorType === undefined ? SpanStatusCode.UNSET : SpanStatusCode.ERROR,
      );
      // Nothing of the call's content unless opted in; never the thrown error's message.
      expect(span.attributes).not.toHaveProperty("gen_ai.tool.call.arguments");
      expect(span.attributes).not.toHaveProperty("gen_ai.tool.call.result");
      const { attributes: all, status, events, links } = span;
      expect(JSON.stringify({ all, status, events, links })).not.toContain("secret detail");
    },
  );

  it("is a child of the caller's active span, and the tool's own spans are its children", async () => {
    const { registry } = setUp();
    await appTracer.startActiveSpan("agent turn", async (turn) => {
      await registry.execute("nested", {});
      turn.end();
    });
    const spans = exporter.getFinishedSpans();
    const byName = (n: string) => spans.find((s) => s.name === n)!;
    const turn = byName("agent turn");
    const call = byName("execute_tool nested");
    expect(call.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
    expect(call.spanContext().traceId).toBe(turn.spanContext().traceId);
    for (const inner of ["inside, synchronously", "inside, after a wait"]) {
      expect(byName(inner).parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    }
    // The caller's context is back once the call is over.
    expect(trace.getActiveSpan()).toBeUndefined();
  });

  it("gives concurrent calls of a batch their own spans, each with its own call id", async () => {
    const { registry } = setUp();
    registry.register(
      tool({
        name: "wait",
        parallel: true,
        execute: () => new Promise((resolve) => setTimeout(resolve, 2, "done")),
      }),
    );
    const results = await registry.executeBatch([
      { name: "wait", args: {} },
      { id: "b", name: "wait", args: {} },
    ]);
    const ids = callSpans().map((s) => s.attributes["gen_ai.tool.call.id"]);
    expect(ids.sort()).toEqual(results.map((r) => r.callId).sort());
    expect(ids).toContain("b");
  });

  it("makes the call id a call without one is traced with, and the result and events carry it", async () => {
    const registry = new ToolRegistry();
    registry.register(tool({ name: "echo", execute: () => "ok" }));
    const result = await registry.executeChecked("echo", {});
    expect(result.callId).toMatch(/^tg-/);
    expect(only().attributes["gen_ai.tool.call.id"]).toBe(result.callId);
  });

  it("still hands every event to onEvent, even when the listener throws", async () => {
    const seen: string[] = [];
    const { registry } = setUp({
      onEvent: (event) => {
        seen.push(event.type);
        throw new Error("listener bug");
      },
    });
    expect((await registry.execute("echo", {})).text).toBe("ok");
    expect(seen).toEqual(["start", "end"]);
    expect(only().attributes["toolgate.decision"]).toBe("ran");
  });

  it("makes no span with tracing: false, and the tool sees the caller's span", async () => {
    const { registry } = setUp({ tracing: false });
    let inside: string | undefined;
    registry.register(
      tool({
        name: "peek",
        execute: () => {
          inside = trace.getActiveSpan()?.spanContext().spanId;
          return "";
        },
      }),
    );
    await appTracer.startActiveSpan("caller", async (caller) => {
      await registry.execute("peek", {});
      expect(inside).toBe(caller.spanContext().spanId);
      caller.end();
    });
    expect(callSpans()).toEqual([]);
  });

  it("uses a tracer provider given in the options instead of the global one", async () => {
    const own = new InMemorySpanExporter();
    const ownProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(own)] });
    const { registry } = setUp({ tracing: { tracerProvider: ownProvider } });
    await registry.execute("echo", {});
    expect(callSpans()).toEqual([]);
    expect(own.getFinishedSpans().map((s) => s.name)).toEqual(["execute_tool echo"]);
  });

  it("with no SDK behind its provider, makes no id and runs the tool in the caller's context", async () => {
    const registry = new ToolRegistry({ tracing: { tracerProvider: new ProxyTracerProvider() } });
    let inside: string | undefined;
    registry.register(
      tool({
        name: "peek",
        execute: () => {
          inside = trace.getActiveSpan()?.spanContext().spanId;
          return "";
        },
      }),
    );
    const result = await registry.executeChecked("peek", {});
    expect(result.callId).toBeUndefined();
    expect(inside).toBeUndefined();
  });

  it.each([
    ["tracing", 1],
    ["tracing: { tracerProvider }", { tracerProvider: {} }],
    ["tracing: { recordArguments }", { recordArguments: "yes" }],
  ])("refuses a bad %s option at construction", (_label, tracing) => {
    expect(() => new ToolRegistry({ tracing: tracing as never })).toThrow(TypeError);
  });
});

describe("recorded arguments and results (opt-in)", () => {
  const SECRET = "sk-live-1234";
  const redact = (text: string) => text.replaceAll(SECRET, "[redacted]");

  it("records them only after redaction", async () => {
    const { registry } = setUp({
      redact,
      maxResultChars: null,
      tracing: { recordArguments: true, recordResults: true },
    });
    await registry.execute("echo", { text: `key ${SECRET}` });
    const span = only();
    expect(span.attributes["gen_ai.tool.call.arguments"]).toBe('{"text":"key [redacted]"}');
    expect(span.attributes["gen_ai.tool.call.result"]).toBe("key [redacted]");
    expect(JSON.stringify(span.attributes)).not.toContain(SECRET);
  });

  it("records each one only when its own option is on", async () => {
    const { registry } = setUp({ tracing: { recordResults: true } });
    await registry.execute("echo", { text: "hello" });
    expect(only().attributes).not.toHaveProperty("gen_ai.tool.call.arguments");
    expect(only().attributes["gen_ai.tool.call.result"]).toBe("hello");
  });

  it("records the arguments of a call that awaits approval, and of a declined one", async () => {
    for (const options of [{ approval: { key: KEY } }, { confirm: () => false }]) {
      exporter.reset();
      const { registry } = setUp({ ...options, redact, tracing: { recordArguments: true } });
      registry.register(
        tool({
          name: "pay",
          requiresConfirmation: true,
          parameters: { type: "object", properties: { card: { type: "string" } } },
          execute: () => "paid",
        }),
      );
      await registry.execute("pay", { card: SECRET });
      expect(only().attributes["gen_ai.tool.call.arguments"]).toBe('{"card":"[redacted]"}');
    }
  });

  it("leaves the arguments out when redact throws, or they cannot be made JSON", async () => {
    const throwing = setUp({
      redact: (text) => {
        if (text.includes(SECRET)) throw new Error("redactor down");
        return text;
      },
      tracing: { recordArguments: true },
    });
    await throwing.registry.execute("echo", { text: SECRET });
    expect(only().attributes).not.toHaveProperty("gen_ai.tool.call.arguments");
    exporter.reset();
    const { registry } = setUp({ tracing: { recordArguments: true } });
    registry.register(
      tool({
        name: "big",
        parameters: { type: "object", properties: { n: { type: "integer" } } },
        execute: () => "",
      }),
    );
    // A BigInt cannot be JSON: never reaches here through the schema, so the channel's own
    // refusal is what the span shows, without arguments.
    await registry.execute("big", { n: 10n } as never);
    expect(only().attributes).not.toHaveProperty("gen_ai.tool.call.arguments");
  });
});
