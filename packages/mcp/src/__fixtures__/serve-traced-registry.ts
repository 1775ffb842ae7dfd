// Serves the demo registry over stdio with the OpenTelemetry SDK registered, for the trace
// propagation test (run with tsx). Each finished span is appended as one JSON line to the file
// named by TOOLGATE_SPANS_FILE, synchronously when it ends: before the server answers the call.
import { appendFileSync } from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { context, trace } from "@opentelemetry/api";
import { AsyncHooksContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  type ReadableSpan,
  SimpleSpanProcessor,
  type SpanExporter,
} from "@opentelemetry/sdk-trace-base";
import { serveRegistry } from "../serve-registry.js";
import { demoRegistry } from "./demo-registry.js";

const file = process.env.TOOLGATE_SPANS_FILE;
if (file === undefined) throw new Error("TOOLGATE_SPANS_FILE is not set");

const toFile: SpanExporter = {
  export(spans: ReadableSpan[], done) {
    for (const span of spans) {
      const line = {
        name: span.name,
        kind: span.kind,
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
        parentSpanId: span.parentSpanContext?.spanId,
        attributes: span.attributes,
      };
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    }
    done({ code: 0 });
  },
  shutdown: () => Promise.resolve(),
};

context.setGlobalContextManager(new AsyncHooksContextManager().enable());
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(toFile)] }),
);

const server = serveRegistry(demoRegistry({ confirm: () => true }), {
  name: "demo",
  version: "1.0.0",
});
await server.connect(new StdioServerTransport());
