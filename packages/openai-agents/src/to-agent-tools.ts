import type { FunctionTool, RunContext } from "@openai/agents-core";
import { type ExecuteOptions, ToolRegistry, type ToolTurn } from "@toolgate/registry";
import { CallGate } from "@toolgate/registry/internal";
import type { Tool } from "@toolgate/tool-core";
import { CallOutcomes } from "./internal/call-outcomes.js";
import { modelArguments, withPermissiveArguments } from "./internal/model-arguments.js";
import { approvedInFramework, hasCall, markCall } from "./internal/run-records.js";

/** Options of {@link toAgentTools}. */
export interface AgentToolsOptions<TContext = unknown, TRunContext = unknown> {
  /**
   * Only these tools, in this order, taken as given (the search tool too, if named).
   * @default every registered tool, deferred or not, in registration order, but the registry's
   *   search tool (`registry.isSearchTool`): this list is fixed, so nothing would list what it loads
   */
  names?: readonly string[];
  /**
   * The per-call `context` the registry's rules, policies and tools see (`ExecuteOptions.context`):
   * a value, or a function of the SDK's run context, asked for every call (e.g.
   * `(runContext) => runContext.context.user`). A function is always called, never passed on.
   * @default undefined
   */
  context?: TContext | ((runContext: RunContext<TRunContext>) => TContext);
  /**
   * The tainted-turn scope the calls run in (see `registry.turn()`): a `ToolTurn`, a function of
   * the SDK's run context returning one, or `null` for none (calls go to the registry itself).
   * Once a call to an `externalContent` tool has run in the turn, every later call in it that is
   * not read-only needs approval.
   * @default one turn per SDK run (per `RunContext`), from its first call to its end, kept in
   *   memory (a run resumed in another process starts a clean turn)
   */
  turn?: ToolTurn<TContext> | ((runContext: RunContext<TRunContext>) => ToolTurn<TContext>) | null;
}

/**
 * The registry's tools as OpenAI Agents SDK function tools, every call going through the
 * registry's channel (lookup, JSON parsing, permissions, validation, approval, deadline, error
 * hygiene, guard) with the model's own argument text.
 *
 * - `needsApproval` is the registry's `check`: yes only for a valid, allowed call that needs a
 *   person (an invalid or denied call is never offered; it runs and the model reads the
 *   refusal). The run stops with `result.interruptions`; `result.state.approve(item)` or
 *   `reject(item)`, then `run(agent, result.state)` (also after `RunState.fromString`).
 * - A call the person approved in the SDK runs with that approval (the registry does not ask
 *   again, even in deferred mode); any other call that needs approval gets the registry's own
 *   answer (its `confirm`, a pending in deferred mode, or a refusal), never an approval from
 *   the adapter. A model repeating the call id of an approved call that ran is not approved.
 * - The model reads the response's text unchanged; `customData` of the output item says the
 *   status and error flag (see {@link AgentToolOutputData}).
 * - A tool that is not `parallel` never overlaps another call through this tool set.
 *
 * @throws TypeError when `registry` is not a `ToolRegistry` or an option has the wrong type.
 * @throws RangeError for a name in `options.names` that is not registered.
 * @example
 * const agent = new Agent({ name: "ops", instructions: "…", tools: toAgentTools(registry) });
 * let result = await run(agent, "Refund order 42");
 * for (const item of result.interruptions) result.state.approve(item); // after a person said yes
 * result = await run(agent, result.state);
 */
export function toAgentTools<TContext = unknown, TRunContext = unknown>(
  registry: ToolRegistry<TContext>,
  options: AgentToolsOptions<TContext, TRunContext> = {},
): FunctionTool<TRunContext>[] {
  if (!ToolRegistry.isInstance(registry as unknown)) {
    throw new TypeError("toAgentTools takes a ToolRegistry as its first argument");
  }
  if (typeof options !== "object" || options === null) {
    throw new TypeError("toAgentTools: options must be an object");
  }
  const turnOption = options.turn;
  if (
    turnOption !== undefined &&
    turnOption !== null &&
    typeof turnOption !== "function" &&
    !isTurn(turnOption as unknown)
  ) {
    throw new TypeError(
      "toAgentTools: turn must be a ToolTurn (registry.turn()), a function returning one, or null",
    );
  }
  const shared: Shared<TContext, TRunContext> = {
    registry,
    gate: new CallGate(),
    outcomes: new CallOutcomes(),
    contextFor: contextOf(options.context),
    turnFor: turnOf(registry, turnOption),
  };
  return selectTools(registry, options.names).map((tool) => agentTool(shared, tool));
}

