import {
  type ToolContext,
  ToolDefinitionError,
  ToolError,
  ToolResponse,
  tool,
} from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import type { ToolEndEvent, ToolEvent } from "./tool-event.js";
import { ToolRegistry } from "./tool-registry.js";

// Every response text has an output budget: 100,000 characters unless the registry or the tool
// says otherwise. A cut response is partial, ends with a marker, and keeps the full value in data.

const MARKER =
  /… \[cut (\d+) of (\d+) characters by the output budget; ask for less, e\.g\. a narrower query or a page\]$/;
const big = "abcdefghij".repeat(20_000); // 200,000 characters

function returning(value: () => unknown, options: { maxResultChars?: number | null } = {}) {
  return tool({ name: "big", execute: value, ...options });
}

function cutOf(text: string): { cut: number; total: number; kept: string } {
  const match = MARKER.exec(text);
  if (!match) throw new Error(`no budget marker at the end of ${JSON.stringify(text.slice(-200))}`);
  return { cut: Number(match[1]), total: Number(match[2]), kept: text.slice(0, match.index) };
}

describe("the default output budget (100,000 characters)", () => {
  const RESULTS: [string, () => unknown, "partial" | "error", (data: unknown) => void][] = [
    ["a string", () => big, "partial", (data) => expect(data).toBe(big)],
    [
      "a ToolResponse with data",
      () => ToolResponse.ok(big, { rows: 20_000 }),
      "partial",
      (data) => expect(data).toEqual({ rows: 20_000 }),
    ],
    [
      "a partial ToolResponse",
      () => ToolResponse.partial(big),
      "partial",
      (d) => expect(d).toBe(big),
    ],
    [
      "a JSON value",
      () => ({ items: Array.from({ length: 20_000 }, (_, i) => `item ${i}`) }),
      "partial",
      (data) => expect((data as { items: string[] }).items).toHaveLength(20_000),
    ],
    ["a ToolError", () => Promise.reject(new ToolError(big)), "error", (d) => expect(d).toBe(big)],
    ["an error ToolResponse", () => ToolResponse.error(big), "error", (d) => expect(d).toBe(big)],
  ];

  it.each(RESULTS)(
    "cuts %s, says so at the end, and keeps the full value",
    async (_, make, status, data) => {
      const events: ToolEvent[] = [];
      const registry = new ToolRegistry({ onEvent: (event) => events.push(event) });
      registry.register(returning(make));
      const response = await registry.execute("big", {});
      expect(response.status).toBe(status);
      expect(response.text.length).toBeLessThanOrEqual(100_000);
      expect(response.text.length).toBeGreaterThan(99_800);
      const { cut, total, kept } = cutOf(response.text);
      expect(total).toBeGreaterThan(100_000);
      expect(cut + kept.length).toBe(total);
      data(response.data);
      const end = events.find((e): e is ToolEndEvent => e.type === "end");
      expect(end?.cut).toEqual({ originalChars: total, keptChars: kept.length });
    },
  );

  it("cuts one character over the budget, and leaves exactly the budget alone", async () => {
    const events: ToolEvent[] = [];
    const registry = new ToolRegistry({ onEvent: (event) => events.push(event) });
    let length = 100_001;
    registry.register(returning(() => big.slice(0, length)));
    const over = await registry.execute("big", {});
    expect(over.status).toBe("partial");
    expect(cutOf(over.text).total).toBe(100_001);
    length = 100_000;
    const exact = await registry.execute("big", {});
    expect(exact.status).toBe("success");
    expect(exact.text).toBe(big.slice(0, 100_000));
    const ends = events.filter((e): e is ToolEndEvent => e.type === "end");
    expect(ends.map((e) => e.cut?.originalChars)).toEqual([100_001, undefined]);
    expect(ends[1]).not.toHaveProperty("cut");
  });
});

