// With an OpenTelemetry SDK registered, a call's progress is recorded on its span as events
// (numbers only), so the span listens to progress like onEvent does.
import { context, trace } from "@opentelemetry/api";
import { AsyncHooksContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { tool } from "@toolgate/tool-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ToolRegistry } from "./tool-registry.js";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

beforeAll(() => {
  context.setGlobalContextManager(new AsyncHooksContextManager().enable());
  trace.setGlobalTracerProvider(provider);
});
afterAll(() => {
  trace.disable();
  context.disable();
});

it("records each progress event on the call's span, without its message", async () => {
  const registry = new ToolRegistry();
  registry.register(
    tool({
      name: "steps",
      async *execute() {
        yield { progress: 1, total: 2, message: "secret step" };
        await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
        yield { progress: 2 };
        return "done";
      },
    }),
  );
  expect((await registry.execute("steps", {})).text).toBe("done");
  const [span] = exporter.getFinishedSpans();
  expect(span?.name).toBe("execute_tool steps");
  expect(span?.events.map(({ name, attributes }) => ({ name, attributes }))).toEqual([
    {
      name: "toolgate.progress",
      attributes: { "toolgate.progress": 1, "toolgate.progress.total": 2 },
    },
    { name: "toolgate.progress", attributes: { "toolgate.progress": 2 } },
  ]);
});
