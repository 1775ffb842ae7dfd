import { describe, expect, it } from "vitest";
import { fingerprintTool } from "../fingerprint-tool.js";
import { definitionParts, formatLock, type LockFile, parseLock } from "./lock-file.js";

const sha = (c: string) => c.repeat(64);
const lock: LockFile = {
  version: 1,
  namespace: "docs",
  server: 'stdio ["node","server.mjs"]',
  fingerprints: { $server: sha("a"), docs_search: sha("b") },
  tools: { docs_search: { remoteName: "search", parts: { description: sha("c") } } },
};

describe("formatLock / parseLock", () => {
  it("round-trips, ends with a newline, and keeps the given key order", () => {
    const text = formatLock(lock);
    expect(text.endsWith("}\n")).toBe(true);
    expect(Object.keys(JSON.parse(text))).toEqual([
      "version",
      "namespace",
      "server",
      "fingerprints",
      "tools",
    ]);
    expect(parseLock(text)).toEqual({ ok: true, lock });
  });

  it("escapes every non-ASCII character, so nothing in the file is invisible to a reviewer", () => {
    const text = formatLock({ ...lock, server: 'stdio ["n\u200bode","caf\u00e9\u{E0041}"]' });
    expect(text).toMatch(/^[\x20-\x7e\n]*$/);
    expect(text).toContain("n\\u200bode");
    expect(text).toContain("\\udb40\\udc41");
    const parsed = parseLock(text);
    expect(parsed.ok && parsed.lock.server).toBe('stdio ["n\u200bode","caf\u00e9\u{E0041}"]');
  });

  it("accepts a lock without tools (fingerprints alone are enough)", () => {
    const { tools: _, ...bare } = lock;
    const parsed = parseLock(JSON.stringify(bare));
    expect(parsed.ok && parsed.lock.tools).toEqual({});
  });

  it.each([
    ["", ["not valid JSON"]],
    ["[]", ["the top level must be a JSON object"]],
    [
      JSON.stringify({ version: 3, namespace: "a_b", server: 1, fingerprints: [] }),
      [
        "version must be 1 or 2, got 3",
        "namespace must be 1-32 ASCII letters, digits or '-'",
        "server must be a string",
        "fingerprints must be an object of name → sha256 hex",
      ],
    ],
    [
      JSON.stringify({ ...lock, fingerprints: { docs_search: "ABC" } }),
      [
        'fingerprints must pin the server under "$server"',
        'fingerprints["docs_search"] must be 64 lowercase hex digits',
      ],
    ],
    [
      JSON.stringify({ ...lock, tools: { x: { parts: {} } } }),
      ['tools["x"] must have a remoteName'],
    ],
  ])("reports every problem of %j", (text, errors) => {
    const parsed = parseLock(text);
    expect(parsed.ok).toBe(false);
    const found = parsed.ok ? [] : parsed.errors;
    expect(found).toHaveLength(errors.length);
    for (const [i, error] of errors.entries()) expect(found[i]).toContain(error);
  });
});

describe("parseLock with hostile input", () => {
  const valid = JSON.parse(formatLock(lock));
  // Built as text: the test's own JSON.stringify would overflow at 20,000.
  const nested = (depth: number) => `${"[".repeat(depth)}"x"${"]".repeat(depth)}`;

  it.each([
    [31, true],
    [32, false],
    [20_000, false],
  ])("an extra field nested %i deep below the top level: accepted is %s", (depth, accepted) => {
    // The top level is one level; the lock's own values are at most 4 deep.
    const parsed = parseLock(
      JSON.stringify({ ...valid, extra: "D" }).replace('"D"', nested(depth)),
    );
    expect(parsed.ok).toBe(accepted);
    if (!parsed.ok)
      expect(parsed.errors).toEqual([expect.stringContaining("nested deeper than 32")]);
  });

  it.each([
    ["a number", 1],
    ["upper-case hex", "C".repeat(64)],
    ["an object", { sha: sha("c") }],
  ])("a tool's part given as %s is a problem naming it", (_, part) => {
    const tools = { docs_search: { remoteName: "search", parts: { description: part } } };
    const parsed = parseLock(JSON.stringify({ ...valid, tools }));
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      'tools["docs_search"].parts["description"] must be 64 lowercase hex digits',
    ]);
  });

  it.each([
    ["an escape", '{"a": \u001b[2J', "\u001b"],
    ["a bidi override", '{"a": \u202eevil', "\u202e"],
    ["a line break", '{"a": x\nFORGED', "\n"],
  ])("a parse error quoting %s shows it cleaned, on one line", (_, text, raw) => {
    const parsed = parseLock(text);
    const [error] = parsed.ok ? [] : parsed.errors;
    expect(error).toMatch(/^not valid JSON \(.+\)$/);
    expect(error).not.toContain(raw);
  });
});

describe("definitionParts", () => {
  it("hashes each present field on its own, key order not mattering", () => {
    const a = definitionParts({ name: "t", inputSchema: { type: "object", properties: {} } });
    const b = definitionParts({ inputSchema: { properties: {}, type: "object" }, name: "t" });
    expect(a).toEqual(b);
    expect(Object.keys(a)).toEqual(["name", "inputSchema"]);
    const changed = definitionParts({
      name: "t",
      description: "x",
      inputSchema: { type: "object", properties: {} },
    });
    expect(changed.inputSchema).toBe(a.inputSchema);
    expect(changed.description).toMatch(/^[0-9a-f]{64}$/);
  });

  it("covers the same fields as the fingerprint (a field the fingerprint ignores is ignored here)", () => {
    const base = { name: "t", inputSchema: { type: "object" } };
    const withExtra = { ...base, _meta: { x: 1 } };
    expect(fingerprintTool(withExtra)).toBe(fingerprintTool(base));
    expect(definitionParts(withExtra)).toEqual(definitionParts(base));
  });
});

describe("parseLock of a version 2 lock (definitions)", () => {
  const definition = { name: "search", description: "Search", inputSchema: { type: "object" } };
  const v2 = {
    ...lock,
    version: 2,
    fingerprints: { $server: sha("a"), docs_search: fingerprintTool(definition) },
    tools: {
      docs_search: { remoteName: "search", parts: definitionParts(definition), definition },
    },
  };

  it("accepts one whose definitions hash to their pins, keeping them exactly", () => {
    const parsed = parseLock(formatLock(v2 as LockFile));
    expect(parsed.ok && parsed.lock.tools.docs_search?.definition).toEqual(definition);
  });

  it("refuses one whose definition was edited by hand (exit 2 in verify)", () => {
    const edited = {
      ...v2,
      tools: {
        docs_search: { ...v2.tools.docs_search, definition: { ...definition, description: "x" } },
      },
    };
    expect(parseLock(JSON.stringify(edited))).toEqual({
      ok: false,
      errors: [
        'tools["docs_search"].definition does not match its pin in fingerprints (edited after pinning?)',
      ],
    });
  });
});
