import type { StructuredTool, ToolRunnableConfig } from "@langchain/core/tools";
import type {
  CheckNeedsApproval,
  CheckReady,
  ExecuteOptions,
  ToolRegistry,
  ToolTurn,
} from "@toolgate/registry";
import { CallGate } from "@toolgate/registry/internal";
import { type Hints, hints, ToolResponse } from "@toolgate/tool-core";
import { ChannelTool } from "./internal/channel-tool.js";
import { decisionAwaits } from "./internal/decision-awaits.js";
import { isApproval } from "./internal/is-approval.js";
import { TurnsByUserMessage } from "./internal/turns-by-user-message.js";
import type { ToolApprovalRequest } from "./tool-approval.js";

/** Options of {@link toLangChainTools}. */
export interface LangChainToolsOptions<TContext = unknown> {
  /**
   * LangGraph's `interrupt` (`import { interrupt } from "@langchain/langgraph"`). With it, a call
   * the registry says needs approval pauses the graph with a {@link ToolApprovalRequest} and
   * runs only when resumed with `{ approved: true }` (a {@link ToolApprovalDecision}); the graph
   * needs a checkpointer. Without it, such a call goes to the registry's own flow: its `confirm`
   * callback, a pending approval in deferred mode, or a refusal.
   * @default undefined
   */
  interrupt?: (request: ToolApprovalRequest) => unknown;
  /**
   * The per-call context the registry's tools, permission rules and policies see: a value, or a
   * function of LangChain's run config (e.g. `(config) => config.context`, LangGraph's runtime
   * context, or `config.configurable`). A function is always called, once a call.
   * @default undefined
   */
  context?: TContext | ((config: ToolRunnableConfig) => TContext);
  /**
   * The turn the calls run in: once outside content came back in a turn, its later calls that
   * are not read-only need approval. By default, one `registry.turn()` per user message of a
   * thread (from the message to the agent's answer, resumes in this process included), kept in
   * memory for the last 1024 such messages; a call with no graph state has none. Pass a turn, or
   * a function of LangChain's run config that returns one, to scope it yourself; `null` for none.
   * @default one turn per user message of a thread
   */
  turn?:
    | ToolTurn<TContext>
    | ((config: ToolRunnableConfig) => ToolTurn<TContext> | undefined)
    | null;
}

/**
 * LangChain tools for every tool in `registry`, deferred or not, but its search tool (this list is
 * fixed, so what the search loads would never be listed), each call going through the registry's
 * channel: lookup, permissions, validation, approval, deadline, error hygiene and the guard. Hand
 * them to `createAgent` or LangGraph's `ToolNode`. The answer is a `ToolMessage` whose `status` is
 * `"error"` when the registry's response is an error. A tool that is not `parallel` never
 * overlaps another call of the tools returned by one `toLangChainTools` call.
 *
 * @example
 * ```ts no-run
 * import { interrupt, MemorySaver } from "@langchain/langgraph";
 * import { createAgent } from "langchain";
 *
 * const tools = toLangChainTools(registry, { interrupt });
 * const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
 * ```
 */
export function toLangChainTools<TContext = unknown>(
  registry: ToolRegistry<TContext>,
  options: LangChainToolsOptions<TContext> = {},
): StructuredTool[] {
  const gate = new CallGate();
  const { interrupt } = options;
  const turns = options.turn === undefined ? new TurnsByUserMessage(registry) : undefined;
  const runCall = async (
    name: string,
    args: Record<string, unknown>,
    config: ToolRunnableConfig,
  ): Promise<ToolResponse> => {
    const callId = config.toolCall?.id;
    let scope: ToolRegistry<TContext> | ToolTurn<TContext>;
    let context: TContext | undefined;
    try {
      scope = (turns === undefined ? turnFor(options, config) : turns.turnFor(config)) ?? registry;
      context = contextFor(options, config);
    } catch (error) {
      // A hook of the app failed: fail closed, and keep its message (it may hold secrets) out.
      return ToolResponse.error(`Tool '${name}' failed: ${typeName(error)}`);
    }
    const execute: ExecuteOptions<TContext> = { callId, context, signal: config.signal };
    if (interrupt !== undefined) {
      // No callId here: check only echoes it back, and costs more with one.
      const check = scope.check(name, args, { context });
      if (check.status === "needs-approval") {
        // Throws LangGraph's GraphInterrupt until the graph is resumed with the decision.
        const approved = isApproval(interrupt(approvalRequest(check, callId)), callId);
        execute.confirm = () => approved;
      } else if (check.status === "ready" && decisionAwaits(config, callId)) {
        // It paused for approval in a run this process did not see, e.g. its turn was tainted by
        // a result of the same model step that is not in the graph state yet: the decision
        // stands. interrupt returns it at once.
        const request = resumedRequest(check, callId, registry.get(name)?.hints ?? hints());
        if (!isApproval(interrupt(request), callId)) {
          return ToolResponse.error(`Tool '${name}' was not run: the confirmation was declined.`);
        }
      }
    }
    const exclusive = registry.get(name)?.parallel !== true;
    return gate.run(exclusive, () => scope.execute(name, args, execute));
  };
  // Every tool, deferred or not, but the search tool: this list is fixed, so nothing would list
  // what it loads.
  return registry
    .list()
    .filter((tool) => !registry.isSearchTool(tool.name))
    .map((tool) => new ChannelTool(tool.spec, (args, config) => runCall(tool.name, args, config)));
}

function turnFor<TContext>(
  options: LangChainToolsOptions<TContext>,
  config: ToolRunnableConfig,
): ToolTurn<TContext> | undefined {
  const { turn } = options;
  return typeof turn === "function" ? turn(config) : (turn ?? undefined);
}

function contextFor<TContext>(
  options: LangChainToolsOptions<TContext>,
  config: ToolRunnableConfig,
): TContext | undefined {
  const { context } = options;
  return typeof context === "function"
    ? (context as (config: ToolRunnableConfig) => TContext)(config)
    : context;
}

function approvalRequest(
  check: CheckNeedsApproval,
  callId: string | undefined,
): ToolApprovalRequest {
  return {
    type: "toolgate/approval",
    tool: check.tool,
    origin: check.origin,
    ...(callId === undefined ? {} : { callId }),
    args: check.args,
    hints: check.hints,
    by: check.by,
    reason: check.reason,
  };
}

/** The request of a call resumed with a decision: never shown, as the decision is already in. */
function resumedRequest(
  check: CheckReady,
  callId: string | undefined,
  toolHints: Hints,
): ToolApprovalRequest {
  return {
    type: "toolgate/approval",
    tool: check.tool,
    origin: check.origin,
    ...(callId === undefined ? {} : { callId }),
    args: check.args,
    hints: toolHints,
    by: "turn",
    reason: "This call paused for a person's approval; the decision it resumes with stands.",
  };
}

function typeName(error: unknown): string {
  return error instanceof Error ? error.constructor.name : typeof error;
}
