import {
  type Hints,
  isValidToolName,
  hints as makeHints,
  removeInvisibleCharacters,
  Tool,
  type ToolContext,
  ToolError,
  ToolInputError,
  ToolResponse,
  toToolResponse,
} from "@toolgate/tool-core";
import {
  callAbortController,
  clip,
  isRecord,
  NEVER_ABORTED_SIGNAL,
  timeoutOption,
} from "@toolgate/tool-core/internal";
import type { ConfirmationPolicy, ConfirmationRequest, ConfirmCallback } from "./confirmation.js";
import {
  defaultExternalContentGuard,
  type ExternalContentGuard,
} from "./external-content-guard.js";
import {
  type ArgumentValidator,
  argumentValidator,
  describeValidationErrors,
} from "./internal/argument-validation.js";
import { checkArgumentValues } from "./internal/check-argument-values.js";
import { closestNames } from "./internal/closest-names.js";
import { type Cut, cutToBudget } from "./internal/cut-to-budget.js";
import { catalogLine, describeTool } from "./internal/describe-tool.js";
import {
  type AnthropicTool,
  type OpenAIFunctionTool,
  toAnthropicTool,
  toOpenAITool,
} from "./provider-formats.js";
import type { ToolEndEvent, ToolEvent, ToolFailedEvent, ToolInvalidEvent } from "./tool-event.js";
import { ToolPermissions } from "./tool-permissions.js";
import { ToolRegistrationError } from "./tool-registration-error.js";

/** How a registry runs calls. Every option is fixed when the registry is made. */
export interface ToolRegistryOptions {
  /** Which tools may run. @default every registered tool */
  permissions?: ToolPermissions;
  /** Asks a human before a call that needs confirmation. Without one, such calls are denied. */
  confirm?: ConfirmCallback;
  /** Asks for confirmation beyond what tools ask themselves (`true` = ask), e.g. `confirmUnlessReadOnly()`. */
  confirmationPolicy?: ConfirmationPolicy;
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
}

/** Per-call options. */
export interface ExecuteOptions {
  /** Confirmation callback for this call (instead of the registry's). */
  confirm?: ConfirmCallback;
  /** Cancels the call: the tool's `context.signal` aborts and the call answers "cancelled". */
  signal?: AbortSignal;
  /** Deadline for this call in milliseconds (instead of the registry's); `null` = no limit. */
  timeoutMs?: number | null;
  /** The model's id for this call (ignored by `executeBatch`, which uses each call's `id`). */
  callId?: string;
}

/** One call as a model made it. */
export interface ToolCall {
  /** The model's id for this call. */
  id?: string;
  /** The name of the tool to call. */
  name: string;
  /** Parsed arguments, or the model's JSON text (`""` counts as `{}`). */
  args: Record<string, unknown> | string;
}

/** A response and whether the tool was actually run. */
export interface ExecutionResult {
  /** The response for the model. */
  readonly response: ToolResponse;
  /** False when the call was stopped before the tool ran (unknown, invalid, denied, declined). */
  readonly executed: boolean;
  /** The call's id (`ExecuteOptions.callId`, or the `id` of a batch call). */
  readonly callId?: string;
}

/** Options of {@link ToolRegistry.registerAll}. */
export interface RegisterAllOptions {
  /** What to do when a name is taken: throw (registering nothing), skip the new tool, or replace. @default "error" */
  onConflict?: "error" | "skip" | "overwrite";
}

interface Entry {
  readonly tool: Tool<object>;
  /** The output budget for this tool's responses; undefined = no cap. */
  readonly budget: number | undefined;
  /** The context for calls without an id, deadline or caller signal: made once per tool. */
  readonly context: ToolContext;
  validate: ArgumentValidator | undefined;
  // The permission decision never changes: tools and permissions are both immutable.
  denial: string | undefined | typeof UNCHECKED;
}

type Args = Record<string, unknown>;
/** A batch call read once: its fields, whether it may run beside its neighbours, or what threw. */
interface PreparedCall {
  name: string;
  args: Args | string | undefined;
  id: string | undefined;
  concurrent: boolean;
  /** What reading the call's fields threw. */
  unreadable?: unknown;
}
/** What a call that settles later settles to: its whole result, or (for `execute`) the response. */
type Settle<T> = (result: ExecutionResult) => T;
/** A call's result now, or a promise of what `settle` makes of it later. */
type Outcome<T> = ExecutionResult | Promise<T>;

