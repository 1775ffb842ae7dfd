import type { ToolResponse } from "@toolgate/tool-core";
import type { CheckOptions, CheckResult } from "./check-result.js";
import type {
  AnthropicTool,
  OpenAIFunctionTool,
  OpenAIResponsesFunctionTool,
  OpenAIResponsesToolOptions,
} from "./provider-formats.js";
import type { ExecuteOptions, ExecutionResult, ToolCall } from "./tool-registry.js";
import type {
  AnthropicNativeSearchEntry,
  AnthropicNativeSearchOptions,
} from "./tool-search/anthropic-tool-search.js";
import type { ToolScope } from "./tool-search/tool-scope.js";

/** The earlier result that brought outside content into a turn. */
export interface TaintSource {
  /** The `externalContent` tool whose result was returned. */
  readonly tool: string;
  /** That call's id, when it had one. */
  readonly callId?: string;
}

/** Options of `ToolRegistry.turn`. */
export interface ToolTurnOptions {
  /**
   * Where this turn's searches load tools, e.g. the session's scope. @default a new scope of
   * this turn's own
   */
  scope?: ToolScope;
  /**
   * Starts the turn already tainted by this result, as if it had come back in this turn: for a
   * turn that resumes where outside content came in earlier, e.g. in another process after a
   * pause for approval. Its calls that are not read-only need approval from the first, and
   * their requests name this source. `tool` is a tool name (the name rule), `callId` a string when given.
   * @default undefined (a clean turn)
   */
  taintedBy?: TaintSource;
}

/**
 * One model turn's calls, from `registry.turn()`: the registry's `execute`, `executeChecked`,
 * `executeBatch` and `check`, plus memory of outside content. Once a call to an
 * `externalContent` tool has run in this turn (its result goes back to the model), every later
 * call in the turn that is not read-only needs a person's approval, even where the policy would
 * let it through: a pending in deferred mode, a `confirm` question otherwise, a refusal without
 * a `confirm`. Read-only calls still run. Make one turn per model turn and drop it after; a new
 * turn starts clean (unless made with `taintedBy`), and turns never see each other's state.
 */
export interface ToolTurn<TContext = unknown> {
  /** `ToolRegistry.execute`, within this turn. */
  execute(
    name: string,
    args: Record<string, unknown> | string,
    options?: ExecuteOptions<TContext>,
  ): Promise<ToolResponse>;
  /** `ToolRegistry.executeChecked`, within this turn. */
  executeChecked(
    name: string,
    args: Record<string, unknown> | string,
    options?: ExecuteOptions<TContext>,
  ): Promise<ExecutionResult>;
  /**
   * `ToolRegistry.executeBatch`, within this turn: a result taints the calls after it. A call
   * that is not read-only never runs in a parallel group beside an `externalContent` call before
   * it: the group ends before it, so it is judged once that call's result is in.
   */
  executeBatch(
    calls: readonly ToolCall[],
    options?: ExecuteOptions<TContext>,
  ): Promise<ExecutionResult[]>;
  /** `ToolRegistry.check`, within this turn: a tainted turn's write calls need approval. */
  check(
    name: string,
    args: Record<string, unknown> | string,
    options?: CheckOptions<TContext>,
  ): CheckResult;
  /**
   * The first result that brought outside content into this turn (or the turn's `taintedBy`
   * option); `undefined` while clean.
   */
  readonly taintedBy: TaintSource | undefined;
  /**
   * Where this turn's tool searches load deferred tools (`registry.turn({ scope })`, or the
   * turn's own). The format methods below list its loaded tools.
   */
  readonly scope: ToolScope;
  /** `ToolRegistry.toOpenAITools()` with this turn's scope: the tools for the next model call. */
  toOpenAITools(): OpenAIFunctionTool[];
  /** `ToolRegistry.toOpenAIResponsesTools()` with this turn's scope. */
  toOpenAIResponsesTools(options?: OpenAIResponsesToolOptions): OpenAIResponsesFunctionTool[];
  /** `ToolRegistry.toAnthropicTools()` with this turn's scope. */
  toAnthropicTools(): AnthropicTool[];
  /** `ToolRegistry.toAnthropicTools()` with this turn's scope and Anthropic's native tool search. */
  toAnthropicTools(
    options: Pick<AnthropicNativeSearchOptions, "nativeSearch">,
  ): AnthropicNativeSearchEntry[];
}
