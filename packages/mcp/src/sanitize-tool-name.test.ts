import { TOOL_NAME_PATTERN } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { sanitizeToolName, uniqueToolName } from "./sanitize-tool-name.js";

describe("sanitizeToolName", () => {
  it("keeps a valid name as it is", () => {
    expect(sanitizeToolName("github_search-issues2")).toBe("github_search-issues2");
  });

  it("replaces every disallowed character with '_'", () => {
    expect(sanitizeToolName("fs.read file/äö")).toBe("fs_read_file___");
    expect(sanitizeToolName("a\u200bb\u{E0041}c")).toBe("a_b__c");
  });

  it("cuts to 64 characters and never returns an empty name", () => {
    expect(sanitizeToolName("x".repeat(100))).toBe("x".repeat(64));
    expect(sanitizeToolName("")).toBe("_");
  });

  it("always satisfies the name rule, whatever the input", () => {
    for (const input of ["", "💣".repeat(40), "a b", "\u0000", "-".repeat(70), "ns_ok"]) {
      expect(sanitizeToolName(input)).toMatch(TOOL_NAME_PATTERN);
    }
  });

  it.each([42, null, undefined, { name: "x" }, ["x"]])("refuses %s, naming its type", (name) => {
    expect(() => sanitizeToolName(name as unknown as string)).toThrow(
      new TypeError(`tool name must be a string, got ${typeof name}`),
    );
  });

  it.each([
    ["every allowed character class", "AZaz09_-", "AZaz09_-"],
    ["characters just outside the allowed ranges", "@[`{/:", "______"],
    ["a disallowed character at each end", ".a.", "_a_"],
    ["65 characters cut to 64", `${"a".repeat(63)}bc`, `${"a".repeat(63)}b`],
    ["64 characters kept", "b".repeat(64), "b".repeat(64)],
    ["a name of one character", "z", "z"],
  ])("%s", (_label, input, expected) => {
    expect(sanitizeToolName(input)).toBe(expected);
  });
});

describe("uniqueToolName", () => {
  it("adds _2, _3 to names already taken, staying within 64 characters", () => {
    const taken = new Set<string>();
    expect(uniqueToolName("ns_a", taken)).toBe("ns_a");
    expect(uniqueToolName("ns_a", taken)).toBe("ns_a_2");
    expect(uniqueToolName("ns_a", taken)).toBe("ns_a_3");
    const long = "y".repeat(64);
    expect(uniqueToolName(long, taken)).toBe(long);
    const second = uniqueToolName(long, taken);
    expect(second).toBe(`${"y".repeat(62)}_2`);
    expect(second).toMatch(TOOL_NAME_PATTERN);
  });
});
