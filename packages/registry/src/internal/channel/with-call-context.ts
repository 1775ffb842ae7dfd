import type { ToolContext } from "@toolgate/tool-core";
import type { ToolEntry } from "./channel.js";

/**
 * The entry to run when the caller gave a per-call `context`: the same tool, whose `run` gets a
 * `ToolContext` that also carries `context`. Made only for such calls, so calls without one
 * keep run.ts's allocation-free path. Everything else reads through to the tool, so names,
 * origin, guard and events see the tool itself.
 */
export function withCallContext(entry: ToolEntry, context: unknown): ToolEntry {
  if (context === undefined) return entry;
  const tool = entry.tool;
  const run = (args: object, inner: ToolContext): unknown =>
    tool.run(args, {
      // Read through, so a call's signal is still made only when the tool reads it.
      get signal() {
        return inner.signal;
      },
      ...(inner.callId !== undefined && { callId: inner.callId }),
      ...(inner.maxResultChars !== undefined && { maxResultChars: inner.maxResultChars }),
      context,
    });
  // A proxy rather than a prototype child: the tool's own methods and getters then run on the
  // tool itself, so its private fields (`#definition`) stay readable to a guard that calls them.
  const wrapped = new Proxy(tool, {
    get(target, key) {
      if (key === "run") return run;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { ...entry, tool: wrapped };
}
