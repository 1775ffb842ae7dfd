import { describe, expect, it } from "vitest";
import { ToolNameFilter } from "./tool-name-filter.js";

describe("ToolNameFilter globs", () => {
  const cases: [pattern: string, name: string, matches: boolean][] = [
    ["search", "search", true],
    ["search", "search_issues", false],
    ["search", "Search", false],
    ["search_*", "search_issues", true],
    ["search_*", "search_", true],
    ["search_*", "search", false],
    ["*_issue", "get_issue", true],
    ["*_issue", "get_issues", false],
    ["*", "anything at all", true],
    ["*", "", true],
    ["get_?", "get_a", true],
    ["get_?", "get_ab", false],
    ["get_?", "get_", false],
    ["a*b*c", "abc", true],
    ["a*b*c", "axxbyyc", true],
    ["a*b*c", "axxcyyb", false],
    ["a*b?d*e", "abxdqqbzde", true],
    ["a*b?d*e", "abxxdqe", false],
    ["*ab*ab*", "abab", true],
    ["*ab*ab*", "aab", false],
    ["?*?", "ab", true],
    ["?*?", "a", false],
    ["a.c", "abc", false], // a dot is a dot: globs are not regular expressions
    ["[ab]", "a", false],
    ["(a+)+$", "aaaa", false],
  ];
  it.each(cases)("%j against %j: %s", (pattern, name, matches) => {
    expect(new ToolNameFilter({ include: [pattern] }).selects(name)).toBe(matches);
  });

  it("exclude wins over include; no include selects everything not excluded", () => {
    const filter = new ToolNameFilter({ include: ["repo_*"], exclude: ["repo_delete*"] });
    expect(filter.selects("repo_list")).toBe(true);
    expect(filter.selects("repo_delete")).toBe(false);
    expect(filter.selects("issue_list")).toBe(false);
    const only = new ToolNameFilter({ exclude: ["*admin*"] });
    expect(only.selects("list")).toBe(true);
    expect(only.selects("set_admin_role")).toBe(false);
    expect(new ToolNameFilter({ include: [] }).selects("list")).toBe(false);
  });

  it("a hostile glob against a long name ends: no backtracking", () => {
    // A backtracking matcher (or the RegExp /^(a*)*b$/) takes exponential time here.
    const pattern = `${"a*".repeat(499)}b`;
    const filter = new ToolNameFilter({ include: [pattern] });
    expect(filter.selects("a".repeat(1000))).toBe(false);
    expect(filter.selects(`${"a".repeat(998)}ab`)).toBe(true);
  });

  const bad: [options: unknown, message: RegExp][] = [
    [null, /loadTools options must be an object/],
    [{ include: "search_*" }, /loadTools include must be an array/],
    [{ exclude: [1] }, /loadTools exclude\[0\] must be a non-empty string/],
    [{ include: [""] }, /loadTools include\[0\] must be a non-empty string/],
    [{ include: ["a".repeat(1001)] }, /include\[0\] .* is longer than 1000 characters/],
    [{ include: Array.from({ length: 1001 }, () => "a") }, /more than 1000 patterns/],
  ];
  it.each(bad)("refuses %j with a TypeError", (options, message) => {
    expect(() => new ToolNameFilter(options as never)).toThrow(TypeError);
    expect(() => new ToolNameFilter(options as never)).toThrow(message);
  });
});
