import type { StandardSchemaV1 } from "@standard-schema/spec";
import { Type } from "typebox";
import { expectTypeOf } from "vitest";
import { z } from "zod";
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

// A zod 4 object: execute gets the schema's OUTPUT (after transforms and defaults).
const zodTool = tool({
  name: "zod_search",
  parameters: z.object({
    query: z.string().min(1),
    limit: z.number().int().default(10),
    tags: z.string().transform((text) => text.split(",")),
    mode: z.enum(["fast", "deep"]).optional(),
  }),
  execute(args) {
    expectTypeOf(args.query).toEqualTypeOf<string>();
    expectTypeOf(args.limit).toEqualTypeOf<number>();
    expectTypeOf(args.tags).toEqualTypeOf<string[]>();
    expectTypeOf(args.mode).toEqualTypeOf<"fast" | "deep" | undefined>();
    // @ts-expect-error: 'qurey' is not a property of the schema
    void args.qurey;
    return args.query;
  },
  needsConfirmation: (args) => {
    expectTypeOf(args.tags).toEqualTypeOf<string[]>();
    return false;
  },
  hintsFor: (args) => {
    expectTypeOf(args.limit).toEqualTypeOf<number>();
    return undefined;
  },
});
expectTypeOf(zodTool).toExtend<
  Tool<{ query: string; limit: number; tags: string[]; mode?: "fast" | "deep" | undefined }>
>();
expectTypeOf(zodTool.standardSchema).toEqualTypeOf<StandardSchemaV1 | undefined>();

tool({
  name: "zod_typed",
  // @ts-expect-error: execute takes n as a string, but the schema says number
  parameters: z.object({ n: z.number() }),
  execute: ({ n }: { n: string }) => n,
});

// @ts-expect-error: a tool's arguments are an object, not a string
tool({ name: "zod_string", parameters: z.string(), execute: () => 1 });

// A zod object has `type: "object"` too: a mistyped execute must not fall back to plain JSON.
tool({
  name: "zod_no_fallback",
  // @ts-expect-error: tags is the schema's output, string[], not a string
  parameters: z.object({ tags: z.string().transform((t) => t.split(",")) }),
  execute: ({ tags }: { tags: string }) => tags,
});
