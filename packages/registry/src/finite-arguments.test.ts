import { tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import type { ConfirmationRequest } from "./confirmation.js";
import type { ToolEvent } from "./tool-event.js";
import { ToolRegistry } from "./tool-registry.js";

// JSON numbers that overflow parse as ±Infinity, and arguments given as objects can hold
// Infinity or NaN: a tool must never get them, and a human asked to confirm must see exactly
// what will run (JSON shows Infinity and NaN as null).

const seen: unknown[] = [];
const open = tool({
  name: "open",
  parameters: { type: "object", additionalProperties: true },
  execute: (args) => {
    seen.push(args);
    return "ran";
  },
});

const NOT_FINITE: [string, () => unknown, string][] = [
  ["1e999 in JSON text", () => '{"limit": 1e999}', "'limit' is not a finite number (too large)"],
  ["-1e999 in JSON text", () => '{"x": -1e999}', "'x' is not a finite number (too small)"],
  [
    "an overflow inside an array in JSON text",
    () => '{"ids": [1, 2, 3E+400]}',
    "'ids[2]' is not a finite number (too large)",
  ],
  [
    "an overflow deep in nested objects in JSON text",
    () => '{"filter": {"range": {"to": 1.5e309}}}',
    "'filter.range.to' is not a finite number (too large)",
  ],
  [
    "an overflow under a key that needs quoting",
    () => '{"page size": {"max": -9e9999}}',
    `'["page size"].max' is not a finite number (too small)`,
  ],
  [
    "Infinity in an object",
    () => ({ limit: Number.POSITIVE_INFINITY }),
    "'limit' is not a finite number (too large)",
  ],
  [
    "-Infinity in an array in an object",
    () => ({ points: [[0, 1], [Number.NEGATIVE_INFINITY]] }),
    "'points[1][0]' is not a finite number (too small)",
  ],
  [
    "NaN nested in objects",
    () => ({ a: { b: { c: Number.NaN } } }),
    "'a.b.c' is not a finite number (NaN)",
  ],
];

describe("arguments with numbers that are not finite", () => {
  it.each(NOT_FINITE)("%s is an input error naming the path", async (_, make, problem) => {
    seen.length = 0;
    const events: ToolEvent[] = [];
    const registry = new ToolRegistry({ onEvent: (event) => events.push(event) });
    registry.register(open);
    for (const result of [
      await registry.executeChecked("open", make() as never),
      (await registry.executeBatch([{ name: "open", args: make() as never }]))[0]!,
    ]) {
      expect(result.response.text).toBe(`(input error: ${problem})`);
      expect(result.executed).toBe(false);
    }
    expect(seen).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(["invalid", "invalid"]);
  });

  it.each(NOT_FINITE)("%s never reaches a human asked to confirm", async (_, make) => {
    const asked: ConfirmationRequest[] = [];
    const registry = new ToolRegistry({
      confirm: (request) => {
        asked.push(request);
        return true;
      },
    });
    registry.register(
      tool({
        name: "risky",
        parameters: { type: "object", additionalProperties: true },
        requiresConfirmation: true,
        execute: () => "ran",
      }),
    );
    const response = await registry.execute("risky", make() as never);
    expect(response.isError).toBe(true);
    expect(asked).toEqual([]);
  });

  it("runs the largest and smallest finite numbers, and JSON that underflows to 0", async () => {
    seen.length = 0;
    const registry = new ToolRegistry();
    registry.register(open);
    const text = '{"max": 1.7976931348623157e308, "min": -1.7976931348623157e308, "tiny": 1e-999}';
    expect((await registry.execute("open", text)).text).toBe("ran");
    expect(seen).toEqual([{ max: Number.MAX_VALUE, min: -Number.MAX_VALUE, tiny: 0 }]);
    // And 1e999 is refused next to them.
    expect((await registry.execute("open", '{"max": 1e999}')).isError).toBe(true);
  });
});
