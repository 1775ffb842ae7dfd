import { ToolMessage } from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { ToolRegistry } from "@toolgate/registry";
import { ToolResponse, tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { toLangChainTools } from "./to-langchain-tools.js";

const schema = {
  type: "object",
  properties: { q: { type: "string", description: "what to look for" } },
  required: ["q"],
} as const;

function lookup(runs: unknown[] = []) {
  const registry = new ToolRegistry();
  registry.register(
    tool({
      name: "lookup",
      description: "Looks a word up.",
      parameters: schema,
      hints: { readOnly: true },
      execute: (args, { context }) => {
        runs.push({ args, context });
        if (args.q === "partial") return ToolResponse.partial("half");
        if (args.q === "fail") return ToolResponse.error("no such word");
        return `found ${args.q}`;
      },
    }),
  );
  return registry;
}

const call = (args: Record<string, unknown>, id = "c1") =>
  ({ name: "lookup", args, id, type: "tool_call" }) as const;

function onlyTool(registry: ToolRegistry, options?: Parameters<typeof toLangChainTools>[1]) {
  const [langchainTool] = toLangChainTools(registry, options);
  if (langchainTool === undefined) throw new Error("no tool");
  return langchainTool;
}

describe("toLangChainTools", () => {
  it("offers every registered tool under its name and description", () => {
    const registry = lookup();
    registry.register(tool({ name: "other", execute: () => "x" }));
    const tools = toLangChainTools(registry);
    expect(tools.map((t) => [t.name, t.description])).toEqual([
      ["lookup", "Looks a word up."],
      ["other", registry.get("other")?.description],
    ]);
  });

  it("gives LangChain a copy of the schema it may annotate; the model sees the same schema", () => {
    const registry = lookup();
    const langchainTool = onlyTool(registry);
    const original = registry.get("lookup")?.inputSchema;
    expect(langchainTool.schema).toEqual(original);
    expect(langchainTool.schema).not.toBe(original);
    expect(Object.isFrozen(langchainTool.schema)).toBe(false);
    (langchainTool.schema as Record<string, unknown>).__absolute_uri__ = "annotated";
    expect(original).not.toHaveProperty("__absolute_uri__");
    const openai = convertToOpenAITool(onlyTool(registry));
    expect(openai.function.parameters).toEqual(original);
  });

  it.each([
    { q: "word", status: "success", text: "found word" },
    { q: "partial", status: "success", text: "half" },
    { q: "fail", status: "error", text: "no such word" },
  ])(
    "answers a tool call with a ToolMessage whose status follows the response: $q",
    async ({ q, status, text }) => {
      const message = await onlyTool(lookup()).invoke(call({ q }));
      expect(ToolMessage.isInstance(message)).toBe(true);
      expect(message).toMatchObject({ status, content: text, tool_call_id: "c1", name: "lookup" });
    },
  );

  it("answers bare arguments (no tool call, so no message) with the text", async () => {
    expect(await onlyTool(lookup()).invoke({ q: "word" })).toBe("found word");
    expect(await onlyTool(lookup()).invoke({ q: 1 })).toBe(
      "(input error: 'q' must be string, got integer)",
    );
  });

  it.each([
    { name: "a value", context: { user: "ada" }, expected: { user: "ada" } },
    {
      name: "a function of the run config",
      context: (config: { configurable?: Record<string, unknown> }) => config.configurable?.user,
      expected: "eve",
    },
  ])("hands the per-call context to the tool: $name", async ({ context, expected }) => {
    const runs: { context: unknown }[] = [];
    const langchainTool = onlyTool(lookup(runs), { context });
    await langchainTool.invoke(call({ q: "w" }), { configurable: { user: "eve" } });
    expect(runs.map((run) => run.context)).toEqual([expected]);
  });

  it.each([
    {
      hook: "context",
      options: {
        context: () => {
          throw new TypeError("password=hunter2");
        },
      },
    },
    {
      hook: "turn",
      options: {
        turn: () => {
          throw new RangeError("password=hunter2");
        },
      },
    },
  ])("fails closed, without the message, when the $hook option throws", async ({ options }) => {
    const runs: unknown[] = [];
    const message = await onlyTool(lookup(runs), options).invoke(call({ q: "w" }));
    expect(runs).toEqual([]);
    expect(message.status).toBe("error");
    expect(message.content).toMatch(/^Tool 'lookup' failed: (TypeError|RangeError)$/);
  });

  it("a call that needs approval outside a graph is never run (interrupt throws)", async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(
      tool({ name: "wipe", requiresConfirmation: true, execute: () => runs.push(1) }),
    );
    const interrupt = () => {
      throw new Error("Called interrupt() outside the context of a graph.");
    };
    const [wipe] = toLangChainTools(registry, { interrupt });
    await expect(
      wipe?.invoke({ name: "wipe", args: {}, id: "c1", type: "tool_call" }),
    ).rejects.toThrow("outside the context of a graph");
    expect(runs).toEqual([]);
  });

  it("a tool unregistered after the tools were made answers the channel's unknown-tool error", async () => {
    const registry = lookup();
    const langchainTool = onlyTool(registry);
    registry.unregister("lookup");
    const message = await langchainTool.invoke(call({ q: "w" }));
    expect(message.status).toBe("error");
    expect(message.content).toContain("lookup");
  });

  it("passes the run's abort signal to the call", async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool({
        name: "wait",
        execute: (_args, { signal }) =>
          new Promise((_resolve, reject) =>
            signal.addEventListener("abort", () => reject(signal.reason)),
          ),
      }),
    );
    const controller = new AbortController();
    const [wait] = toLangChainTools(registry);
    const pending = wait?.invoke(
      { name: "wait", args: {}, id: "c1", type: "tool_call" },
      { signal: controller.signal },
    );
    controller.abort();
    const message = await pending;
    expect(message).toMatchObject({ status: "error", tool_call_id: "c1" });
    expect(message.content).toMatch(/cancel/i);
  });
});