const UNCHECKED = Symbol("unchecked");
const registryMarker = Symbol.for("toolgate.tool-registry");
// One signal for every call without a deadline or caller signal: no allocation per call, and
// tools can tell (isNeverAborted) that there is no cancellation to pass on.
const NO_ID_CONTEXT: ToolContext = Object.freeze({ signal: NEVER_ABORTED_SIGNAL });
const DEFAULT_MAX_RESULT_CHARS = 100_000;
const WORST_CASE_HINTS = makeHints();
const hasOwn = Object.prototype.hasOwnProperty;

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
export class ToolRegistry {
  readonly #tools = new Map<string, Entry>();
  readonly #permissions: ToolPermissions | undefined;
  readonly #confirm: ConfirmCallback | undefined;
  readonly #policy: ConfirmationPolicy | undefined;
  readonly #timeoutMs: number | undefined;
  readonly #guard: ExternalContentGuard | undefined;
  readonly #redact: ((text: string) => string) | undefined;
  readonly #onEvent: ((event: ToolEvent) => void) | undefined;
  readonly #maxResultChars: number | undefined;

  constructor(options: ToolRegistryOptions = {}) {
    if (typeof options !== "object" || options === null) {
      throw new TypeError("ToolRegistry options must be an object");
    }
    const { permissions, confirm, confirmationPolicy, guard, redact, onEvent } = options;
    if (permissions !== undefined && !ToolPermissions.isInstance(permissions)) {
      throw new TypeError("ToolRegistry: permissions must be a ToolPermissions");
    }
    optionalFunction(confirm, "confirm");
    optionalFunction(confirmationPolicy, "confirmationPolicy");
    optionalFunction(redact, "redact");
    optionalFunction(onEvent, "onEvent");
    if (
      guard !== undefined &&
      guard !== false &&
      (typeof guard !== "object" || guard === null || typeof guard.wrap !== "function")
    ) {
      throw new TypeError("ToolRegistry: guard must be an ExternalContentGuard or false");
    }
    this.#permissions = permissions;
    this.#confirm = confirm;
    this.#policy = confirmationPolicy;
    this.#timeoutMs =
      timeoutOption(options.timeoutMs, "ToolRegistry: timeoutMs", null) ?? undefined;
    this.#guard = guard === false ? undefined : (guard ?? defaultExternalContentGuard);
    this.#redact = redact;
    this.#onEvent = onEvent;
    const max = options.maxResultChars;
    if (max !== undefined && max !== null && !isLimit(max)) {
      throw new TypeError("ToolRegistry: maxResultChars must be a positive integer or null");
    }
    this.#maxResultChars = max === undefined ? DEFAULT_MAX_RESULT_CHARS : (max ?? undefined);
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
    return this.#tools.size;
  }

