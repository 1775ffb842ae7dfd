// What toolgate-mcp prints when a lock file or a server is hostile: the command in process (the
// same `main` the bin runs), real MCP server processes where a server is needed.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { captureIO } from "./__fixtures__/capture-io.js";
import { main } from "./main.js";

const server = join(import.meta.dirname, "__fixtures__", "pin-server.mjs");
const stdio = (variant: string) => [
  "--env",
  `PIN_SERVER_VARIANT=${variant}`,
  "--",
  process.execPath,
  server,
];
const sha = (c: string) => c.repeat(64);

/**
 * Hostile text of each kind. Wherever a payload breaks a line, the next line starts with FORGED,
 * so a forged line is easy to find.
 */
const PAYLOADS: [string, string][] = [
  ["CSI sequences (clear screen, colours)", "ok\u001b[2J\u001b[1;31mred\u001b[0m\u001b[Hend"],
  [
    "an OSC 8 hyperlink and an OSC title",
    "\u001b]8;;https://evil.example/\u0007click me\u001b]8;;\u0007\u001b]0;pwned\u001b\\",
  ],
  ["bidi overrides and isolates", "abc\u202eFORGED\u202c \u2067def\u2069 \u200fx\u061cy"],
  [
    "every kind of line break",
    "a\nFORGED b\r\nFORGED c\rFORGED d\u2028FORGED e\u2029FORGED f\u0085FORGED g\u000bFORGED h\u000cFORGED i",
  ],
  [
    "C1 controls, zero-width and tag characters",
    "a\u009b2J\u009d0;t\u009c\u200b\u200d\u2060\ufeff\u00ad\u{E0041}\u{E0042}b",
  ],
  ["5 MB with a forged line at the end", `${"A".repeat(5_000_000)}\nFORGED OK: all match`],
];

// Written apart from the sanitizer's own list: what must never reach a terminal.
const HIDDEN =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u206f\ufeff\u{e0000}-\u{e007f}]/u;

/** Nothing hidden, no line of its own for server text, and no multi-megabyte output. */
function expectSafe(text: string, forgedLine = /^\s*FORGED/m) {
  expect(text).not.toMatch(HIDDEN);
  expect(text).not.toMatch(forgedLine);
  expect(text.length).toBeLessThan(20_000);
}

async function run(argv: string[], files: Record<string, string> = {}) {
  const { io, out } = captureIO(files);
  const code = await main(argv, io);
  return { code, ...out };
}

const validLock = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    version: 1,
    namespace: "server",
    server: 'stdio ["node","server.mjs"]',
    fingerprints: { $server: sha("0") },
    ...over,
  });

const verifyLock = (lock: string) =>
  run(["verify", "--lock", "l.json", "--", "/nonexistent/server"], { "l.json": lock });

describe("toolgate-mcp with a hostile lock file", () => {
  it.each(PAYLOADS)("the lock's server field with %s: one clean line, exit 1", async (_, p) => {
    const out = await verifyLock(validLock({ server: p }));
    expect(out.code).toBe(1);
    expect(out.stdout).toContain("the server command or URL differs");
    expect(out.stdout).toMatch(/^ {2}pinned: .+\n {2}now: {4}stdio \["\/nonexistent\/server"\]$/m);
    expectSafe(out.stdout + out.stderr);
  });

  // JSON.stringify already escaped C0 escapes here, so the CSI and OSC payloads are left out.
  it.each(PAYLOADS.slice(2))(
    "key names and values with %s in a malformed lock: exit 2",
    async (_, p) => {
      const out = await verifyLock(
        JSON.stringify({
          version: p,
          namespace: "server",
          server: "x",
          fingerprints: { $server: sha("0"), [p]: "not hex" },
          tools: { [p]: { remoteName: "r" }, ok: { remoteName: "r", parts: { [p]: "not hex" } } },
        }),
      );
      expect(out.code).toBe(2);
      expect(out.stderr).toContain("version must be 1 or 2, got ");
      expect(out.stderr).toContain("must be 64 lowercase hex digits");
      expect(out.stderr).toContain("must have a remoteName string and a parts object");
      expectSafe(out.stdout + out.stderr);
    },
  );

  // V8 already cuts its excerpt of a long input, so the 5 MB payload is left out.
  it.each(PAYLOADS.slice(0, 5))(
    "a lock that is not JSON, with %s where the parser stops",
    async (_, p) => {
      const out = await verifyLock(`{"version": 1, "server": ${p}`);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain("is malformed:\n  not valid JSON (");
      expectSafe(out.stdout + out.stderr);
    },
  );

  it("lists 20 problems and counts the rest, however many keys are bad", async () => {
    const fingerprints = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`server_t${i}`, "bad"]),
    );
    const out = await verifyLock(
      validLock({ fingerprints: { $server: sha("0"), ...fingerprints } }),
    );
    expect(out.code).toBe(2);
    expect(out.stderr.match(/must be 64 lowercase hex digits/g)).toHaveLength(20);
    expect(out.stderr).toContain("… and 9980 more problems");
  });

  // Each lock holds "D" where the nesting goes; the nesting is arrays, or objects when asked.
  const arrays = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
  const tools = { t: { remoteName: "t", parts: { name: "D" } } };
  it.each([
    ["the version", 33, validLock({ version: "D" }), arrays],
    ["the version", 20_000, validLock({ version: "D" }), arrays],
    ["the version", 1_000_000, validLock({ version: "D" }), arrays],
    ["the top level", 20_000, '"D"', arrays],
    ["the server field", 20_000, validLock({ server: "D" }), arrays],
    ["a fingerprint", 20_000, validLock({ fingerprints: { $server: "D" } }), arrays],
    ["a tool's parts", 20_000, validLock({ tools }), arrays],
    ["an unknown field", 20_000, validLock({ extra: "D" }), arrays],
    ["an unknown field, as objects", 20_000, validLock({ extra: "D" }), objects],
    ["an unknown field, as objects", 1_000_000, validLock({ extra: "D" }), objects],
  ])("a lock nested deep in %s (%i levels): exit 2 saying so", async (_, depth, lock, nest) => {
    const out = await verifyLock(lock.replace('"D"', nest(depth)));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("nested deeper than 32 levels");
    expect(out.stderr).not.toContain("RangeError");
    expect(out.stdout).toBe("");
  });
});

