import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../../src/index.js";
import { realTools } from "./real-registry.js";
import { TASK_QUERIES } from "./task-queries.js";

// Retrieval quality without a model: 218 tasks over 123 real tools (server-everything, the GitHub
// and filesystem MCP servers' published lists, toolgate's builtins), each with the tool that
// should serve it. The queries were written before the ranking was tuned (see task-queries.ts).
describe("tool search retrieval on real servers' tools", () => {
  const registry = new ToolRegistry({ toolSearch: { defer: "always" } });
  registry.registerAll(realTools());

  it("labels only tools the fixture holds, with at least 200 queries", () => {
    expect(TASK_QUERIES.length).toBeGreaterThanOrEqual(200);
    for (const [, expected] of TASK_QUERIES) expect(registry.has(expected), expected).toBe(true);
  });

  it("puts the expected tool in the top 5 for at least 95% of tasks (and reports top 1)", () => {
    let top1 = 0;
    let top5 = 0;
    const misses: string[] = [];
    for (const [query, expected] of TASK_QUERIES) {
      const names = registry.searchTools(query, { limit: 5 }).map((match) => match.name);
      if (names[0] === expected) top1++;
      if (names.includes(expected)) top5++;
      else misses.push(`  "${query}": expected ${expected}, got ${names.join(", ") || "nothing"}`);
    }
    const percent = (n: number) => `${((100 * n) / TASK_QUERIES.length).toFixed(1)}%`;
    console.log(
      `tool search retrieval: top-1 ${top1}/${TASK_QUERIES.length} (${percent(top1)}), ` +
        `top-5 ${top5}/${TASK_QUERIES.length} (${percent(top5)})\nmissed in the top 5:\n${misses.join("\n")}`,
    );
    expect(top5 / TASK_QUERIES.length).toBeGreaterThanOrEqual(0.95);
    // A floor for the first place, well under today's figure, to catch a ranking regression.
    expect(top1 / TASK_QUERIES.length).toBeGreaterThanOrEqual(0.7);
  });
});