  /**
   * Adds a tool: any object `Tool.isInstance` accepts (also from another copy of tool-core).
   *
   * @throws ToolRegistrationError when it is not a tool, its name breaks the name rule, or the
   *   name is taken (unless `overwrite`).
   */
  register(tool: Tool<object>, options: { overwrite?: boolean } = {}): void {
    checkTool(tool);
    if (!options.overwrite && this.#tools.has(tool.name)) {
      throw new ToolRegistrationError(`a tool named '${tool.name}' is already registered`, {
        toolName: tool.name,
      });
    }
    this.#tools.set(tool.name, this.#entry(tool));
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
    const list = [...tools];
    const seen = new Set<string>();
    for (const tool of list) {
      checkTool(tool);
      if (onConflict === "error" && (this.#tools.has(tool.name) || seen.has(tool.name))) {
        throw new ToolRegistrationError(`a tool named '${tool.name}' is already registered`, {
          toolName: tool.name,
        });
      }
      seen.add(tool.name);
    }
    const added: string[] = [];
    for (const tool of list) {
      if (onConflict === "skip" && this.#tools.has(tool.name)) continue;
      this.#tools.set(tool.name, this.#entry(tool));
      added.push(tool.name);
    }
    return added;
  }

  #entry(tool: Tool<object>): Entry {
    // A tool's own budget (a number, or null for none) wins over the registry's.
    const own = tool.maxResultChars;
    const budget = own === undefined ? this.#maxResultChars : (own ?? undefined);
    const context =
      budget === undefined
        ? NO_ID_CONTEXT
        : Object.freeze({ signal: NEVER_ABORTED_SIGNAL, maxResultChars: budget });
    return { tool, budget, context, validate: undefined, denial: UNCHECKED };
  }

  /** Removes a tool; false when there was none by that name. */
  unregister(name: string): boolean {
    return this.#tools.delete(name);
  }

  /** The tool registered under `name`, if any. */
  get(name: string): Tool<object> | undefined {
    return this.#tools.get(name)?.tool;
  }

  /** Whether a tool is registered under `name`. */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** The registered tools, in registration order. */
  list(): Tool<object>[] {
    return Array.from(this.#tools.values(), (entry) => entry.tool);
  }

  /**
   * Runs one call through the whole channel and returns the response the model should read.
   * Never rejects for a tool's failure; rejects only for invalid `options`.
   */
  execute(name: string, args: Args | string, options?: ExecuteOptions): Promise<ToolResponse> {
    try {
      const outcome = this.#call(name, args, options, options?.callId, toResponse);
      return outcome instanceof Promise ? outcome : Promise.resolve(outcome.response);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Like `execute`, and says whether the tool actually ran (`executed`). */
  executeChecked(
    name: string,
    args: Args | string,
    options?: ExecuteOptions,
  ): Promise<ExecutionResult> {
    try {
      return Promise.resolve(this.#call(name, args, options, options?.callId, asResult));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Runs a model's calls and returns one result per call, in input order, each with the call's
   * `id`. A run of adjacent calls whose tools are `parallel` and need no confirmation runs
   * concurrently; every other call runs alone, after the ones before it.
   */
  async executeBatch(
    calls: readonly ToolCall[],
    options: ExecuteOptions = {},
  ): Promise<ExecutionResult[]> {
    if (!Array.isArray(calls)) throw new TypeError("executeBatch takes an array of tool calls");
    const prepared = calls.map((call) => this.#prepare(call));
    const results = new Array<ExecutionResult>(prepared.length);
    let i = 0;
    while (i < prepared.length) {
      const call = prepared[i]!;
      if (!call.concurrent) {
        results[i] =
          "unreadable" in call
            ? this.#unreadableCall(call.unreadable)
            : await this.#call(call.name, call.args, options, call.id, asResult);
        i++;
        continue;
      }
      let end = i;
      while (end < prepared.length && prepared[end]!.concurrent) end++;
      const group = prepared
        .slice(i, end)
        .map((member) => this.#call(member.name, member.args, options, member.id, asResult));
      const settled = await Promise.all(group);
      for (let k = 0; k < settled.length; k++) results[i + k] = settled[k]!;
      i = end;
    }
    return results;
  }

  /** One line a tool, `- name: summary`: cheap enough to keep in a system prompt. */
  catalog(): string {
    const lines: string[] = [];
    for (const entry of this.#tools.values()) lines.push(catalogLine(entry.tool));
    return lines.join("\n");
  }

  /** Full blocks (description, behaviour, parameters) for the named tools, or all of them. */
  describe(names?: readonly string[]): string {
    if (names === undefined) return this.list().map(describeTool).join("\n\n");
    return names
      .map((name) => {
        const tool = this.#tools.get(name)?.tool;
        return tool ? describeTool(tool) : `## ${name}\nUnknown tool.`;
      })
      .join("\n\n");
  }

  /**
   * The tools in the OpenAI Chat Completions `tools` format.
   *
   * @throws RangeError for a name that is not registered.
   */
  toOpenAITools(names?: readonly string[]): OpenAIFunctionTool[] {
    return this.#select(names).map(toOpenAITool);
  }

  /**
   * The tools in the Anthropic Messages `tools` format.
   *
   * @throws RangeError for a name that is not registered.
   */
  toAnthropicTools(names?: readonly string[]): AnthropicTool[] {
    return this.#select(names).map(toAnthropicTool);
  }

  #select(names: readonly string[] | undefined): Tool<object>[] {
    if (names === undefined) return this.list();
    return names.map((name) => {
      const tool = this.#tools.get(name)?.tool;
      if (!tool) throw new RangeError(`no tool named '${String(name)}' is registered`);
      return tool;
    });
  }

  // Steps 1-5 run synchronously when nothing needs waiting for; a promise appears only for
  // confirmation, a deadline, or a tool that returns one.
  #call<T>(
    name: string,
    rawArgs: Args | string | undefined,
    options: ExecuteOptions | undefined,
    callId: string | undefined,
    settle: Settle<T>,
  ): Outcome<T> {
    // 1. Lookup.
    const entry = typeof name === "string" ? this.#tools.get(name) : undefined;
    if (entry === undefined) return this.#unknownTool(name, callId);
    const tool = entry.tool;

    // 2. Arguments: parsed, then checked for depth and finite numbers before anything recurses.
    let args: Args;
    try {
      const parsed = readArguments(rawArgs);
      if (typeof parsed === "string") return this.#invalid(tool, callId, "invalid-json", parsed);
      args = parsed;
      const problem = checkArgumentValues(args, typeof rawArgs === "object");
      if (problem !== undefined) return this.#invalid(tool, callId, "invalid-arguments", problem);
    } catch (error) {
      const problem = `arguments cannot be read (${typeLabel(error)})`;
      return this.#invalid(tool, callId, "invalid-arguments", problem, false, error);
    }

    // 3. Permissions.
    let denial = entry.denial;
    if (denial === UNCHECKED) {
      denial = this.#permissions?.denialReason(tool);
      entry.denial = denial;
    }
    if (denial !== undefined) return this.#denied(tool, callId, "permissions", denial);

    // 4. Validation.
    let validate = entry.validate;
    if (validate === undefined) {
      try {
        validate = argumentValidator(tool.inputSchema);
      } catch (error) {
        return this.#invalid(
          tool,
          callId,
          "invalid-schema",
          `tool '${tool.name}' cannot be called: its input schema is invalid (${schemaProblem(error)})`,
          true,
        );
      }
      entry.validate = validate;
    }
    const invalid = validationProblem(validate, args);
    if (invalid !== undefined) {
      return this.#invalid(
        tool,
        callId,
        "invalid-arguments",
        invalid.problem,
        false,
        invalid.error,
      );
    }

    // 5. Confirmation.
    const confirmation = this.#confirmationNeeded(tool, args);
    if (confirmation !== undefined) {
      const confirm = options?.confirm ?? this.#confirm;
      if (confirm === undefined) {
        return this.#denied(
          tool,
          callId,
          "confirmation",
          `Tool '${tool.name}' needs a human's confirmation and none can be asked: the call was not run.`,
        );
      }
      return this.#confirmThenRun(entry, args, options, callId, confirm, confirmation, settle);
    }

    // 6-9.
    return this.#run(entry, args, options, callId, settle);
  }

  /** The call's hints when it needs confirmation, `undefined` when it does not. */
  #confirmationNeeded(tool: Tool<object>, args: Args): Hints | undefined {
    let needed: boolean;
    try {
      needed = tool.needsConfirmation(args) !== false;
    } catch {
      needed = true; // a broken check must not wave a call through
    }
    const policy = this.#policy;
    if (!needed && policy === undefined) return undefined;
    const hints = hintsOf(tool, args);
    if (!needed) {
      try {
        needed = policy!(tool, args, hints) !== false;
      } catch {
        needed = true;
      }
    }
    return needed ? hints : undefined;
  }

  async #confirmThenRun<T>(
    entry: Entry,
    args: Args,
    options: ExecuteOptions | undefined,
    callId: string | undefined,
    confirm: ConfirmCallback,
    hints: Hints,
    settle: Settle<T>,
  ): Promise<T> {
    const tool = entry.tool;
    const request: ConfirmationRequest = Object.freeze({ tool, args, hints, callId });
    let approved = false;
    let thrown: { error: unknown } | undefined;
    try {
      approved = (await confirm(request)) === true;
    } catch (error) {
      thrown = { error };
    }
    if (!approved) {
      const response = this.#finish(
        tool,
        ToolResponse.error(`Tool '${tool.name}' was not run: the confirmation was declined.`),
      );
      this.#emit({
        type: "rejected",
        tool: tool.name,
        origin: tool.origin,
        callId,
        args,
        ...(thrown && { error: thrown.error }),
        response,
      });
      return settle({ response, executed: false, callId });
    }
    const outcome = this.#run(entry, args, options, callId, settle);
    return outcome instanceof Promise ? outcome : settle(outcome);
  }

