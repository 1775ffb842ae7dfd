import { type Tool, type ToolResponse, tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { expectTypeOf } from "vitest";
import type { ConfirmationPolicy } from "./confirmation.js";
import { type ExecutionResult, ToolRegistry } from "./tool-registry.js";

const add = tool({
  name: "add",
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
  execute: ({ a, b }) => a + b,
});
const registry = new ToolRegistry();

// Typed tools register without casts, and come back as plain `Tool`s.
registry.register(add);
registry.registerAll([add, tool({ name: "noop", execute: () => undefined })]);
expectTypeOf(registry.list()).toExtend<Tool[]>();
expectTypeOf(registry.get("add")).toExtend<Tool | undefined>();

expectTypeOf(registry.execute("add", '{"a":1,"b":2}')).resolves.toEqualTypeOf<ToolResponse>();
expectTypeOf(
  registry.executeChecked("add", { a: 1, b: 2 }),
).resolves.toEqualTypeOf<ExecutionResult>();
expectTypeOf(registry.executeBatch([{ id: "1", name: "add", args: "{}" }])).resolves.toEqualTypeOf<
  ExecutionResult[]
>();
// @ts-expect-error: arguments are an object or a JSON string
void registry.execute("add", 42);

// A policy written against the design's signature fits.
const policy: ConfirmationPolicy = (t: Tool, args: Record<string, unknown>) =>
  t.name === "add" && Object.keys(args).length > 0;
expectTypeOf(new ToolRegistry({ confirmationPolicy: policy })).toEqualTypeOf<ToolRegistry>();
