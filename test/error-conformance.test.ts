// Every error class a toolgate package exports follows one model (STYLE.md point 5, issue 11):
// it extends tool-core's `ToolgateError`, its `name` is its class name, its codes come from its
// package's own `<PACKAGE>_ERROR_CODES` map and begin with the class's name, and its own static
// `isInstance` recognises its instances, a look-alike from a second installed copy (the
// `Symbol.for` brand alone), and nothing else. The classes are found by reading every entry point
// each package.json publishes, so a new exported error class fails here until it follows the
// model and has a sample below.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { SearchProviderError } from "../packages/builtins/src/index.js";
import {
  MCP_ERROR_CODES,
  MCPClientError,
  type MCPClientErrorCode,
  PinningError,
} from "../packages/mcp/src/index.js";
import { LinearPatternError, ToolRegistrationError } from "../packages/registry/src/index.js";
import {
  ToolDefinitionError,
  ToolError,
  ToolgateError,
  ToolInputError,
  toolgateErrorCode,
} from "../packages/tool-core/src/index.js";

const PACKAGES_DIR = join(import.meta.dirname, "..", "packages");
const BRAND = Symbol.for("toolgate.error");

type ErrorClass = (abstract new (
  ...args: never[]
) => Error) & {
  isInstance?: (value: unknown) => boolean;
};

/**
 * Instances of each exported error class, one per code it can carry. A class missing here fails
 * the test: add a sample for each of its codes.
 */
const SAMPLES: Record<string, () => Error[]> = {
  ToolError: () => [new ToolError("x")],
  ToolInputError: () => [new ToolInputError("x")],
  ToolDefinitionError: () => [new ToolDefinitionError("x")],
  ToolRegistrationError: () => [new ToolRegistrationError("x", { toolName: "t" })],
  LinearPatternError: () => [new LinearPatternError("(a)\\1", "backreferences need backtracking")],
  PinningError: () => [new PinningError([{ name: "t", expected: "a" }], "ns")],
  MCPClientError: () =>
    Object.values(MCP_ERROR_CODES)
      .filter((code): code is MCPClientErrorCode => code !== MCP_ERROR_CODES.pinning)
      .map((code) => new MCPClientError(code, "x", { namespace: "ns" })),
  SearchProviderError: () => [new SearchProviderError("HTTP 429")],
};

interface Entry {
  /** e.g. `@toolgate/tool-core/internal`. */
  readonly entry: string;
  readonly packageName: string;
  readonly exports: Record<string, unknown>;
}

/** An error class as the test sees it: where it is exported and what its samples are. */
interface Checked {
  readonly name: string;
  readonly Class: ErrorClass;
  readonly packageName: string;
  readonly instances: readonly Error[];
}

/** Every entry point of every package, imported from its source (the `@toolgate/source` path). */
async function loadEntries(): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (const dir of readdirSync(PACKAGES_DIR).sort()) {
    const manifest = JSON.parse(readFileSync(join(PACKAGES_DIR, dir, "package.json"), "utf8")) as {
      name: string;
      exports: Record<string, string | Record<string, string>>;
    };
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === "string") continue; // ./package.json
      const source = target["@toolgate/source"];
      if (source === undefined) throw new Error(`${manifest.name} ${subpath} has no source path`);
      const url = pathToFileURL(join(PACKAGES_DIR, dir, source)).href;
      entries.push({
        entry: join(manifest.name, subpath),
        packageName: manifest.name,
        exports: (await import(url)) as Record<string, unknown>,
      });
    }
  }
  return entries;
}

function isErrorClass(value: unknown): value is ErrorClass {
  return typeof value === "function" && value.prototype instanceof Error;
}

/** `MCPClientError` → `MCP_CLIENT_ERROR`. */
function screamingSnake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toUpperCase();
}

/** `@toolgate/tool-core` → `TOOL_CORE_ERROR_CODES`. */
function mapName(packageName: string): string {
  return `${packageName.replace("@toolgate/", "").replaceAll("-", "_").toUpperCase()}_ERROR_CODES`;
}

/** What a second installed copy's error looks like to this copy: only the brand is shared. */
function lookAlike(code: string): object {
  const error = new Error("from another copy");
  Object.defineProperty(error, BRAND, { value: code });
  return error;
}

function codeOf(error: Error): string {
  return String((error as Partial<ToolgateError>).code);
}

/**
 * Where `checked` departs from the model, as readable lines (none when it conforms). `all` are
 * every package's classes, for the checks that `isInstance` tells them apart; `codes` is its
 * package's map.
 */
