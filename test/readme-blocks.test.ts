// Every TypeScript block in the READMEs is a user's first program: it must compile under `strict`
// in a project made from the packed tarballs, and run offline unless its fence says `ts no-run`
// (network, an API key, a server to start). Placeholders a block leaves to the reader are named in
// a `<!-- declare: db, askTheUser -->` comment before it and come from test/readme-placeholders.ts.
// A failure names the README and the line. (The MCP SDK checks its `*.examples.ts` the same way.)
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PackedWorkspace,
  root,
  strictProjectOptions,
  tsc,
  workspacePackages,
  workspaceRange,
} from "./packed-project.js";
import { type CodeBlock, readmeCodeBlocks } from "./readme-code-blocks.js";

const TYPESCRIPT = new Set(["ts", "typescript"]);
// Blocks in these languages are shown, not compiled. Any other (or none) is a mistake: it would
// be code nobody checks.
const SHOWN_ONLY = new Set(["sh", "json", "text"]);
const FLAGS = new Set(["no-run"]);

interface ReadmeBlock extends CodeBlock {
  /** The README's path from the repository root. */
  readonly file: string;
  /** The block's file in the user's project. */
  readonly source: string;
}

const readmes = [
  "README.md",
  ...[...workspacePackages.values()]
    .map(({ dir }) => join(dir, "README.md").slice(root.length + 1))
    .filter((file) => existsSync(join(root, file)))
    .sort(),
];
const blocks: ReadmeBlock[] = readmes.flatMap((file) =>
  readmeCodeBlocks(readFileSync(join(root, file), "utf8")).map((block) => ({
    ...block,
    file,
    source: `${file.replace(/(^|\/)README\.md$/, "").replace(/^packages\//, "") || "root"}-line-${block.line}.ts`,
  })),
);
const typescriptBlocks = blocks.filter((block) => TYPESCRIPT.has(block.language));
const runnable = typescriptBlocks.filter((block) => !block.flags.includes("no-run"));

