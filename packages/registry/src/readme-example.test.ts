import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runExample } from "./__fixtures__/readme-example.js";

describe("README example", () => {
  it("is the fixture, word for word", () => {
    const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
    const fixture = readFileSync(
      join(import.meta.dirname, "__fixtures__", "readme-example.ts"),
      "utf8",
    );
    expect(readme).toContain(fixture.replace('from "../index.js";', 'from "@toolgate/registry";'));
  });

  it("runs the tool-call loop as the README says", async () => {
    const { messages, questions, audit } = await runExample();
    expect(messages.slice(2, 5)).toEqual([
      {
        role: "tool",
        tool_call_id: "call_1",
        content: '{\n  "id": "42",\n  "status": "shipped"\n}',
      },
      { role: "tool", tool_call_id: "call_2", content: "refunded 5 EUR on order 42" },
      {
        role: "tool",
        tool_call_id: "call_3",
        content: "(input error: missing required argument 'amount')",
      },
    ]);
    expect(messages).toHaveLength(6);
    expect(questions).toEqual(['Run refund with {"order_id":"42","amount":5}?']);
    expect(audit.map((event) => event.type)).toEqual(["start", "end", "start", "end", "invalid"]);
  });
});
