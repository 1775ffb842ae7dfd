import type { ToolRunnableConfig } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { decisionAwaits } from "./decision-awaits.js";

const ofCall = (id: unknown) => ({ lg_tool_call: { id } });
const config = (scratchpad: unknown): ToolRunnableConfig =>
  ({ configurable: { __pregel_scratchpad: scratchpad } }) as ToolRunnableConfig;

describe("decisionAwaits", () => {
  it.each([
    {
      name: "a bare resume value, in this call's task",
      scratchpad: {
        interruptCounter: -1,
        resume: [],
        nullResume: { approved: false },
        currentTaskInput: ofCall("a1"),
      },
      awaits: true,
    },
    {
      name: "a resume value for this task's next interrupt",
      scratchpad: {
        interruptCounter: -1,
        resume: [{ approved: false }],
        currentTaskInput: ofCall("a1"),
      },
      awaits: true,
    },
    {
      name: "a resume value already taken by an interrupt before (another's, e.g. a middleware's)",
      scratchpad: {
        interruptCounter: 0,
        resume: [{ approved: false }],
        currentTaskInput: ofCall("a1"),
      },
      awaits: false,
    },
    {
      name: "no resume value (a first run)",
      scratchpad: { interruptCounter: -1, resume: [], currentTaskInput: ofCall("a1") },
      awaits: false,
    },
    {
      name: "a task of another call",
      scratchpad: {
        interruptCounter: -1,
        resume: [],
        nullResume: true,
        currentTaskInput: ofCall("b1"),
      },
      awaits: false,
    },
    {
      name: "a task of several calls (a ToolNode fed messages)",
      scratchpad: {
        interruptCounter: -1,
        resume: [true],
        nullResume: true,
        currentTaskInput: { messages: [] },
      },
      awaits: false,
    },
    { name: "no scratchpad (outside a graph)", scratchpad: undefined, awaits: false },
    { name: "a scratchpad that is not an object", scratchpad: "x", awaits: false },
    {
      name: "a resume list that is not a list",
      scratchpad: { interruptCounter: -1, resume: "abc", currentTaskInput: ofCall("a1") },
      awaits: false,
    },
  ])("$name: $awaits", ({ scratchpad, awaits }) => {
    expect(decisionAwaits(config(scratchpad), "a1")).toBe(awaits);
  });

  it("a call without an id never awaits one (it cannot be told from the others)", () => {
    const scratchpad = {
      interruptCounter: -1,
      resume: [],
      nullResume: true,
      currentTaskInput: ofCall(undefined),
    };
    expect(decisionAwaits(config(scratchpad), undefined)).toBe(false);
    expect(decisionAwaits({}, undefined)).toBe(false);
  });
});
