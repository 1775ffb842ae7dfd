// OpenTelemetry across MCP with the real SDK: the client's `tools/call {tool}` CLIENT span (child
// of the host registry's `execute_tool` span) carries its context in `params._meta`, and
// serveRegistry's SERVER span continues it, in memory and over a real stdio round trip to a
// child process that writes its finished spans to a file.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncHooksContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { ToolRegistry } from "@toolgate/registry";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoRegistry } from "./__fixtures__/demo-registry.js";
import { MCPClient } from "./mcp-client.js";
import { serveRegistry } from "./serve-registry.js";

const exporter = new InMemorySpanExporter();
beforeAll(() => {
  context.setGlobalContextManager(new AsyncHooksContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
});
afterAll(() => {
  trace.disable();
  context.disable();
});
beforeEach(() => exporter.reset());

const open: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

const app = trace.getTracer("app");

/** A served demo registry and a client on an in-memory pair; `sent` logs what the client sent. */
async function inMemory() {
  const server = serveRegistry(demoRegistry({ confirm: () => true }), {
    name: "demo",
    version: "1.0.0",
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sent: JSONRPCMessage[] = [];
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };
  await server.connect(serverSide);
  const client = new MCPClient({ namespace: "demo", transport: clientSide });
  open.push(client);
  await client.connect();
  const host = new ToolRegistry({ confirm: () => true });
  host.registerAll(await client.loadTools());
  return { host, client, sent };
}

function named(spans: readonly ReadableSpan[], name: string, kind?: SpanKind): ReadableSpan {
  const found = spans.filter((s) => s.name === name && (kind === undefined || s.kind === kind));
  expect(found, name).toHaveLength(1);
  return found[0]!;
}

function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}

describe("MCP spans in one process", () => {
  it("makes initialize and tools/list CLIENT spans, children of the caller's span", async () => {
    await app.startActiveSpan("connect", async (outer) => {
      await inMemory();
      outer.end();
    });
    const spans = exporter.getFinishedSpans();
    const outer = named(spans, "connect");
    for (const method of ["initialize", "tools/list"]) {
      const span = named(spans, method, SpanKind.CLIENT);
      expect(span.attributes["mcp.method.name"]).toBe(method);
      expect(parentOf(span)).toBe(outer.spanContext().spanId);
      expect(span.status.code).not.toBe(SpanStatusCode.ERROR);
    }
  });

  it("links turn, execute_tool, the tools/call client span, the server span and the served execute_tool", async () => {
    const { host, sent } = await inMemory();
    exporter.reset(); // the connection's own initialize and tools/list spans are another trace
    await app.startActiveSpan("turn", async (turn) => {
      expect((await host.execute("demo_add", { a: 2, b: 3 })).text).toContain("5");
      turn.end();
    });
    const spans = exporter.getFinishedSpans();
    const turn = named(spans, "turn");
    const hostCall = named(spans, "execute_tool demo_add");
    const client = named(spans, "tools/call add", SpanKind.CLIENT);
    const server = named(spans, "tools/call add", SpanKind.SERVER);
    const served = named(spans, "execute_tool add");
    expect(parentOf(hostCall)).toBe(turn.spanContext().spanId);
    expect(parentOf(client)).toBe(hostCall.spanContext().spanId);
    expect(parentOf(server)).toBe(client.spanContext().spanId);
    expect(server.parentSpanContext?.isRemote).toBe(true);
    expect(parentOf(served)).toBe(server.spanContext().spanId);
    expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(
      new Set([turn.spanContext().traceId]),
    );
    for (const span of [client, server]) {
      expect(span.attributes).toMatchObject({
        "mcp.method.name": "tools/call",
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "add",
      });
      expect(span.instrumentationScope.name).toBe("@toolgate/mcp");
      expect(span.status.code).toBe(SpanStatusCode.UNSET);
    }
    // What went over the wire: the client span's context, in the request's _meta.
    const call = sent.find((m) => "method" in m && m.method === "tools/call") as {
      params: { _meta?: Record<string, unknown> };
    };
    const { traceId, spanId } = client.spanContext();
    // Beside what else `_meta` carries (a progressToken when the caller listens to progress).
    expect(call.params._meta).toMatchObject({ traceparent: `00-${traceId}-${spanId}-01` });
    expect(call.params._meta).not.toHaveProperty("tracestate");
  });

  it("marks a result with isError as tool_error on both sides", async () => {
    const { host } = await inMemory();
    expect((await host.execute("demo_ship", {})).isError).toBe(true);
    const spans = exporter.getFinishedSpans();
    for (const kind of [SpanKind.CLIENT, SpanKind.SERVER]) {
      const span = named(spans, "tools/call ship", kind);
      expect(span.attributes["error.type"]).toBe("tool_error");
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
    }
  });

  it("names the JSON-RPC error code of an unknown tool, and keeps its name out of span names", async () => {
    const { client } = await inMemory();
    const response = await client.callTool("no_such_tool", {});
    expect(response.isError).toBe(true);
    const spans = exporter.getFinishedSpans();
    const clientSpan = named(spans, "tools/call no_such_tool", SpanKind.CLIENT);
    const server = named(spans, "tools/call", SpanKind.SERVER);
    expect(server.attributes).not.toHaveProperty("gen_ai.tool.name");
    for (const span of [clientSpan, server]) {
      expect(span.attributes["error.type"]).toBe("-32602");
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
    }
  });

  it("starts a new trace on the server for a request with a forged or no traceparent", async () => {
    const server = serveRegistry(demoRegistry(), { name: "demo", version: "1.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const answers: JSONRPCMessage[] = [];
    clientSide.onmessage = (message) => answers.push(message);
    await clientSide.start();
    const forged = ["00-zz-yy-01", `00-${"0".repeat(32)}-${"1".repeat(16)}-01`, undefined];
    for (const [i, traceparent] of forged.entries()) {
      await clientSide.send({
        jsonrpc: "2.0",
        id: i + 1,
        method: "tools/call",
        params: { name: "add", arguments: { a: 1, b: 1 }, _meta: { traceparent } },
      });
    }
    await expect.poll(() => answers.length).toBe(3);
    const servers = exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.SERVER);
    expect(servers).toHaveLength(3);
    for (const span of servers) expect(span.parentSpanContext).toBeUndefined();
    await clientSide.close();
  });
});

describe("MCP spans over a real stdio round trip", () => {
  it("makes the client span (this process) the parent of the server's span (a child process)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolgate-spans-"));
    const file = join(dir, "spans.jsonl");
    try {
      const client = new MCPClient({
        namespace: "demo",
        command: process.execPath,
        args: [
          "--conditions=@toolgate/source",
          "--import",
          "tsx",
          join(import.meta.dirname, "__fixtures__", "serve-traced-registry.ts"),
        ],
        cwd: join(import.meta.dirname, ".."),
        env: { TOOLGATE_SPANS_FILE: file },
        timeoutMs: 60_000,
      });
      open.push(client);
      await client.connect();
      const host = new ToolRegistry({ confirm: () => true });
      host.registerAll(await client.loadTools());
      await app.startActiveSpan("turn", async (turn) => {
        expect((await host.execute("demo_add", { a: 2, b: 3 })).text).toContain("5");
        turn.end();
      });
      const clientSpan = named(exporter.getFinishedSpans(), "tools/call add", SpanKind.CLIENT);
      // The server wrote its spans before it answered.
      const remote = readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const server = remote.find((s) => s.name === "tools/call add")!;
      const served = remote.find((s) => s.name === "execute_tool add")!;
      expect(server.kind).toBe(SpanKind.SERVER);
      expect(server.traceId).toBe(clientSpan.spanContext().traceId);
      expect(server.parentSpanId).toBe(clientSpan.spanContext().spanId);
      expect(served.parentSpanId).toBe(server.spanId);
      expect(served.attributes).toMatchObject({ "toolgate.decision": "ran" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
