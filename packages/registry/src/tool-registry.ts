import type { Tool, ToolResponse } from "@toolgate/tool-core";
import type { ApprovalOptions } from "./approval/approval-options.js";
import type { ApproveOptions, ApproveResult, DeclineOptions } from "./approval/approve-result.js";
import type { PendingApproval } from "./approval/pending-approval.js";
import type { CheckOptions, CheckResult } from "./check-result.js";
import type { ConfirmationPolicy, ConfirmCallback } from "./confirmation.js";
import type { ExternalContentGuard } from "./external-content-guard.js";
import { approvePending } from "./internal/channel/approve-pending.js";
import { executeBatch } from "./internal/channel/batch.js";
import { type Channel, createChannel } from "./internal/channel/channel.js";
import { checkCall } from "./internal/channel/check-call.js";
import { declinePending } from "./internal/channel/decline-pending.js";
import { executeCall } from "./internal/channel/execute-call.js";
import { checkTool, toolEntry } from "./internal/channel/registration.js";
import { checkTaintSource, type TurnState } from "./internal/channel/tainted-turn.js";
import { catalogLine, describeTool } from "./internal/describe-tool.js";
import {
  type AnthropicTool,
  type OpenAIFunctionTool,
  type OpenAIResponsesFunctionTool,
  type OpenAIResponsesToolOptions,
  toAnthropicTool,
  toOpenAIResponsesTool,
  toOpenAITool,
} from "./provider-formats.js";
import type { ToolEvent, ToolProgressEvent } from "./tool-event.js";
import type { ToolPermissions } from "./tool-permissions.js";
import { ToolRegistrationError } from "./tool-registration-error.js";
import {
  type AnthropicNativeSearchEntry,
  type AnthropicNativeSearchOptions,
  anthropicToolSearchTool,
} from "./tool-search/anthropic-tool-search.js";
import { checkDefer, DeferredTools } from "./tool-search/deferred-tools.js";
import { type ToolListOptions, ToolScope } from "./tool-search/tool-scope.js";
import type {
  DeferMode,
  ToolSearchMatch,
  ToolSearchOptions,
} from "./tool-search/tool-search-options.js";
import type { ToolTracingOptions } from "./tool-tracing-options.js";
import type { ToolTurn, ToolTurnOptions } from "./tool-turn.js";

/**
 * How a registry runs calls. Every option is fixed when the registry is made. `TContext` is the
 * type of the per-call `context` (see {@link ExecuteOptions.context}) its rules and policies see.
 */
export interface ToolRegistryOptions<TContext = unknown> {
  /** Which tools may run (static rules, and a per-call `rule`). @default every registered tool */
  permissions?: ToolPermissions<TContext>;
  /** Asks a human before a call that needs confirmation. Without one, such calls are denied. */
  confirm?: ConfirmCallback<TContext>;
  /** Asks for confirmation beyond what tools ask themselves (`true` = ask), e.g. `confirmUnlessReadOnly()`. */
  confirmationPolicy?: ConfirmationPolicy<TContext>;
  /**
   * Deadline for each call in milliseconds (1 to 2147483647); the tool's `context.signal` aborts
   * then. `null` = no limit. See tool-core's README, "Timeouts". @default null (no limit)
   */
  timeoutMs?: number | null;
  /** Wraps the results of `externalContent` tools; `false` only for trusted pipelines. @default the default guard */
  guard?: ExternalContentGuard | false;
  /** Applied to every text leaving the registry (responses, errors, denial reasons), last. */
  redact?: (text: string) => string;
  /** Audit log and telemetry; see {@link ToolEvent}. A throwing listener is ignored. */
  onEvent?: (event: ToolEvent) => void;
  /**
   * Output budget: the longest response text a tool's answer may have (a positive integer);
   * longer text is cut, ends with a marker saying so, and is answered as partial with the full
   * value in `data`. A tool's own `maxResultChars` takes precedence. `null` = no cap.
   * @default 100_000 (about 25,000 tokens)
   */
  maxResultChars?: number | null;
  /**
   * Deferred approval and grant tokens: a call that needs approval answers at once with a
   * `PendingApproval`, and runs later with `execute(name, args, { approval: token })`, here or in
   * any registry holding the same key. See {@link ApprovalOptions}.
   * @throws ToolDefinitionError (at construction) without a key of at least 32 bytes.
   */
  approval?: ApprovalOptions;
  /**
   * OpenTelemetry: every call is an `execute_tool {tool}` span (GenAI semantic conventions) with
   * the decision, the tool runs inside it; arguments and results are recorded only when opted in
   * (after `redact`). Without an OpenTelemetry SDK it costs almost nothing. `false` = no spans.
   * See {@link ToolTracingOptions}. @default on, with the global tracer provider
   */
  tracing?: ToolTracingOptions | false;
  /**
   * Tool search for registries with many tools: deferred tools stay registered and callable as
   * before but are left out of the provider formats until a search loads them into a scope, and
   * a read-only search tool (`tool_search`) is registered for the model. See
   * {@link ToolSearchOptions} and the README's "Tool search". @default off: every tool is listed
   */
  toolSearch?: ToolSearchOptions;
}