function modelProblems(
  checked: Checked,
  all: readonly Checked[],
  codes: readonly string[] | undefined,
): string[] {
  const { name, Class, packageName, instances } = checked;
  const problems: string[] = [];
  if (!(Class.prototype instanceof ToolgateError)) problems.push("does not extend ToolgateError");
  if (!Object.hasOwn(Class, "isInstance"))
    problems.push("declares no static isInstance of its own");
  if (instances.length === 0) problems.push("has no sample in test/error-conformance.test.ts");
  if (codes === undefined) problems.push(`${packageName} exports no ${mapName(packageName)}`);
  const prefix = screamingSnake(name).replace(/_ERROR$/, "");
  for (const error of instances) {
    const code = codeOf(error);
    if (!(error instanceof Class)) problems.push(`its sample is not an instance of ${name}`);
    if (error.name !== name) problems.push(`its name is '${error.name}', not '${name}'`);
    if (codes !== undefined && !codes.includes(code)) {
      problems.push(`code ${code} is not in ${mapName(packageName)}`);
    }
    if (toolgateErrorCode(error) !== code) problems.push(`code ${code} is not its brand`);
    if (code !== screamingSnake(name) && !code.startsWith(`${prefix}_`)) {
      problems.push(`code ${code} does not begin with ${prefix}_`);
    }
    if (Class.isInstance?.(error) !== true) problems.push(`isInstance is false for its ${code}`);
    if (Class.isInstance?.(lookAlike(code)) !== true) {
      problems.push(`isInstance is false for a ${code} from another copy`);
    }
    if (Class.isInstance?.(new Error(error.message)) !== false) {
      problems.push("isInstance is true for a plain Error");
    }
    if (Class.isInstance?.({ name, code, message: error.message }) !== false) {
      problems.push("isInstance is true for an unbranded look-alike");
    }
  }
  for (const other of all) {
    for (const error of other.instances) {
      const expected = error instanceof Class;
      const code = codeOf(error);
      if (
        Class.isInstance?.(error) !== expected ||
        Class.isInstance?.(lookAlike(code)) !== expected
      ) {
        problems.push(`isInstance is ${!expected} for a ${other.name} (${code})`);
      }
    }
  }
  return problems;
}

const entries = await loadEntries();
const mainEntries = entries.filter((e) => e.entry === e.packageName);
const found: Checked[] = [];
for (const { packageName, exports } of entries) {
  for (const [name, value] of Object.entries(exports)) {
    if (isErrorClass(value) && value !== ToolgateError && !found.some((c) => c.Class === value)) {
      found.push({ name, Class: value, packageName, instances: SAMPLES[name]?.() ?? [] });
    }
  }
}
const codeMaps = new Map(
  mainEntries.map((e) => {
    const map = e.exports[mapName(e.packageName)];
    return [e.packageName, map === undefined ? undefined : Object.values(map as object)];
  }),
);

describe("error conformance", () => {
  it("finds every package and the error classes that have samples", () => {
    expect(mainEntries.map((e) => e.packageName)).toEqual([
      "@toolgate/ai-sdk",
      "@toolgate/builtins",
      "@toolgate/langchain",
      "@toolgate/mcp",
      "@toolgate/openai-agents",
      "@toolgate/registry",
      "@toolgate/tool-core",
    ]);
    expect(found.map((c) => c.name).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it.each(found.map((c) => [c.name, c] as const))("%s follows the model", (_, checked) => {
    expect(modelProblems(checked, found, codeMaps.get(checked.packageName))).toEqual([]);
  });

  it.each([...codeMaps])(
    "%s exports its own code map: SCREAMING_SNAKE values, each carried by one of its classes, none shared with another package",
    (packageName, codes) => {
      expect(codes, `${packageName} must export ${mapName(packageName)}`).toBeDefined();
      for (const code of codes ?? []) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      const carried = found
        .filter((c) => c.packageName === packageName)
        .flatMap((c) => c.instances.map(codeOf));
      expect(new Set(carried)).toEqual(new Set(codes));
      const elsewhere = [...codeMaps].filter(([name]) => name !== packageName);
      for (const [, other] of elsewhere) {
        for (const code of codes ?? []) expect(other ?? []).not.toContain(code);
      }
    },
  );

  it("class names are unique across packages", () => {
    const names = found.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  // The checks above must be able to fail: each class here breaks the model in one way.
  class PlainError extends Error {}
  class InheritsIsInstance extends ToolError {
    constructor() {
      super("x");
      this.name = "InheritsIsInstance";
    }
  }
  class UnnamedError extends ToolgateError {
    constructor() {
      super("UNNAMED_ERROR", "x");
    }
    static override isInstance(value: unknown): value is UnnamedError {
      return toolgateErrorCode(value) === "UNNAMED_ERROR";
    }
  }
  class InstanceofError extends ToolgateError {
    constructor() {
      super("INSTANCEOF_ERROR", "x");
      this.name = "InstanceofError";
    }
    static override isInstance(value: unknown): value is InstanceofError {
      return value instanceof InstanceofError;
    }
  }
  class GreedyError extends ToolgateError {
    constructor() {
      super("GREEDY_ERROR", "x");
      this.name = "GreedyError";
    }
    static override isInstance(value: unknown): value is GreedyError {
      return toolgateErrorCode(value) !== undefined;
    }
  }
  it.each([
    [PlainError, [new PlainError("x")], ["does not extend ToolgateError", "declares no static"]],
    [
      InheritsIsInstance,
      [new InheritsIsInstance()],
      ["declares no static isInstance", "code TOOL_ERROR is not in", "does not begin with"],
    ],
    [UnnamedError, [new UnnamedError()], ["its name is 'ToolgateError', not 'UnnamedError'"]],
    [
      InstanceofError,
      [new InstanceofError()],
      ["isInstance is false for a INSTANCEOF_ERROR from another copy"],
    ],
    [GreedyError, [new GreedyError()], ["isInstance is true for a ToolError (TOOL_ERROR)"]],
    [GreedyError, [], ["has no sample"]],
  ] as const)("a class that breaks the model is caught: %o", (Class, instances, expected) => {
    const checked: Checked = {
      name: Class.name,
      Class: Class as unknown as ErrorClass,
      packageName: "@toolgate/example",
      instances,
    };
    const codes = [codeOf(instances[0] ?? new Error()).replace("TOOL_ERROR", "NONE")];
    const problems = modelProblems(checked, found, codes).join("\n");
    for (const line of expected) expect(problems).toContain(line);
  });
});
