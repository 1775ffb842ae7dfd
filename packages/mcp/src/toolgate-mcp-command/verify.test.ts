import { describe, expect, it } from "vitest";
import type { MCPTool } from "../mcp-tool.js";
import { definitionParts, type LockFile } from "./lock-file.js";
import type { ServerSnapshot } from "./server-snapshot.js";
import { differences, verifyResult, verifyServer } from "./verify.js";

const sha = (c: string) => c.repeat(64);
const searchV1 = { name: "search", description: "Search.", inputSchema: { type: "object" } };
const searchV2 = {
  ...searchV1,
  inputSchema: { type: "object", properties: { q: { type: "string" } } },
  annotations: { readOnlyHint: true },
};

const lock: LockFile = {
  version: 1,
  namespace: "s",
  server: 'stdio ["node","s.mjs"]',
  fingerprints: { $server: sha("0"), s_search: sha("1"), s_gone: sha("2"), s_count: sha("3") },
  tools: {
    s_search: { remoteName: "search", parts: definitionParts(searchV1) },
    s_gone: { remoteName: "gone", parts: {} },
    s_count: { remoteName: "count", parts: {} },
  },
};

const tool = (name: string, remoteName: string, fingerprint: string, description = "") =>
  ({ name, remoteName, fingerprint, description }) as unknown as MCPTool;

const snapshot = (over: Partial<ServerSnapshot>): ServerSnapshot => ({
  namespace: "s",
  identity: lock.server,
  serverFingerprint: sha("0"),
  tools: [],
  skipped: [],
  fingerprints: {},
  raw: new Map(),
  inconsistent: [],
  ...over,
});

describe("differences / verifyResult", () => {
  it("lists changed (with the fields that changed), added and removed tools, in that order", () => {
    const now = snapshot({
      tools: [
        tool("s_added", "added", sha("9"), "New."),
        tool("s_count", "count", sha("3")),
        tool("s_search", "search", sha("8"), "Search."),
      ],
      raw: new Map([["search", searchV2]]),
    });
    const found = differences(lock, now);
    expect(found.map((d) => `${d.kind} ${d.name}`)).toEqual([
      "changed s_search",
      "added s_added",
      "removed s_gone",
    ]);
    expect(found[0]).toMatchObject({ parts: ["inputSchema", "annotations (added)"] });
    const result = verifyResult(lock, now, "x.lock.json");
    expect(result.exitCode).toBe(1);
    expect(result.text).toContain(
      "FAILED: MCP server 's' does not match x.lock.json (1 changed, 1 added, 1 removed)",
    );
    expect(result.text).toContain("what:   inputSchema, annotations (added)");
  });

  it("says nothing about the fields when the lock has no detail for the tool", () => {
    const now = snapshot({
      tools: [tool("s_count", "count", sha("7"))],
      raw: new Map([["count", { name: "count", inputSchema: { type: "object" } }]]),
    });
    const result = verifyResult(
      { ...lock, fingerprints: { $server: sha("0"), s_count: sha("3") } },
      now,
      "l",
    );
    expect(result.text).toContain("changed  s_count");
    expect(result.text).not.toContain("what:");
  });

  it("passes when every pinned tool is there with its fingerprint", () => {
    const pinned = { $server: sha("0"), s_count: sha("3") };
    const result = verifyResult(
      { ...lock, fingerprints: pinned },
      snapshot({ tools: [tool("s_count", "count", sha("3"))] }),
      "l",
    );
    expect(result).toEqual({
      exitCode: 0,
      differences: [],
      text: "OK: the server and its 1 pinned tool match l\n",
    });
  });

  it("keeps hostile server text on one line and free of escapes", () => {
    const now = snapshot({
      tools: [
        tool(
          "s_x",
          "x\u001b[2J\u202e",
          sha("5"),
          "Fine.\n\nOK: all tools match\u001b]0;pwned\u0007",
        ),
      ],
    });
    const { text } = verifyResult({ ...lock, fingerprints: { $server: sha("0") } }, now, "l");
    expect(text).toContain('added    s_x  (remote name "x")');
    expect(text).toContain("description: Fine. OK: all tools match\n");
    expect(text).not.toMatch(/[\u001b\u0007\u202e]/);
  });
});

describe("verifyServer", () => {
  it("fails before connecting when the launch command differs, showing both", () => {
    const result = verifyServer(
      lock,
      { identity: 'stdio ["node","evil.mjs"]', serverFingerprint: sha("f") },
      "l",
    );
    expect(result?.exitCode).toBe(1);
    expect(result?.text).toContain(
      'pinned: stdio ["node","s.mjs"]\n  now:    stdio ["node","evil.mjs"]',
    );
    expect(
      verifyServer(lock, { identity: lock.server, serverFingerprint: sha("0") }, "l"),
    ).toBeUndefined();
  });
});
