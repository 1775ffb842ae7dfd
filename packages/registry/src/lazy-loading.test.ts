import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { JsonObjectSchema } from "@toolgate/tool-core";
import { describe, expect, it, vi } from "vitest";

// Importing the registry must stay cheap: ajv, ajv-formats, re2js and node:crypto load on first
// use. A child process shows what an import really loads: a resolve hook logs every module the
// import graph asks for, and `require.cache` lists the CommonJS files loaded either way.
const HOOKS = `import { writeSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  writeSync(2, "resolved " + result.url + "\\n");
  return result;
}`;
const REGISTER_HOOKS = `import { register } from "node:module";
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;

const CHILD = `import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const toolgate = await import("./src/index.ts");
const atImport = Object.keys(require.cache);
const { tool } = await import("@toolgate/tool-core");
const dated = tool({
  name: "dated",
  parameters: {
    type: "object",
    properties: { day: { type: "string", format: "date" }, code: { type: "string", pattern: "^a" } },
  },
  execute: () => "ok",
});
const registry = new toolgate.ToolRegistry();
registry.register(dated);
const good = await registry.execute("dated", { day: "2026-11-30", code: "ab" });
const bad = await registry.execute("dated", { day: "someday", code: "b" });
const wrapped = toolgate.defaultExternalContentGuard.wrap("hi", dated);
process.stdout.write(JSON.stringify({
  atImport,
  afterUse: Object.keys(require.cache),
  good: good.text,
  bad: bad.text,
  boundary: /boundary=([0-9a-f]{32})>>>/.exec(wrapped)?.[1],
}));`;

const LAZY = /\/node_modules\/(ajv|ajv-formats|re2js)\/|^node:crypto$/;

describe("lazy loading", () => {
  it("importing the registry loads neither ajv, ajv-formats, re2js nor node:crypto; first use does", () => {
    const child = spawnSync(
      process.execPath,
      [
        "--conditions=@toolgate/source",
        "--import",
        "tsx",
        "--import",
        `data:text/javascript,${encodeURIComponent(REGISTER_HOOKS)}`,
        "--input-type=module",
        "-e",
        CHILD,
      ],
      { cwd: join(import.meta.dirname, ".."), encoding: "utf8" },
    );
    if (child.status !== 0) throw new Error(`the child failed: ${child.stderr}`);
    const result = JSON.parse(child.stdout) as {
      atImport: string[];
      afterUse: string[];
      good: string;
      bad: string;
      boundary?: string;
    };
    // No `import` anywhere in the graph, static or dynamic, asks for them...
    const resolved = [...child.stderr.matchAll(/^resolved (.*)$/gm)].map((m) => m[1]!);
    expect(resolved.some((url) => url.endsWith("/src/tool-registry.ts"))).toBe(true);
    expect(resolved.filter((url) => LAZY.test(url))).toEqual([]);
    // ...and no `require` loads them while the registry is imported.
    expect(result.atImport.filter((path) => LAZY.test(path))).toEqual([]);
    // First use loads what it needs, and it works: formats, patterns and boundaries.
    const loaded = (name: string) =>
      result.afterUse.some((path) => path.includes(`/node_modules/${name}/`));
    expect(["ajv", "ajv-formats", "re2js"].filter((name) => !loaded(name))).toEqual([]);
    expect(result.good).toBe("ok");
    expect(result.bad).toMatch(/'day' must be a valid date/);
    expect(result.bad).toMatch(/'code' must match pattern/);
    expect(result.boundary).toMatch(/^[0-9a-f]{32}$/);
  });
});

// ajv-formats goes on an Ajv instance only when a schema mentions `format`; a schema compiled
// earlier without one must not leave the instance without formats for the next.
const FORMAT_PLACES: [string, Record<string, unknown>, unknown, unknown][] = [
  ["a property", { properties: { d: { type: "string", format: "date" } } }, { d: "x" }, {}],
  [
    "array items",
    { properties: { d: { type: "array", items: { type: "string", format: "date" } } } },
    { d: ["2026-11-30", "x"] },
    { d: ["2026-11-30"] },
  ],
  [
    "an anyOf branch",
    { properties: { d: { anyOf: [{ type: "integer" }, { type: "string", format: "date" }] } } },
    { d: "x" },
    { d: 3 },
  ],
  [
    "a definition reached by $ref",
    {
      definitions: { day: { type: "string", format: "date" } },
      properties: { d: { $ref: "#/definitions/day" } },
    },
    { d: "x" },
    { d: "2026-11-30" },
  ],
  [
    "ajv-formats' own formatMinimum keyword",
    { properties: { d: { type: "string", format: "date", formatMinimum: "2026-01-01" } } },
    { d: "2025-12-31" },
    { d: "2026-01-01" },
  ],
];

describe.each(["draft-07", "2019-09", "2020-12"])("formats, %s", (dialect) => {
  const $schema =
    dialect === "draft-07"
      ? "http://json-schema.org/draft-07/schema#"
      : `https://json-schema.org/draft/${dialect}/schema`;
  it.each(FORMAT_PLACES)("checks a format in %s after a schema without one", async (...row) => {
    const [, schema, bad, good] = row;
    // A fresh module: its Ajv instances are made by this test, the format-less schema first.
    vi.resetModules();
    const { argumentValidator } = await import("./internal/argument-validation.js");
    const plain = argumentValidator({ $schema, type: "object" } as JsonObjectSchema);
    expect(plain({ d: "x" })).toBe(true);
    const withFormat = argumentValidator({
      $schema,
      type: "object",
      ...schema,
    } as JsonObjectSchema);
    expect(withFormat(bad)).toBe(false);
    expect(withFormat(good)).toBe(true);
  });
});
