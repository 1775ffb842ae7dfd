// Type-checked under `strict` (skipLibCheck off) in a project that has zod and NOT typebox: the
// installed tarball's .d.ts must not need typebox, and zod schemas type a tool's arguments.
import { type Tool, tool } from "@toolgate/tool-core";
import { z } from "zod";

export const schedule: Tool<{ title: string; tags: string[] }> = tool({
  name: "schedule",
  parameters: z.object({ title: z.string(), tags: z.string().transform((t) => t.split(",")) }),
  execute: ({ title, tags }) => `${title.toUpperCase()} ${tags.length}`,
});
export const plain = tool({
  name: "plain",
  parameters: { type: "object", properties: { a: { type: "string" } } },
  execute: (args: Record<string, unknown>) => String(args.a),
});
tool({
  name: "wrong",
  // @ts-expect-error: tags is the schema's output, string[], not a string
  parameters: z.object({ tags: z.string().transform((t) => t.split(",")) }),
  execute: ({ tags }: { tags: string }) => tags,
});