/** Per-call options. `TContext` is the registry's context type (see {@link ToolRegistry}). */
export interface ExecuteOptions<TContext = unknown> {
  /**
   * Confirmation callback for this call (instead of the registry's). It says how this call is
   * confirmed, so it is asked even in deferred mode (`approval.mode: "deferred"`), where the
   * registry's own `confirm` is not: an adapter whose framework already put the call to a person
   * passes `confirm: () => approvedThere`. A grant token (`approval`) still wins over it. For
   * `executeBatch`, every call of the batch that needs approval asks it.
   */
  confirm?: ConfirmCallback<TContext>;
  /**
   * This call's context, e.g. the user a multi-tenant app acts for. It reaches the tool
   * (`ToolContext.context`), the permissions' `rule`, the confirmation policy and the `confirm`
   * request. For `executeBatch`, every call of the batch gets it. @default undefined
   */
  context?: TContext;
  /** Cancels the call: the tool's `context.signal` aborts and the call answers "cancelled". */
  signal?: AbortSignal;
  /** Deadline for this call in milliseconds (instead of the registry's); `null` = no limit. */
  timeoutMs?: number | null;
  /** The model's id for this call (ignored by `executeBatch`, which uses each call's `id`). */
  callId?: string;
  /**
   * Hears this call's progress (for `executeBatch`, every call's: tell them apart by `callId`):
   * the same `progress` events `onEvent` gets. What it throws or rejects with is ignored.
   * Progress never extends a deadline. Not a function: the call rejects with a `TypeError`.
   * @default undefined
   */
  onProgress?: (event: ToolProgressEvent) => void;
  /**
   * A grant token from `approve` for this exact call: it runs without asking `confirm` when the
   * token matches (tool, arguments, definition, expiry) and was not used before; otherwise the
   * call is refused. Checked only for a call that needs approval, after permissions and
   * validation. Ignored by `executeBatch`, which uses each call's `approval`.
   */
  approval?: string;
}

/** One call as a model made it. */
export interface ToolCall {
  /** The model's id for this call. */
  id?: string;
  /** The name of the tool to call. */
  name: string;
  /** Parsed arguments, or the model's JSON text (`""` counts as `{}`). */
  args: Record<string, unknown> | string;
  /** A grant token for this call (see `ExecuteOptions.approval`). */
  approval?: string;
}