// The packages a README tells the user to install: every `npm install` line of its sh blocks.
function installed(file: string): Set<string> {
  const names = new Set<string>();
  for (const block of blocks) {
    if (block.file !== file || block.language !== "sh") continue;
    for (const match of block.code.matchAll(/\bnpm install ([^\n#&|;]*)/g)) {
      for (const word of (match[1] ?? "").split(/\s+/)) {
        if (word === "" || word.startsWith("-")) continue;
        names.add(word.replace(/^(@?[^@]+)@.*$/, "$1"));
      }
    }
  }
  return names;
}

// The packages a block imports (not `node:` builtins, not relative paths).
function imported(code: string): string[] {
  const specifiers = [
    ...code.matchAll(/\bfrom\s+["']([^"']+)["']/g),
    ...code.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
    ...code.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
  ].map((match) => match[1] ?? "");
  return specifiers
    .filter((specifier) => !specifier.startsWith(".") && !specifier.startsWith("node:"))
    .map((specifier) =>
      specifier
        .split("/")
        .slice(0, specifier.startsWith("@") ? 2 : 1)
        .join("/"),
    );
}

describe("README code blocks", () => {
  it("there are TypeScript blocks to check in every README", () => {
    for (const file of readmes) {
      expect(
        typescriptBlocks.some((block) => block.file === file),
        `${file} has no ts block`,
      ).toBe(true);
    }
  });

  it.each(blocks.map((block) => [`${block.file}:${block.line}`, block] as const))(
    "%s says its language and only known flags",
    (_where, block) => {
      expect(
        TYPESCRIPT.has(block.language) || SHOWN_ONLY.has(block.language),
        `\`\`\`${block.language}: use ts (checked) or one of ${[...SHOWN_ONLY].join(", ")}`,
      ).toBe(true);
      for (const flag of block.flags) expect(FLAGS, `unknown flag ${flag}`).toContain(flag);
    },
  );

  it.each(readmes.filter((file) => typescriptBlocks.some((block) => block.file === file)))(
    "%s: its npm install line names every package its examples import",
    (file) => {
      const names = installed(file);
      const missing = typescriptBlocks
        .filter((block) => block.file === file)
        .flatMap((block) =>
          imported(block.code)
            .filter((name) => !names.has(name))
            .map((name) => `${name} (imported at ${file}:${block.line})`),
        );
      expect(missing, `install line: npm install ${[...names].join(" ")}`).toEqual([]);
    },
  );

  describe("in a user's project made from the packed tarballs", () => {
    const workspace = new PackedWorkspace();
    let project = "";
    /** Diagnostics by block file name; "" holds those of no block. */
    const diagnostics = new Map<string, string[]>();

    beforeAll(() => {
      project = workspace.project(workspacePackages.keys(), {
        typebox: workspaceRange("typebox"),
        // tool-core's README defines a tool with zod (Standard JSON Schema).
        zod: workspaceRange("zod"),
        "@modelcontextprotocol/sdk": workspaceRange("@modelcontextprotocol/sdk"),
        // @toolgate/langchain's README runs createAgent with LangGraph's interrupt: not peers.
        "@langchain/langgraph": workspaceRange("@langchain/langgraph"),
        langchain: workspaceRange("langchain"),
      });
      copyFileSync(
        join(import.meta.dirname, "readme-placeholders.ts"),
        join(project, "placeholders.ts"),
      );
      for (const block of typescriptBlocks) {
        const header =
          block.declares.length === 0
            ? `// ${block.file}:${block.line}`
            : `import { ${block.declares.join(", ")} } from "./placeholders.js"; // ${block.file}:${block.line}`;
        // The header is one line, so line n of the file is line (fence + n - 1) of the README.
        writeFileSync(join(project, block.source), `${header}\n${block.code}\nexport {};\n`);
      }
      writeFileSync(
        join(project, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: { ...strictProjectOptions, outDir: "out", rootDir: "." },
          files: ["placeholders.ts", ...typescriptBlocks.map((block) => block.source)],
        }),
      );
      // One compile for every block; JavaScript is emitted even where types fail.
      const output = tsc(project, ["-p", "tsconfig.json"], true);
      let current: string[] | undefined;
      for (const line of output.split("\n")) {
        const match = /^([\w.-]+\.ts)\((\d+),(\d+)\): (.*)$/.exec(line);
        if (match) {
          const block = typescriptBlocks.find((b) => b.source === match[1]);
          const where = block
            ? `${block.file}:${block.line + Number(match[2]) - 1}:${match[3]}`
            : `${match[1]}:${match[2]}:${match[3]}`;
          current = diagnostics.get(block?.source ?? "") ?? [];
          diagnostics.set(block?.source ?? "", current);
          current.push(`${where} ${match[4]}`);
        } else if (line.trim() !== "" && current) {
          current[current.length - 1] += `\n${line}`;
        } else if (line.trim() !== "") {
          diagnostics.set("", [...(diagnostics.get("") ?? []), line]);
        }
      }
    }, 600_000);

    afterAll(() => workspace.remove());

    // The compiler's own words, each led by the README line it is about.
    const noErrors = (found: readonly string[] | undefined) => {
      if (found?.length) throw new Error(`tsc --strict:\n${found.join("\n")}`);
    };

    it("the placeholders and the installed declarations compile", () =>
      noErrors(diagnostics.get("")));

    it.each(typescriptBlocks.map((block) => [`${block.file}:${block.line}`, block] as const))(
      "%s compiles under strict",
      (_where, block) => noErrors(diagnostics.get(block.source)),
    );

    it.each(runnable.map((block) => [`${block.file}:${block.line}`, block] as const))(
      "%s runs offline",
      (where, block) => {
        const cwd = mkdtempSync(join(project, "run-"));
        const script = join(project, "out", block.source.replace(/\.ts$/, ".js"));
        try {
          execFileSync(process.execPath, [script], {
            cwd,
            // No API keys: what runs here must run without them.
            env: { PATH: process.env.PATH ?? "", HOME: cwd, LANG: "C.UTF-8" },
            stdio: "pipe",
            encoding: "utf8",
            timeout: 60_000,
          });
        } catch (error) {
          const { stderr, stdout } = error as { stderr?: string; stdout?: string };
          throw new Error(`${where} failed when run:\n${stderr || stdout || String(error)}`);
        }
      },
      90_000,
    );
  });
});