  // 6. Run. The common case (no deadline, no caller signal) allocates no controller or timer.
  #run<T>(
    entry: Entry,
    args: Args,
    options: ExecuteOptions | undefined,
    callId: string | undefined,
    settle: Settle<T>,
  ): Outcome<T> {
    const tool = entry.tool;
    const signal = options?.signal;
    const timeoutMs =
      options?.timeoutMs === undefined
        ? this.#timeoutMs
        : (timeoutOption(options.timeoutMs, "ToolRegistry.execute: timeoutMs", null) ?? undefined);
    if (signal?.aborted) return this.#cancelledBeforeStart(tool, callId, signal.reason);
    const started = this.#onEvent === undefined ? 0 : performance.now();
    if (this.#onEvent !== undefined) {
      this.#emit({ type: "start", tool: tool.name, origin: tool.origin, callId, args });
    }
    if (signal === undefined && timeoutMs === undefined) {
      const context =
        callId === undefined
          ? entry.context
          : { signal: NEVER_ABORTED_SIGNAL, callId, maxResultChars: entry.budget };
      try {
        const value = tool.run(args, context);
        // Reading `then` runs the tool's code (a getter, a proxy trap), so it is inside the try.
        if (!isThenable(value)) return this.#returned(entry, callId, value, started);
        // Settled in the same turn as the tool's promise: `execute` waits no turn more.
        return whenSettled(
          value,
          (resolved) => settle(this.#returned(entry, callId, resolved, started)),
          (error) => settle(this.#thrown(entry, callId, error, started)),
        );
      } catch (error) {
        return this.#thrown(entry, callId, error, started);
      }
    }
    return this.#runWithDeadline(entry, args, callId, signal, timeoutMs, started, settle);
  }

  // One promise that the first of result, deadline and caller's abort settles; whatever comes
  // after is ignored (a tool that gives up when its signal aborts answers too late to count).
  #runWithDeadline<T>(
    entry: Entry,
    args: Args,
    callId: string | undefined,
    signal: AbortSignal | undefined,
    timeoutMs: number | undefined,
    started: number,
    settle: Settle<T>,
  ): Promise<T> {
    const tool = entry.tool;
    // Made for this call only, so the tool may hand its signal to code that never removes
    // listeners; and only when the tool reads it: a new AbortSignal costs microseconds on Node 20.
    let controller: AbortController | undefined;
    let stopError: unknown;
    let stopped = false;
    const context: ToolContext = {
      callId,
      maxResultChars: entry.budget,
      get signal() {
        if (controller === undefined) {
          controller = callAbortController();
          if (stopped) controller.abort(stopError);
        }
        return controller.signal;
      },
    };
    return new Promise<T>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      const finish = (result: ExecutionResult) => {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener("abort", onCallerAbort);
        resolve(settle(result));
      };
      const stop = (reason: "timeout" | "cancelled", error: unknown) => {
        stopped = true;
        stopError = error;
        controller?.abort(error);
        finish(this.#stopped(tool, callId, reason, error, started, timeoutMs));
      };
      const onCallerAbort = () => stop("cancelled", signal?.reason);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          const message = `Tool '${tool.name}' timed out after ${timeoutMs} ms`;
          stop("timeout", new DOMException(message, "TimeoutError"));
        }, timeoutMs);
      }
      signal?.addEventListener("abort", onCallerAbort, { once: true });
      try {
        const value = tool.run(args, context);
        if (!isThenable(value)) {
          finish(this.#returned(entry, callId, value, started));
          return;
        }
        whenSettled(
          value,
          (resolved) => {
            if (!settled) finish(this.#returned(entry, callId, resolved, started));
          },
          (error) => {
            if (!settled) finish(this.#thrown(entry, callId, error, started));
          },
        );
      } catch (error) {
        finish(this.#thrown(entry, callId, error, started));
      }
    });
  }

  // 7-9 for a value the tool returned.
  #returned(
    entry: Entry,
    callId: string | undefined,
    value: unknown,
    started: number,
  ): ExecutionResult {
    let response: ToolResponse;
    try {
      response = toToolResponse(value);
      // A response the tool made (ours, another copy's, a proxy, an object posing as one) is
      // rebuilt from fields read once, so its status and text are checked and no getter or trap
      // of the tool's runs after this point (in the guard, redaction, or the caller's hands).
      if (response === value) {
        const made: ToolResponse = response;
        const content = made.content;
        response = new ToolResponse(made.status, made.text, made.data, content && { content });
      }
    } catch (error) {
      return this.#failed(entry.tool, callId, "exception", error, started);
    }
    return this.#answered(entry, callId, response, started);
  }

  // 7-9 for an exception: ToolError text goes to the model, anything else only by type name.
  #thrown(
    entry: Entry,
    callId: string | undefined,
    error: unknown,
    started: number,
  ): ExecutionResult {
    let response: ToolResponse | undefined;
    try {
      if (ToolError.isInstance(error)) {
        const message = String(error.message);
        const text = ToolInputError.isInstance(error) ? `(input error: ${message})` : message;
        response = ToolResponse.error(text, error.data);
      }
    } catch {
      // An error whose fields cannot be read is reported by type name, like any other.
      response = undefined;
    }
    if (response === undefined) {
      return this.#failed(entry.tool, callId, "exception", error, started);
    }
    return this.#answered(entry, callId, response, started);
  }

  #answered(
    entry: Entry,
    callId: string | undefined,
    response: ToolResponse,
    started: number,
  ): ExecutionResult {
    const tool = entry.tool;
    // 8a. The output budget, before the guard so its markers stay whole.
    let cut: Cut | undefined;
    const budget = entry.budget;
    if (budget !== undefined && response.text.length > budget) {
      ({ response, cut } = cutToBudget(response, budget));
    }
    let guarded = response;
    if (tool.externalContent && this.#guard !== undefined) {
      try {
        const wrapped = this.#guard.wrap(response.text, tool);
        if (typeof wrapped !== "string") throw new TypeError("guard.wrap must return a string");
        guarded = response.withText(wrapped);
      } catch (error) {
        // Never let unguarded outside text through.
        const text = `Tool '${tool.name}' failed: its response could not be guarded`;
        return this.#failed(tool, callId, "exception", error, started, text);
      }
    }
    const final = this.#finish(tool, guarded);
    if (this.#onEvent !== undefined) {
      const durationMs = performance.now() - started;
      const end: ToolEndEvent = {
        type: "end",
        tool: tool.name,
        origin: tool.origin,
        callId,
        response: final,
        durationMs,
      };
      // Added only when there was a cut: a spread in the literal would slow every call.
      this.#emit(cut === undefined ? end : { ...end, cut });
    }
    return { response: final, executed: true, callId };
  }

  #failed(
    tool: Tool<object>,
    callId: string | undefined,
    reason: ToolFailedEvent["reason"],
    error: unknown,
    started: number,
    text = `Tool '${tool.name}' failed: ${typeLabel(error)}`,
    executed = true,
  ): ExecutionResult {
    const response = this.#finish(tool, ToolResponse.error(text));
    if (this.#onEvent !== undefined) {
      const durationMs = started === 0 ? 0 : performance.now() - started;
      this.#emit({
        type: "failed",
        tool: tool.name,
        origin: tool.origin,
        callId,
        reason,
        error,
        response,
        durationMs,
      });
    }
    return { response, executed, callId };
  }

  #stopped(
    tool: Tool<object>,
    callId: string | undefined,
    reason: "timeout" | "cancelled",
    error: unknown,
    started: number,
    timeoutMs: number | undefined,
  ): ExecutionResult {
    const text =
      reason === "timeout"
        ? `Tool '${tool.name}' timed out after ${timeoutMs} ms`
        : `Tool '${tool.name}' was cancelled`;
    return this.#failed(tool, callId, reason, error, started, text);
  }

  #cancelledBeforeStart(
    tool: Tool<object>,
    callId: string | undefined,
    error: unknown,
  ): ExecutionResult {
    return this.#failed(
      tool,
      callId,
      "cancelled",
      error,
      0,
      `Tool '${tool.name}' was cancelled`,
      false,
    );
  }

  #unknownTool(name: unknown, callId: string | undefined): ExecutionResult {
    const shown = displayName(name);
    const names = this.#tools.keys();
    const message =
      this.#tools.size === 0
        ? `Unknown tool '${shown}': no tools are available.`
        : `Unknown tool '${shown}'. Closest available tools: ${closestNames(shown, names)
            .map((n) => `'${n}'`)
            .join(", ")}.`;
    const response = this.#finish(undefined, ToolResponse.error(message));
    this.#emit({
      type: "invalid",
      tool: shown,
      callId,
      reason: "unknown-tool",
      message: response.text,
      response,
    });
    return { response, executed: false, callId };
  }

  #invalid(
    tool: Tool<object>,
    callId: string | undefined,
    reason: ToolInvalidEvent["reason"],
    problem: string,
    verbatim = false,
    error?: unknown,
  ): ExecutionResult {
    const text = verbatim ? problem : `(input error: ${problem})`;
    const response = this.#finish(tool, ToolResponse.error(text));
    this.#emit({
      type: "invalid",
      tool: tool.name,
      origin: tool.origin,
      callId,
      reason,
      message: response.text,
      ...(error !== undefined && { error }),
      response,
    });
    return { response, executed: false, callId };
  }

  #denied(
    tool: Tool<object>,
    callId: string | undefined,
    by: "permissions" | "confirmation",
    reason: string,
  ): ExecutionResult {
    const response = this.#finish(tool, ToolResponse.error(reason));
    this.#emit({
      type: "denied",
      tool: tool.name,
      origin: tool.origin,
      callId,
      by,
      reason: response.text,
      response,
    });
    return { response, executed: false, callId };
  }

  // 9. Redaction, last. A redactor that throws must not let the unredacted text through.
  #finish(tool: Tool<object> | undefined, response: ToolResponse): ToolResponse {
    const redact = this.#redact;
    if (redact === undefined) return response;
    let text: string;
    try {
      text = redact(response.text);
      if (typeof text !== "string") throw new TypeError("redact must return a string");
    } catch {
      const name = tool ? `Tool '${tool.name}'` : "The call";
      return ToolResponse.error(`${name} failed: its response could not be redacted`);
    }
    return text === response.text ? response : response.withText(text);
  }

  #emit(event: ToolEvent): void {
    try {
      const returned: unknown = this.#onEvent?.(event);
      // An async listener that fails must not become an unhandled rejection (which ends Node).
      if (returned instanceof Promise) returned.catch(ignore);
    } catch {
      // Telemetry must never change what the model gets.
    }
  }

  #prepare(call: ToolCall): PreparedCall {
    let name: string;
    let id: unknown;
    let args: Args | string | undefined;
    try {
      if (typeof call !== "object" || call === null) {
        return { name: String(call), args: undefined, id: undefined, concurrent: false };
      }
      // Each field is read once: a getter cannot show the checks one value and the tool another.
      ({ name, id, args } = call);
    } catch (error) {
      return { name: "", args: undefined, id: undefined, concurrent: false, unreadable: error };
    }
    const callId = typeof id === "string" ? id : undefined;
    const entry = typeof name === "string" ? this.#tools.get(name) : undefined;
    if (entry === undefined || !entry.tool.parallel) {
      return { name, args, id: callId, concurrent: false };
    }
    // Parse once here so the parallel check sees real arguments. Only valid calls reach
    // needsConfirmation and the policy; anything wrong (bad JSON, values, a validator that
    // throws) makes the call run alone, and #call reports it.
    try {
      const parsed = readArguments(args);
      if (typeof parsed === "string") return { name, args, id: callId, concurrent: false };
      args = parsed;
      if (checkArgumentValues(parsed, true) !== undefined) {
        return { name, args, id: callId, concurrent: false };
      }
      let validate = entry.validate;
      if (validate === undefined) {
        validate = argumentValidator(entry.tool.inputSchema);
        entry.validate = validate;
      }
      const concurrent =
        validate(parsed) === true && this.#confirmationNeeded(entry.tool, parsed) === undefined;
      return { name, args, id: callId, concurrent };
    } catch {
      return { name, args, id: callId, concurrent: false };
    }
  }

  #unreadableCall(error: unknown): ExecutionResult {
    const text = `(input error: the call could not be read (${typeLabel(error)}))`;
    const response = this.#finish(undefined, ToolResponse.error(text));
    this.#emit({
      type: "invalid",
      tool: "",
      reason: "unknown-tool",
      message: response.text,
      error,
      response,
    });
    return { response, executed: false };
  }
}

