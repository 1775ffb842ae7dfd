import { type Tool, tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../tool-registry.js";

const make = (name: string): Tool<object> =>
  tool({ name, description: `The ${name} tool`, execute: () => name }) as Tool<object>;

describe("registry.isSearchTool", () => {
  it.each([
    { case: "the default name", options: {}, name: "tool_search", expected: true },
    {
      case: "a configured name",
      options: { name: "find_tools" },
      name: "find_tools",
      expected: true,
    },
    {
      case: "the default name when renamed",
      options: { name: "find_tools" },
      name: "tool_search",
      expected: false,
    },
    { case: "an ordinary tool", options: {}, name: "get_weather", expected: false },
    { case: "an unknown name", options: {}, name: "nothing_here", expected: false },
  ])("says $expected for $case", ({ options, name, expected }) => {
    const registry = new ToolRegistry({ toolSearch: { defer: "always", ...options } });
    registry.register(make("get_weather"));
    expect(registry.isSearchTool(name)).toBe(expected);
  });

  it("is false for every name without the toolSearch option", () => {
    const registry = new ToolRegistry();
    registry.register(make("tool_search"));
    expect(registry.isSearchTool("tool_search")).toBe(false);
  });

  it("is false once another tool is registered over the search tool's name", () => {
    const registry = new ToolRegistry({ toolSearch: {} });
    registry.register(make("tool_search"), { overwrite: true });
    expect(registry.isSearchTool("tool_search")).toBe(false);
  });
});