describe("toolgate-mcp with hostile names in a lock that matches the server", {
  timeout: 120_000,
}, () => {
  let lock: { fingerprints: Record<string, string> };
  let out: { code: number; stdout: string; stderr: string };
  beforeAll(async () => {
    const pinned = await run(["pin", ...stdio("baseline")]);
    expect(pinned.code).toBe(0);
    lock = JSON.parse(pinned.stdout);
    // Every payload is a pinned name the server no longer lists: each gets a "removed" line.
    for (const [i, [, p]] of PAYLOADS.entries()) lock.fingerprints[`server_${i}${p}`] = sha("1");
    out = await run(["verify", "--lock", "l.json", ...stdio("baseline")], {
      "l.json": JSON.stringify(lock),
    });
  }, 120_000);

  it.each(PAYLOADS.map(([name], i) => [name, i]))(
    "a removed name with %s: one clean line",
    (_, i) => {
      expect(out.code).toBe(1);
      expect(out.stdout).toMatch(new RegExp(`^removed  server_${i}.*\\n {9}pinned: 1{64}$`, "m"));
      expectSafe(out.stdout + out.stderr, /^\s*FORGED/m);
    },
  );
});

describe("toolgate-mcp inspect and pin with a server that forges lines", {
  timeout: 120_000,
}, () => {
  it.each([
    [
      "a title (the description forges a tool header too)",
      "forge-title",
      "  title:       Count\n               FORGED hints:       readOnly=true\n               FORGEDbold\n  description:",
    ],
    ["an annotation title", "forge-annotation-title", "               FORGED server_x  (remote"],
    ["a property name in the schema (a warning's where)", "forge-schema-key", "q\\nFORGED"],
    [
      "100,000 hidden tag characters (spelled out in a warning)",
      "forge-hidden-text",
      "chars in all]",
    ],
  ])("%s: every line of server text indented, nothing hidden", async (_, variant, shown) => {
    const inspected = await run(["inspect", ...stdio(variant)]);
    expect(inspected.code).toBe(0);
    expect(inspected.stdout).toContain(shown);
    // The report's own lines start at column 0 or 2; server text continues at column 15.
    expectSafe(inspected.stdout + inspected.stderr, /^ {0,14}FORGED/m);
    const pinned = await run(["pin", ...stdio(variant)]);
    expect(pinned.code).toBe(0);
    expectSafe(pinned.stderr);
  });
});

describe("toolgate-mcp when the server fails with lines of its own on stderr", {
  timeout: 120_000,
}, () => {
  // Escapes in these messages were already removed; the lines they could start were not.
  it.each([
    ["a newline", "\n"],
    ["CRLF", "\r\n"],
    ["a line separator", "\u2028"],
    ["a paragraph separator", "\u2029"],
    ["blank lines and an escape", "\n\n\u001b[2K"],
  ])("%s: one clean line, exit 3", async (_, lineBreak) => {
    const text = `missing key${lineBreak}FORGED OK: all tools match${lineBreak}`;
    const script = `process.stderr.write(${JSON.stringify(text)}); process.exit(4)`;
    const out = await run(["pin", "--", process.execPath, "-e", script]);
    expect(out.code).toBe(3);
    expect(out.stderr).toContain("missing key");
    expect(out.stderr).toContain("FORGED OK");
    expect(out.stderr.trimEnd().split("\n")).toHaveLength(1);
    expectSafe(out.stdout + out.stderr);
  });
});
