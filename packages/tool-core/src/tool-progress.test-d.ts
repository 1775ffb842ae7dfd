import { describe, expectTypeOf, it } from "vitest";
import { tool } from "./define-tool.js";
import type { ToolContext } from "./tool-context.js";
import type { ToolProgress } from "./tool-progress.js";

describe("progress types", () => {
  it("a context's progress takes a ToolProgress and may be absent (a context made by hand)", () => {
    expectTypeOf<ToolContext["progress"]>().toEqualTypeOf<
      ((update: ToolProgress) => void) | undefined
    >();
    const context: ToolContext = { signal: new AbortController().signal };
    context.progress?.({ progress: 1, total: 2, message: "half" });
    // @ts-expect-error progress is a number
    context.progress?.({ progress: "1" });
  });

  it("an execute may be a generator, sync or async", () => {
    tool({
      name: "gen",
      async *execute() {
        yield { progress: 1 } satisfies ToolProgress;
        return "done";
      },
    });
    tool({
      name: "sync_gen",
      *execute() {
        yield { progress: 1 } satisfies ToolProgress;
        return "done";
      },
    });
  });
});