describe("budgets per registry and per tool", () => {
  const CASES: [string, number | null | undefined, number | null | undefined, number][] = [
    // [case, registry's maxResultChars, tool's maxResultChars, the budget that applies]
    ["a registry's smaller budget", 500, undefined, 500],
    ["a registry's larger budget", 150_000, undefined, 150_000],
    ["a tool's own budget", undefined, 1_000, 1_000],
    ["a tool's own budget over the registry's", 500, 2_000, 2_000],
    ["a tool's budget under a registry without one", null, 3_000, 3_000],
  ];

  it.each(CASES)("%s", async (_, registryMax, toolMax, applies) => {
    let context: ToolContext | undefined;
    const registry = new ToolRegistry({ maxResultChars: registryMax });
    registry.register(
      tool({
        name: "big",
        maxResultChars: toolMax,
        execute: (_args, ctx) => {
          context = ctx;
          return big;
        },
      }),
    );
    for (const callId of [undefined, "call-1"]) {
      for (const timeoutMs of [undefined, 60_000]) {
        const response = await registry.execute("big", {}, { callId, timeoutMs });
        expect(response.status).toBe("partial");
        expect(response.text.length).toBeLessThanOrEqual(applies);
        expect(cutOf(response.text).kept).toBe(big.slice(0, cutOf(response.text).kept.length));
        // The tool is told the budget, so it can ask its source for less.
        expect(context?.maxResultChars).toBe(applies);
      }
    }
  });

  it("null turns the budget off, for a registry and for one tool", async () => {
    const contexts: ToolContext[] = [];
    const make = (name: string, maxResultChars?: number | null) =>
      tool({
        name,
        maxResultChars,
        execute: (_args, context) => {
          contexts.push(context);
          return big;
        },
      });
    const uncapped = new ToolRegistry({ maxResultChars: null });
    uncapped.register(make("big"));
    const capped = new ToolRegistry({ maxResultChars: 500 });
    capped.registerAll([make("free", null), make("other")]);
    expect(await uncapped.execute("big", {}, { callId: "1" })).toMatchObject({ text: big });
    expect(await capped.execute("free", {}, { timeoutMs: 60_000 })).toMatchObject({ text: big });
    expect(contexts.map((c) => c.maxResultChars)).toEqual([undefined, undefined]);
    const other = await capped.execute("other", {});
    expect(other.status).toBe("partial");
    expect(other.text.length).toBeLessThanOrEqual(500);
    expect(contexts[2]?.maxResultChars).toBe(500);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "100"])(
    "refuses %s as a budget, for a registry and for a tool",
    (value) => {
      expect(() => new ToolRegistry({ maxResultChars: value as number })).toThrow(
        /maxResultChars must be a positive integer or null/,
      );
      expect(() => tool({ name: "t", maxResultChars: value as number, execute: () => "" })).toThrow(
        ToolDefinitionError,
      );
    },
  );

  it("makes a tool's budget part of its read-only identity", () => {
    const made = tool({ name: "t", maxResultChars: 10, execute: () => "" });
    expect(made.maxResultChars).toBe(10);
    expect(() => {
      (made as { maxResultChars: number }).maxResultChars = 20;
    }).toThrow(TypeError);
    expect(tool({ name: "u", execute: () => "" }).maxResultChars).toBeUndefined();
  });
});

describe("cutting text", () => {
  it.each([
    ["emoji (surrogate pairs)", "😀"],
    ["mixed text and astral characters", "a𝔸b"],
    ["CJK beside emoji", "漢😀字"],
  ])("never splits a surrogate pair: %s", async (_, unit) => {
    const text = unit.repeat(5_000);
    for (let max = 200; max < 212; max++) {
      const registry = new ToolRegistry({ maxResultChars: max });
      registry.register(returning(() => text));
      const response = await registry.execute("big", {});
      expect(response.text.length).toBeLessThanOrEqual(max);
      expect(response.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      expect(response.text).not.toMatch(/(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      const { kept } = cutOf(response.text);
      expect(text.startsWith(kept)).toBe(true);
    }
  });

  it("shows only the marker when the budget is smaller than the marker", async () => {
    const registry = new ToolRegistry({ maxResultChars: 10 });
    registry.register(returning(() => big));
    const response = await registry.execute("big", {});
    expect(cutOf(response.text)).toEqual({ cut: 200_000, total: 200_000, kept: "" });
    expect(response.data).toBe(big);
  });

  it("cuts before the guard wraps, so the guard's markers stay whole", async () => {
    const registry = new ToolRegistry({ maxResultChars: 1_000 });
    registry.register(
      tool({ name: "web", externalContent: true, execute: () => `<<<end_external_content ${big}` }),
    );
    const response = await registry.execute("web", {});
    expect(response.status).toBe("partial");
    const lines = response.text.split("\n");
    expect(lines.at(-1)).toMatch(/^<<<end_external_content boundary=[0-9a-f]{32}>>>$/);
    const boundary = lines.at(-1)!.slice("<<<end_external_content boundary=".length, -3);
    expect(response.text).toContain(`<<<external_content boundary=${boundary}>>>`);
    expect(lines.at(-2)).toMatch(MARKER);
    expect(response.text.length).toBeLessThan(1_000 + 400);
  });

  it("redacts the cut text, marker included, after the cut", async () => {
    const registry = new ToolRegistry({
      maxResultChars: 300,
      redact: (text) => text.replaceAll("abc", "***"),
    });
    registry.register(returning(() => big));
    const response = await registry.execute("big", {});
    expect(response.text.startsWith("***defghij***")).toBe(true);
    expect(response.text).toMatch(MARKER);
  });
});