/** A response and whether the tool was actually run. */
export interface ExecutionResult {
  /** The response for the model. */
  readonly response: ToolResponse;
  /** False when the call was stopped before the tool ran (unknown, invalid, denied, declined). */
  readonly executed: boolean;
  /**
   * The call's id (`ExecuteOptions.callId`, or the `id` of a batch call); for a call without
   * one, the id the registry made for its events, span or pending approval, when it made one.
   */
  readonly callId?: string;
  /**
   * Present only in deferred mode, when the call awaits a person's approval (and did not run):
   * show it to a person, then `approve` or `decline` it. The response says the call awaits.
   */
  readonly pending?: PendingApproval;
}

/** Options of {@link ToolRegistry.registerAll}. */
export interface RegisterAllOptions {
  /** What to do when a name is taken: throw (registering nothing), skip the new tool, or replace. @default "error" */
  onConflict?: "error" | "skip" | "overwrite";
  /** Whether these tools are deferred (needs the `toolSearch` option). @default their origin's setting */
  defer?: DeferMode;
}

/** Options of {@link ToolRegistry.register}. */
export interface RegisterOptions {
  /** Replace a tool registered under the same name. @default false */
  overwrite?: boolean;
  /** Whether this tool is deferred (needs the `toolSearch` option). @default its origin's setting */
  defer?: DeferMode;
}

const registryMarker = Symbol.for("toolgate.tool-registry");

/**
 * The one execution channel: every call a model makes goes through {@link ToolRegistry.execute}
 * (or `executeChecked` / `executeBatch`), which looks the tool up, parses JSON arguments, checks
 * permissions, validates the arguments, asks for confirmation, runs the tool with a deadline,
 * maps the outcome, applies the output budget, guards outside content, redacts, and reports
 * events, in that order. It never rejects for a tool's failure or for hostile arguments or
 * results: every problem becomes an error response the model can read.
 *
 * @example
 * const registry = new ToolRegistry({ permissions: new ToolPermissions({ deny: ["cli"] }), timeoutMs: 10_000 });
 * registry.register(add);
 * const response = await registry.execute("add", '{"a": 2, "b": 3}');
 * response.text; // "5"
 */
// The channel's stages live one per file in src/internal/channel/ (admit-call.ts runs lookup,
// arguments, permissions, validation and the confirmation decision; execute-call.ts adds
// confirmation, run and outcome). This class only holds the channel and composes them.
// `TContext` types the per-call `context` option (`new ToolRegistry<{ userId: string }>()`); the
// default `unknown` accepts any value, so code written before it keeps compiling.
export class ToolRegistry<TContext = unknown> {
  readonly #channel: Channel;
  readonly #search: DeferredTools | undefined;

  constructor(options: ToolRegistryOptions<TContext> = {}) {
    // The channel holds the options untyped: the context is only passed through to them.
    this.#channel = createChannel(options as ToolRegistryOptions);
    if (options.toolSearch !== undefined) {
      this.#search = new DeferredTools(
        options.toolSearch,
        this.#channel.tools,
        this.#channel.permissions,
      );
      this.register(this.#search.tool);
    }
  }

  /** True for a `ToolRegistry` from any installed copy of @toolgate/registry. */
  static isInstance(value: unknown): value is ToolRegistry {
    return typeof value === "object" && value !== null && registryMarker in value;
  }

  /**
   * A registry from a list of tools (registered with `onConflict: "error"`), the given registry
   * itself, or `undefined` for `undefined`. Options cannot be combined with an existing registry:
   * they would be silently lost.
   */
  static from(
    tools: Iterable<Tool<object>> | ToolRegistry | undefined,
    options?: ToolRegistryOptions,
  ): ToolRegistry | undefined {
    if (tools === undefined) return undefined;
    if (ToolRegistry.isInstance(tools)) {
      if (options !== undefined) {
        throw new TypeError("ToolRegistry.from: options cannot be applied to an existing registry");
      }
      return tools;
    }
    const registry = new ToolRegistry(options);
    registry.registerAll(tools);
    return registry;
  }

  /** The number of registered tools. */
  get size(): number {
    return this.#channel.tools.size;
  }