Object.defineProperty(ToolRegistry.prototype, registryMarker, { value: true });

function ignore(): void {}

function toResponse(result: ExecutionResult): ToolResponse {
  return result.response;
}

function asResult(result: ExecutionResult): ExecutionResult {
  return result;
}

function checkTool(tool: unknown): asserts tool is Tool<object> {
  if (!Tool.isInstance(tool)) {
    throw new ToolRegistrationError(
      "only tools can be registered (make one with tool() or a Tool subclass)",
    );
  }
  if (!isValidToolName(tool.name)) {
    throw new ToolRegistrationError(
      `invalid tool name ${JSON.stringify(tool.name)}: use 1-64 ASCII letters, digits, '_' or '-'`,
      { toolName: String(tool.name) },
    );
  }
  // Checked here too for tool-shaped objects that did not go through Tool's constructor.
  const max: unknown = tool.maxResultChars;
  if (max !== undefined && max !== null && !isLimit(max)) {
    throw new ToolRegistrationError(
      `tool '${tool.name}': maxResultChars must be a positive integer or null`,
      { toolName: tool.name },
    );
  }
}

function isLimit(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

function optionalFunction(value: unknown, field: string): void {
  if (value !== undefined && typeof value !== "function") {
    throw new TypeError(`ToolRegistry: ${field} must be a function`);
  }
}

/** The arguments as an object, or the problem as a string. May throw for a hostile object. */
function readArguments(raw: unknown): Args | string {
  if (typeof raw === "string") return parseArguments(raw);
  if (raw === undefined) return {};
  if (isRecord(raw)) return raw as Args;
  return `arguments must be a JSON object, got ${kindOf(raw)}`;
}

/**
 * Why `args` fail validation (with what was thrown, if validation itself threw), or `undefined`
 * when they pass. A validator that throws (a stack overflow on a recursive schema, a getter in
 * the arguments) is an input error, never an exception out of the channel.
 */
function validationProblem(
  validate: ArgumentValidator,
  args: Args,
): { problem: string; error?: unknown } | undefined {
  try {
    if (validate(args)) return undefined;
  } catch (error) {
    return { problem: `arguments could not be validated (${typeLabel(error)})`, error };
  }
  try {
    return { problem: describeValidationErrors(validate.errors, args) };
  } catch (error) {
    return { problem: "the arguments do not match the schema", error };
  }
}

/**
 * A JSON object from the model's argument text, or the problem as a string. `""` (what models
 * send for tools without arguments) counts as `{}`.
 */
function parseArguments(text: string): Args | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (text.trim() === "") return {};
    return `arguments are not valid JSON: ${(error as Error).message}`;
  }
  if (!isRecord(value)) {
    return `arguments must be a JSON object, got ${kindOf(value)}`;
  }
  return value as Args;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

