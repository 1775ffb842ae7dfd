import { type ExecuteOptions, ToolRegistry, type ToolTurn } from "@toolgate/registry";
import { CallGate } from "@toolgate/registry/internal";
import type { Tool as ToolgateTool, ToolResponse } from "@toolgate/tool-core";
import { type JSONSchema7, jsonSchema, type Tool } from "ai";
import { type AISDKToolOutput, toModelOutput } from "./ai-sdk-tool-output.js";
import { frameworkApproval } from "./internal/framework-approval.js";

/** Options of {@link toAISDKTools}. */
export interface AISDKToolsOptions<TContext = unknown> {
  /**
   * The per-call context every call gets (`ExecuteOptions.context`): permission rules, policies
   * and the tool see it. A value, or a function of the AI SDK's `experimental_context` (the
   * option of `generateText`/`streamText`), asked once per question and per call. A function that
   * throws makes the call answer an error; it never runs. A context that is itself a function
   * must be wrapped: `context: () => fn`.
   * @default undefined
   */
  context?: TContext | ((experimentalContext: unknown) => TContext);
  /**
   * The turn these calls belong to: outside content returned by one call makes the later calls of
   * the turn that are not read-only need approval (see the registry's tainted turns). By default
   * each tool set gets a fresh `registry.turn()`, so build the tool set once per run (per
   * `generateText`/`streamText` call); `null` runs the calls on the registry without a turn.
   * @default registry.turn(), one per tool set
   */
  turn?: ToolTurn<TContext> | null;
  /**
   * Only these tools, in this order, taken as given (the search tool too, if named). An unknown
   * name throws a `RangeError`.
   * @default every registered tool, deferred or not, in registration order, but the registry's
   *   search tool (`registry.isSearchTool`): this list is fixed, so nothing would list what it loads
   */
  names?: readonly string[];
}

/** The calls of a tool set go to a turn or to the registry itself: the same two methods. */
type Channel<TContext> = Pick<ToolTurn<TContext>, "check" | "execute">;

/** The context for one call, or why there is none. */
type ContextFor<TContext> = (
  experimentalContext: unknown,
) => { ok: true; value: TContext | undefined } | { ok: false; typeName: string };

/**
 * AI SDK tools (`ai@6`) for every tool of `registry`, each call going through the registry's
 * channel: `inputSchema` is the tool's JSON Schema, which the AI SDK does not validate against,
 * so an invalid call reaches the channel and the model reads toolgate's input error;
 * `needsApproval` is the registry's `check` (an invalid or denied call is never offered for
 * approval); `execute` runs `registry.execute`, and a call a person approved in the AI SDK runs
 * without being asked again; `toModelOutput` keeps the error flag (`error-text`). Calls to tools
 * that are not `parallel` never overlap another call of this tool set.
 *
 * @throws TypeError when `registry` is not a `ToolRegistry` or an option has the wrong type.
 * @throws RangeError for a name in `options.names` that is not registered.
 * @example
 * const result = await generateText({ model, tools: toAISDKTools(registry), stopWhen: stepCountIs(5), prompt });
 */
export function toAISDKTools<TContext = unknown>(
  registry: ToolRegistry<TContext>,
  options: AISDKToolsOptions<NoInfer<TContext>> = {},
): Record<string, Tool<Record<string, unknown>, AISDKToolOutput>> {
  if (!ToolRegistry.isInstance(registry as unknown)) {
    throw new TypeError("toAISDKTools: the first argument must be a ToolRegistry");
  }
  if (typeof options !== "object" || options === null) {
    throw new TypeError("toAISDKTools: options must be an object");
  }
  const channel = channelOf(registry, options.turn);
  const tools = selectTools(registry, options.names);
  const adapt = adapter(channel, contextResolver(options.context));
  const set: Record<string, Tool<Record<string, unknown>, AISDKToolOutput>> = {};
  for (const tool of tools) set[tool.name] = adapt(tool);
  return set;
}

function channelOf<TContext>(
  registry: ToolRegistry<TContext>,
  turn: ToolTurn<TContext> | null | undefined,
): Channel<TContext> {
  if (turn === undefined) return registry.turn();
  if (turn === null) return registry;
  if (
    typeof turn !== "object" ||
    typeof turn.check !== "function" ||
    typeof turn.execute !== "function"
  ) {
    throw new TypeError("toAISDKTools: turn must be a ToolTurn (registry.turn()) or null");
  }
  return turn;
}

