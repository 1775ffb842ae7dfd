import { Type } from "typebox";
import { expectTypeOf } from "vitest";
import { tool } from "./define-tool.js";
import type { Tool } from "./tool.js";

// tool() infers execute's argument type from the TypeBox schema: no generics by hand.
const search = tool({
  name: "search",
  parameters: Type.Object({
    query: Type.String(),
    limit: Type.Optional(Type.Integer()),
    mode: Type.Union([Type.Literal("fast"), Type.Literal("deep")]),
  }),
  execute(args) {
    expectTypeOf(args.query).toEqualTypeOf<string>();
    expectTypeOf(args.limit).toEqualTypeOf<number | undefined>();
    expectTypeOf(args.mode).toEqualTypeOf<"fast" | "deep">();
    // @ts-expect-error: 'qurey' is not a property of the schema
    void args.qurey;
    return args.query;
  },
  needsConfirmation: (args) => {
    expectTypeOf(args.mode).toEqualTypeOf<"fast" | "deep">();
    return false;
  },
});
expectTypeOf(search).toExtend<Tool<{ query: string; limit?: number; mode: "fast" | "deep" }>>();

// @ts-expect-error: execute is required
tool({ name: "broken" });

tool({
  name: "typed",
  // @ts-expect-error: execute takes n as a string, but the schema says number
  parameters: Type.Object({ n: Type.Number() }),
  execute: ({ n }: { n: string }) => n,
});

// A plain JSON object schema gives loosely typed arguments.
tool({
  name: "plain",
  parameters: { type: "object", properties: { a: { type: "string" } } },
  execute(args) {
    expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
  },
});

// No parameters: no arguments.
tool({
  name: "ping",
  execute(args) {
    expectTypeOf(args).toEqualTypeOf<Record<string, never>>();
    return "pong";
  },
});