/** What every tool of one `toAgentTools` call shares. */
interface Shared<TContext, TRunContext> {
  readonly registry: ToolRegistry<TContext>;
  /** One gate per tool set: a tool that is not `parallel` runs alone among these tools' calls. */
  readonly gate: CallGate;
  readonly outcomes: CallOutcomes;
  readonly contextFor: (runContext: RunContext<TRunContext>) => TContext | undefined;
  readonly turnFor: (runContext: RunContext<TRunContext>) => CallScope<TContext>;
}

/** Where calls are checked and run: a turn, or the registry itself (both have these two). */
type CallScope<TContext> = Pick<ToolTurn<TContext>, "check" | "executeChecked">;

function agentTool<TContext, TRunContext>(
  shared: Shared<TContext, TRunContext>,
  tool: Tool<object>,
): FunctionTool<TRunContext> {
  const { name } = tool;
  const { registry, gate, outcomes, contextFor, turnFor } = shared;
  // The SDK types the approval function's run context without the app's context type.
  const runContextOf = (runContext: RunContext<unknown>) => runContext as RunContext<TRunContext>;
  return {
    type: "function",
    name,
    description: tool.description,
    parameters: withPermissiveArguments(tool.inputSchema),
    strict: false,
    isEnabled: async () => true,
    needsApproval: async (runContext, input, callId) => {
      // Once asked, always asked: the SDK asks again on resume, maybe in a process where the
      // turn that made this call ask is gone.
      if (callId !== undefined && hasCall(runContext, "asked", name, callId)) return true;
      const context = runContextOf(runContext);
      const check = turnFor(context).check(name, modelArguments(input), {
        context: contextFor(context),
      });
      if (check.status !== "needs-approval") return false;
      if (callId !== undefined) markCall(runContext, "asked", name, callId);
      return true;
    },
    invoke: async (runContext, input, details) => {
      const callId = details?.toolCall?.callId;
      const approval = callId === undefined ? false : approvedInFramework(runContext, name, callId);
      // A call's approval is used up before it runs: a repeat of its call id is not approved.
      if (approval === "call" && callId !== undefined) markCall(runContext, "ran", name, callId);
      const execute: ExecuteOptions<TContext> = { context: contextFor(runContext) };
      if (callId !== undefined) execute.callId = callId;
      if (details?.signal !== undefined) execute.signal = details.signal;
      if (approval !== false) execute.confirm = () => true;
      const exclusive = registry.get(name)?.parallel !== true;
      const result = await gate.run(exclusive, () =>
        turnFor(runContext).executeChecked(name, modelArguments(input), execute),
      );
      const { response } = result;
      if (callId !== undefined) {
        outcomes.put(runContext, callId, {
          status: response.status,
          isError: response.isError,
          executed: result.executed,
        });
      }
      return response.text;
    },
    customDataExtractor: ({ runContext, toolCall }) => outcomes.take(runContext, toolCall.callId),
  };
}

function selectTools<TContext>(
  registry: ToolRegistry<TContext>,
  names: readonly string[] | undefined,
): Tool<object>[] {
  if (names === undefined)
    return registry.list().filter((tool) => !registry.isSearchTool(tool.name));
  if (!Array.isArray(names)) throw new TypeError("toAgentTools: names must be an array of names");
  return names.map((name) => {
    const tool = registry.get(name);
    if (tool === undefined) throw new RangeError(`no tool named '${String(name)}' is registered`);
    return tool;
  });
}

function contextOf<TContext, TRunContext>(
  option: AgentToolsOptions<TContext, TRunContext>["context"],
): (runContext: RunContext<TRunContext>) => TContext | undefined {
  if (typeof option === "function") {
    return option as (runContext: RunContext<TRunContext>) => TContext;
  }
  return () => option;
}

function turnOf<TContext, TRunContext>(
  registry: ToolRegistry<TContext>,
  option: AgentToolsOptions<TContext, TRunContext>["turn"],
): (runContext: RunContext<TRunContext>) => CallScope<TContext> {
  if (typeof option === "function") return option;
  if (option === null) return () => registry;
  if (option !== undefined) return () => option;
  // The SDK keeps one RunContext for a run, across an in-process resume too.
  const turns = new WeakMap<RunContext<TRunContext>, ToolTurn<TContext>>();
  return (runContext) => {
    let turn = turns.get(runContext);
    if (turn === undefined) {
      turn = registry.turn();
      turns.set(runContext, turn);
    }
    return turn;
  };
}

function isTurn(value: unknown): value is ToolTurn<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ToolTurn<unknown>).check === "function" &&
    typeof (value as ToolTurn<unknown>).executeChecked === "function"
  );
}