const promiseThen = Promise.prototype.then;

/**
 * Calls `onFulfilled` or `onRejected` once a tool's thenable settles. A plain native promise is
 * followed as it is (no extra turn); anything else (a promise with its own `then`, a subclass,
 * a proxy, a hand-made thenable) is first adopted by a promise of ours, whose resolution turns a
 * `then` that throws into a rejection. May throw synchronously (a proxy posing as a promise).
 */
function whenSettled<T>(
  value: PromiseLike<unknown>,
  onFulfilled: (value: unknown) => T,
  onRejected: (error: unknown) => T,
): Promise<T> {
  const plain =
    value instanceof Promise &&
    Object.getPrototypeOf(value) === Promise.prototype &&
    !hasOwn.call(value, "then") &&
    !hasOwn.call(value, "constructor");
  const pending = plain ? value : new Promise<unknown>((resolve) => resolve(value));
  return promiseThen.call(pending, onFulfilled, onRejected) as Promise<T>;
}

function hintsOf(tool: Tool<object>, args: Args): Hints {
  try {
    const hints = tool.hintsFor(args);
    return typeof hints === "object" && hints !== null ? hints : WORST_CASE_HINTS;
  } catch {
    return WORST_CASE_HINTS;
  }
}

/** A type name safe to show the model: never the message, never a value's text. */
function typeLabel(error: unknown): string {
  if (error === null) return "null";
  if (typeof error !== "object" && typeof error !== "function") return typeof error;
  let name: unknown;
  try {
    name = hasOwn.call(error, "constructor") ? undefined : (error as object).constructor?.name;
  } catch {
    name = undefined;
  }
  return typeof name === "string" && /^[A-Za-z_$][\w$]{0,63}$/.test(name) ? name : "Error";
}

function displayName(name: unknown): string {
  let raw: string;
  try {
    raw = typeof name === "string" ? name : String(name);
  } catch {
    raw = typeof name;
  }
  const text = removeInvisibleCharacters(raw).replace(/\s+/g, " ");
  return clip(text, 64);
}

function schemaProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return clip(message, 200);
}
