import { ToolDefinitionError } from "@toolgate/tool-core";
import { MAX_TIMER_MS } from "@toolgate/tool-core/internal";
import { describe, expect, it } from "vitest";
import { CLITool } from "./cli-tool.js";

const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";

// CLITool reads timeoutMs by tool-core's one timeout rule (timeoutOption).
describe("CLITool timeoutMs", () => {
  it.each([
    ["Infinity", Number.POSITIVE_INFINITY, /got Infinity \(use null for no limit\)/],
    ["a fraction", 1.5, /got 1\.5$/],
    ["more than a timer holds", MAX_TIMER_MS + 1, /got 2147483648$/],
    ["a string", "10s", /got "10s"$/],
  ])("refuses %s, naming the option", (_, value, detail) => {
    let thrown: unknown;
    try {
      new CLITool({ allowedCommands: [], timeoutMs: value as number });
    } catch (error) {
      thrown = error;
    }
    expect(ToolDefinitionError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(/^CLITool: timeoutMs must be a whole number/);
    expect((thrown as Error).message).toMatch(detail);
  });

  it.each([
    ["undefined, the default", undefined, 10_000],
    ["the largest timer", MAX_TIMER_MS, MAX_TIMER_MS],
    ["null, no limit", null, null],
  ])("takes %s", (_, value, expected) => {
    expect(new CLITool({ allowedCommands: [], timeoutMs: value }).timeoutMs).toBe(expected);
  });

  it("runs a command to its end with no limit", async () => {
    const tool = new CLITool({
      allowedCommands: ["sleep"],
      timeoutMs: null,
      env: { PATH: SYSTEM_PATH },
    });
    const response = await tool.run(
      { command: "sleep 0.05" },
      { signal: new AbortController().signal },
    );
    expect(response.status).toBe("success");
    expect(response.data).toMatchObject({ exitCode: 0, timedOut: false });
  });
});