function selectTools<TContext>(
  registry: ToolRegistry<TContext>,
  names: readonly string[] | undefined,
): ToolgateTool<object>[] {
  if (names === undefined)
    return registry.list().filter((tool) => !registry.isSearchTool(tool.name));
  if (!Array.isArray(names)) {
    throw new TypeError("toAISDKTools: names must be an array of tool names");
  }
  return names.map((name: unknown) => {
    const tool = typeof name === "string" ? registry.get(name) : undefined;
    if (tool === undefined) throw new RangeError(`toAISDKTools: unknown tool ${String(name)}`);
    return tool;
  });
}

function contextResolver<TContext>(
  context: AISDKToolsOptions<TContext>["context"],
): ContextFor<TContext> {
  if (typeof context !== "function") {
    const fixed = { ok: true, value: context } as const;
    return () => fixed;
  }
  const make = context as (experimentalContext: unknown) => TContext;
  return (experimentalContext) => {
    try {
      return { ok: true, value: make(experimentalContext) };
    } catch (error) {
      return { ok: false, typeName: typeNameOf(error) };
    }
  };
}

/** The per-call confirmation of a call a person approved in the AI SDK. */
const approve = (): boolean => true;

/** The type name of a thrown value, never its message (it may hold a secret). */
function typeNameOf(error: unknown): string {
  const name = error instanceof Error ? error.constructor.name : typeof error;
  return /^[A-Za-z_$][\w$]{0,63}$/.test(name) ? name : "Error";
}

function adapter<TContext>(channel: Channel<TContext>, contextFor: ContextFor<TContext>) {
  // One gate and one record of used approvals per tool set: per run, when built per run.
  const gate = new CallGate();
  const usedApprovals = new Set<string>();

  return (tool: ToolgateTool<object>): Tool<Record<string, unknown>, AISDKToolOutput> => {
    const name = tool.name;
    const exclusive = !tool.parallel;
    return {
      description: tool.description,
      // No validator: the AI SDK passes every parsed call on, and the channel validates it. A
      // copy, made once, since providers may annotate the schema they are given.
      inputSchema: jsonSchema<Record<string, unknown>>(
        () => structuredClone(tool.inputSchema) as JSONSchema7,
      ),
      needsApproval(input, { toolCallId, messages, experimental_context }) {
        // On resume the AI SDK asks again before it runs an approved call: the answer stays yes.
        if (frameworkApproval(messages, toolCallId, name) !== undefined) return true;
        const context = contextFor(experimental_context);
        if (!context.ok) return false; // execute answers the failure; the call never runs
        // No callId: check only echoes it, and copying it into the result costs more than the check.
        const check = channel.check(name, argumentsOf(input), { context: context.value });
        return check.status === "needs-approval";
      },
      execute(input, { toolCallId, messages, abortSignal, experimental_context }) {
        const context = contextFor(experimental_context);
        if (!context.ok) {
          return Promise.resolve({
            status: "error",
            text: `Tool '${name}' failed: its per-call context could not be made (${context.typeName})`,
          });
        }
        // Confirmed here only when a person approved this very call in the AI SDK, once; any other
        // call that needs approval gets the registry's own answer (its confirm, a pending, or a
        // refusal).
        const approvalId = frameworkApproval(messages, toolCallId, name);
        const approved = approvalId !== undefined && !usedApprovals.has(approvalId);
        if (approved) usedApprovals.add(approvalId);
        const options: ExecuteOptions<TContext> = { callId: toolCallId, context: context.value };
        if (abortSignal !== undefined) options.signal = abortSignal;
        if (approved) options.confirm = approve;
        return gate
          .run(exclusive, () => channel.execute(name, argumentsOf(input), options))
          .then(outputOf);
      },
      toModelOutput: ({ output }) => toModelOutput(output),
    };
  };
}

/** The response as the AI SDK keeps it: plain JSON, without `data`. */
function outputOf(response: ToolResponse): AISDKToolOutput {
  return { status: response.status, text: response.text };
}

/**
 * The arguments as the channel takes them: an object as is; anything else the model sent (an
 * array, a number) as its JSON text, which the channel refuses with its own input error.
 */
function argumentsOf(input: unknown): Record<string, unknown> | string {
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    return input as Record<string, unknown>;
  }
  return String(JSON.stringify(input));
}
