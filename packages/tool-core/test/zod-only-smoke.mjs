// Runs against the installed tarball of @toolgate/tool-core in a project with zod and no typebox.
import assert from "node:assert/strict";
import { ToolDefinitionError, tool } from "@toolgate/tool-core";
import { z } from "zod";

const schedule = tool({
  name: "schedule",
  parameters: z.object({
    title: z.string().min(1),
    tags: z.string().transform((t) => t.split(",")),
  }),
  execute: ({ title, tags }) => `${title} ${tags.length}`,
});
assert.equal(schedule.inputSchema.type, "object");
assert.deepEqual(schedule.inputSchema.required, ["title", "tags"]);
assert.equal(schedule.inputSchema.additionalProperties, false);
const result = await schedule.standardSchema["~standard"].validate({ title: "x", tags: "a,b" });
assert.deepEqual(result.value, { title: "x", tags: ["a", "b"] });
assert.throws(
  () => tool({ name: "dated", parameters: z.object({ when: z.date() }), execute: () => 1 }),
  (error) => ToolDefinitionError.isInstance(error) && /'dated'/.test(error.message),
);
console.log("@toolgate/tool-core with zod: ok");
