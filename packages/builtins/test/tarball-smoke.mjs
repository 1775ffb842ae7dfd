// Runs against the installed tarballs of @toolgate/builtins and tool-core, outside the workspace.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CalculatorTool, CLITool, NotesTool, SearchTool } from "@toolgate/builtins";

const signal = new AbortController().signal;
const calc = await new CalculatorTool().run({ expression: "-2**2 + 7 // -2" }, { signal });
assert.equal(calc.text, "-8");

const echo = await new CLITool({ allowedCommands: ["echo"] }).run(
  { command: "echo hi" },
  { signal },
);
assert.equal(echo.text.trim(), "hi");

const root = mkdtempSync(join(tmpdir(), "toolgate-smoke-"));
const notes = new NotesTool({ root });
await notes.run({ action: "append", path: "a.md", content: "hello" }, { signal });
assert.match((await notes.run({ action: "read", path: "a.md" }, { signal })).text, /hello/);
assert.equal((await notes.run({ action: "read", path: "../x.md" }, { signal })).status, "error");
rmSync(root, { recursive: true, force: true });

const search = new SearchTool({
  providers: [
    {
      name: "fixed",
      search: async () => ({
        results: [{ title: "t", url: "https://example.com/", snippet: "s" }],
      }),
    },
  ],
});
assert.equal((await search.run({ query: "q" }, { signal })).status, "success");
console.log("@toolgate/builtins: ok");