  /**
   * Adds a tool: any object `Tool.isInstance` accepts (also from another copy of tool-core).
   *
   * @throws ToolRegistrationError when it is not a tool, its name breaks the name rule, or the
   *   name is taken (unless `overwrite`).
   */
  register(tool: Tool<object>, options: RegisterOptions = {}): void {
    checkTool(tool);
    const defer = this.#checkDefer(options.defer);
    if (!options.overwrite && this.#channel.tools.has(tool.name)) {
      throw new ToolRegistrationError(`a tool named '${tool.name}' is already registered`, {
        toolName: tool.name,
      });
    }
    this.#channel.tools.set(tool.name, toolEntry(this.#channel, tool));
    this.#search?.mark(tool.name, defer);
  }

  /**
   * Adds many tools and returns the names added. With `onConflict: "error"` nothing is added
   * when any tool is invalid or any name is taken (also twice within `tools`).
   */
  registerAll(tools: Iterable<Tool<object>>, options: RegisterAllOptions = {}): string[] {
    const onConflict = options.onConflict ?? "error";
    if (onConflict !== "error" && onConflict !== "skip" && onConflict !== "overwrite") {
      throw new TypeError(`registerAll: unknown onConflict '${String(onConflict)}'`);
    }
    if (typeof tools !== "object" || tools === null || !(Symbol.iterator in tools)) {
      throw new TypeError("registerAll takes an iterable of tools");
    }
    const defer = this.#checkDefer(options.defer);
    const list = [...tools];
    const seen = new Set<string>();
    for (const tool of list) {
      checkTool(tool);
      if (onConflict === "error" && (this.#channel.tools.has(tool.name) || seen.has(tool.name))) {
        throw new ToolRegistrationError(`a tool named '${tool.name}' is already registered`, {
          toolName: tool.name,
        });
      }
      seen.add(tool.name);
    }
    const added: string[] = [];
    for (const tool of list) {
      if (onConflict === "skip" && this.#channel.tools.has(tool.name)) continue;
      this.#channel.tools.set(tool.name, toolEntry(this.#channel, tool));
      this.#search?.mark(tool.name, defer);
      added.push(tool.name);
    }
    return added;
  }

  /** Removes a tool; false when there was none by that name. */
  unregister(name: string): boolean {
    const removed = this.#channel.tools.delete(name);
    if (removed) this.#search?.changed(name);
    return removed;
  }

  /**
   * Whether the tool named `name` is deferred now: left out of the provider formats unless
   * loaded in the scope they are asked with. Always false without the `toolSearch` option.
   */
  isDeferred(name: string): boolean {
    const tool = this.#channel.tools.get(name)?.tool;
    return tool !== undefined && this.#search?.isDeferred(tool) === true;
  }

  /**
   * Whether `name` is this registry's search tool (the `toolSearch` option's, named
   * `toolSearch.name`). Adapters that hand a framework one fixed tool list leave it out: it loads
   * tools only into a turn's scope, which such a list never rereads. False without `toolSearch`,
   * and for a tool registered over its name.
   */
  isSearchTool(name: string): boolean {
    const search = this.#search;
    return search !== undefined && this.#channel.tools.get(name)?.tool === search.tool;
  }

  /**
   * The deferred tools that best match `query`, best first, the way the search tool ranks them
   * (BM25 over name, description and parameter names; a tool named exactly comes first);
   * tools the permissions deny are left out. Loads nothing. Empty without `toolSearch`.
   *
   * @throws TypeError for a query that is not a string or a limit that is not 1 to 1000.
   */
  searchTools(query: string, options: { limit?: number } = {}): ToolSearchMatch[] {
    if (this.#search === undefined) return [];
    return this.#search.search(query, options.limit ?? 10);
  }

  /** The tool registered under `name`, if any. */
  get(name: string): Tool<object> | undefined {
    return this.#channel.tools.get(name)?.tool;
  }

  /** Whether a tool is registered under `name`. */
  has(name: string): boolean {
    return this.#channel.tools.has(name);
  }

  /** The registered tools, in registration order. */
  list(): Tool<object>[] {
    return Array.from(this.#channel.tools.values(), (entry) => entry.tool);
  }

  /**
   * Runs one call through the whole channel and returns the response the model should read.
   * Never rejects for a tool's failure; rejects only for invalid `options`.
   */
  execute(
    name: string,
    args: Record<string, unknown> | string,
    options?: ExecuteOptions<TContext>,
  ): Promise<ToolResponse> {
    try {
      const outcome = executeCall(
        this.#channel,
        name,
        args,
        options as ExecuteOptions | undefined,
        options?.callId,
        toResponse,
        options?.approval,
      );
      return outcome instanceof Promise ? outcome : Promise.resolve(outcome.response);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Like `execute`, and says whether the tool actually ran (`executed`). */
  executeChecked(
    name: string,
    args: Record<string, unknown> | string,
    options?: ExecuteOptions<TContext>,
  ): Promise<ExecutionResult> {
    try {
      return Promise.resolve(
        executeCall(
          this.#channel,
          name,
          args,
          options as ExecuteOptions | undefined,
          options?.callId,
          asResult,
          options?.approval,
        ),
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Runs a model's calls and returns one result per call, in input order, each with the call's
   * `id`. A run of adjacent calls whose tools are `parallel` and need no confirmation runs
   * concurrently; every other call runs alone, after the ones before it.
   */
  executeBatch(
    calls: readonly ToolCall[],
    options: ExecuteOptions<TContext> = {},
  ): Promise<ExecutionResult[]> {
    return executeBatch(this.#channel, calls, options as ExecuteOptions);
  }

  /**
   * What `execute` would do with a call, without running it or asking anyone: lookup, argument
   * parsing, permissions, validation and the confirmation decision, and nothing more (the
   * `confirm` callback is not called, no event is emitted: a check is a question, not a call,
   * and `execute` reports every decision again). Adapters and UIs use it so that an invalid or
   * denied call is never shown to a person. Never throws.
   *
   * - `ready`: `execute` would run the tool at once, with `args`.
   * - `needs-approval`: valid and allowed, but a person must approve it (`hints`, `by`, `reason`);
   *   `execute` would ask `confirm` (without one, refuse the call), or in deferred mode answer
   *   with a pending approval.
   * - `refused`: `response` is exactly what `execute` would answer, and the tool would not run.
   *
   * @example
   * const check = registry.check("write_file", call.arguments, { callId: call.id });
   * if (check.status === "refused") return reply(check.response.text);
   * if (check.status === "needs-approval") showToPerson(check.tool, check.args, check.reason);
   */
  check(
    name: string,
    args: Record<string, unknown> | string,
    options?: CheckOptions<TContext>,
  ): CheckResult {
    return checkCall(this.#channel, name, args, options);
  }

  /**
   * A scope for one model turn (see {@link ToolTurn}): the same `execute`, `executeChecked`,
   * `executeBatch` and `check`, remembering whether outside content (a result of an
   * `externalContent` tool) was returned in this turn. After that, every call in the turn that is
   * not read-only needs a person's approval even where the policy would let it through, and the
   * pending, the `confirm` request or the refusal names the result that tainted the turn. Make
   * one per model turn; a new turn starts clean, unless `taintedBy` names a result that came
   * back before it (a run resumed in another process).
   *
   * @example
   * const turn = registry.turn();
   * for (const call of message.tool_calls) results.push(await turn.execute(call.name, call.arguments, { callId: call.id }));
   */
  turn(options: ToolTurnOptions = {}): ToolTurn<TContext> {
    const channel = this.#channel;
    const scope = options.scope ?? new ToolScope();
    if (!ToolScope.isInstance(scope)) throw new TypeError("turn: scope must be a ToolScope");
    const state: TurnState = { taintedBy: checkTaintSource(options.taintedBy) };
    const search = this.#search;
    // The search tool loads into this turn's scope: it reads it from the async context.
    const scoped = <T>(searching: boolean, run: () => T): T =>
      searching && search !== undefined ? search.inScope(scope, run) : run();
    const isSearch = (name: unknown) => search !== undefined && name === search.tool.name;
    const call = <T>(
      name: string,
      args: Record<string, unknown> | string,
      options: ExecuteOptions<TContext> | undefined,
      settle: (result: ExecutionResult) => T,
    ): Promise<T> => {
      try {
        const outcome = executeCall(
          channel,
          name,
          args,
          options as ExecuteOptions | undefined,
          options?.callId,
          settle,
          options?.approval,
          state,
        );
        return outcome instanceof Promise ? outcome : Promise.resolve(settle(outcome));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return Object.freeze({
      execute: (name, args, options) =>
        scoped(isSearch(name), () => call(name, args, options, toResponse)),
      executeChecked: (name, args, options) =>
        scoped(isSearch(name), () => call(name, args, options, asResult)),
      executeBatch: (calls, options = {}) =>
        scoped(Array.isArray(calls) && calls.some((one) => isSearch(one?.name)), () =>
          executeBatch(channel, calls, options as ExecuteOptions, state),
        ),
      check: (name, args, options) => checkCall(channel, name, args, options, state),
      get taintedBy() {
        return state.taintedBy;
      },
      scope,
      toOpenAITools: () => this.toOpenAITools(undefined, { scope }),
      toOpenAIResponsesTools: (options) =>
        this.toOpenAIResponsesTools(undefined, { ...options, scope }),
      toAnthropicTools: ((options?: { nativeSearch?: "bm25" | "regex" }) =>
        options?.nativeSearch === undefined
          ? this.toAnthropicTools(undefined, { scope })
          : this.toAnthropicTools(undefined, {
              nativeSearch: options.nativeSearch,
              scope,
            })) as ToolTurn["toAnthropicTools"],
    } satisfies ToolTurn<TContext>);
  }

  /**
   * Approves a pending approval (typically JSON back from a browser) and returns a grant token
   * for its exact call, or why it cannot: `malformed`, `forged` (not issued under this key, or
   * edited), `expired`, `declined`, `invalid-by`, `no-key`, `ledger-failed`. Never rejects.
   * The token is single use: pass it as `execute(name, args, { approval: token })`.
   *
   * @example
   * const answer = await registry.approve(JSON.parse(body), { by: user.id });
   * if (answer.status === "approved") await registry.execute(call.name, call.args, { approval: answer.token });
   */
  approve(pending: unknown, options?: ApproveOptions): Promise<ApproveResult> {
    return approvePending(this.#channel, pending, options);
  }

  /**
   * Declines a pending approval: returns the response to hand to the model, uses the pending up
   * in the ledger (no grant for it can run afterwards, and `approve` refuses it), and emits a
   * `declined` event. For a value that is not a valid pending, only the response. Never rejects.
   */
  decline(pending: unknown, options?: DeclineOptions): Promise<ToolResponse> {
    return declinePending(this.#channel, pending, options);
  }

  /** One line a tool, `- name: summary`: cheap enough to keep in a system prompt. */
  catalog(): string {
    const lines: string[] = [];
    for (const entry of this.#channel.tools.values()) lines.push(catalogLine(entry.tool));
    return lines.join("\n");
  }

  /** Full blocks (description, behaviour, parameters) for the named tools, or all of them. */
  describe(names?: readonly string[]): string {
    if (names === undefined) return this.list().map(describeTool).join("\n\n");
    return names
      .map((name) => {
        const tool = this.#channel.tools.get(name)?.tool;
        return tool ? describeTool(tool) : `## ${name}\nUnknown tool.`;
      })
      .join("\n\n");
  }

  /**
   * The tools in the OpenAI Chat Completions `tools` format.
   *
   * @throws RangeError for a name that is not registered.
   */
  toOpenAITools(names?: readonly string[], options?: ToolListOptions): OpenAIFunctionTool[] {
    return this.#listed(names, options).map(toOpenAITool);
  }

  /**
   * The tools in the OpenAI Responses API `tools` format, each with `strict: true` only when its
   * schema already meets the strict-mode rules (see `toOpenAIResponsesTool`).
   *
   * @throws RangeError for a name that is not registered.
   */
  toOpenAIResponsesTools(
    names?: readonly string[],
    options?: OpenAIResponsesToolOptions & ToolListOptions,
  ): OpenAIResponsesFunctionTool[] {
    const format = options?.strict === undefined ? undefined : { strict: options.strict };
    return this.#listed(names, options).map((tool) => toOpenAIResponsesTool(tool, format));
  }

  /**
   * The tools in the Anthropic Messages `tools` format.
   *
   * @throws RangeError for a name that is not registered.
   */
  toAnthropicTools(names?: readonly string[], options?: ToolListOptions): AnthropicTool[];
  /**
   * With `nativeSearch`: Anthropic's own tool search instead of the registry's search tool.
   * Deferred tools are listed with `defer_loading: true` (those loaded in `scope` without it)
   * after Anthropic's tool search tool; see {@link AnthropicNativeSearchOptions}.
   */
  toAnthropicTools(
    names: readonly string[] | undefined,
    options: AnthropicNativeSearchOptions,
  ): AnthropicNativeSearchEntry[];
  toAnthropicTools(
    names?: readonly string[],
    options?: ToolListOptions | AnthropicNativeSearchOptions,
  ): AnthropicNativeSearchEntry[] {
    const native =
      options !== undefined && "nativeSearch" in options ? options.nativeSearch : undefined;
    if (native === undefined) return this.#listed(names, options).map(toAnthropicTool);
    const server = anthropicToolSearchTool(native);
    const search = this.#search;
    const scope = options?.scope;
    const tools = names === undefined ? this.list() : this.#select(names);
    const out: AnthropicNativeSearchEntry[] = [];
    let anyDeferred = false;
    for (const tool of tools) {
      if (search !== undefined && tool === search.tool) continue;
      const entry = toAnthropicTool(tool);
      if (search?.isDeferred(tool) && !scope?.has(tool.name)) {
        anyDeferred = true;
        out.push({ ...entry, defer_loading: true });
      } else {
        out.push(entry);
      }
    }
    return anyDeferred ? [server, ...out] : out;
  }

  #listed(
    names: readonly string[] | undefined,
    options: ToolListOptions | undefined,
  ): Tool<object>[] {
    if (names !== undefined || this.#search === undefined) return this.#select(names);
    const scope = options?.scope;
    if (scope !== undefined && !ToolScope.isInstance(scope)) {
      throw new TypeError("scope must be a ToolScope");
    }
    return this.#search.listed(scope);
  }

  #checkDefer(defer: unknown): DeferMode | undefined {
    const mode = checkDefer(defer);
    if (mode !== undefined && this.#search === undefined) {
      throw new TypeError("defer needs the registry's toolSearch option");
    }
    return mode;
  }

  #select(names: readonly string[] | undefined): Tool<object>[] {
    if (names === undefined) return this.list();
    return names.map((name) => {
      const tool = this.#channel.tools.get(name)?.tool;
      if (!tool) throw new RangeError(`no tool named '${String(name)}' is registered`);
      return tool;
    });
  }
}

Object.defineProperty(ToolRegistry.prototype, registryMarker, { value: true });

function toResponse(result: ExecutionResult): ToolResponse {
  return result.response;
}

function asResult(result: ExecutionResult): ExecutionResult {
  return result;
}
