import type { Tool, ToolContext, ToolProgress } from "@toolgate/tool-core";
import { callAbortController, NEVER_ABORTED_SIGNAL } from "@toolgate/tool-core/internal";
import { newCallId } from "./call-id.js";
import type { Channel } from "./channel.js";
import { type ProgressListener, ProgressReporter } from "./progress-reporter.js";

/**
 * The context of a call that can be stopped (a deadline, a caller's signal). Its signal is made
 * only when the tool reads it (or the call is stopped), since a new AbortSignal costs microseconds
 * on Node 20, and for this call only, so the tool may hand it to code that never removes
 * listeners. Read after the call was stopped, it is aborted with the stop's reason.
 *
 * `signal` is a getter of the class, not an own property: an own accessor needs an
 * `Object.defineProperty` per call, which cost more than the rest of a deadline (and a getter in
 * an object literal far more). So `{ ...context }` does not carry the signal: a tool that passes
 * its context on passes it as it is, or names the signal (`{ ...context, signal: context.signal }`).
 */
export class CallContext implements ToolContext {
  /** The model's id for this call, when it gave one. */
  readonly callId: string | undefined;
  /** The output budget of the tool's responses; undefined = no cap. */
  readonly maxResultChars: number | undefined;
  /** The caller's per-call context; an own property only when the caller gave one. */
  declare readonly context?: unknown;
  // Made at the first read of `signal`, or by `stop` (a stopped call is no hot path).
  #controller: AbortController | undefined;

  /** A context for one call, with the call's id, the tool's output budget and the caller's context. */
  constructor(callId: string | undefined, maxResultChars: number | undefined, context: unknown) {
    this.callId = callId;
    this.maxResultChars = maxResultChars;
    if (context !== undefined) (this as { context?: unknown }).context = context;
  }

  /** The call's signal, made at its first read; born aborted when the call was stopped before. */
  get signal(): AbortSignal {
    this.#controller ??= callAbortController();
    return this.#controller.signal;
  }

  /** Aborts the call's signal, whether the tool has read it yet or reads it later. */
  static stop(context: CallContext, error: unknown): void {
    context.#controller ??= callAbortController();
    context.#controller.abort(error);
  }
}

/**
 * The context of a call whose progress someone hears (the registry's `onEvent`, the caller's
 * `onProgress`): like {@link CallContext}, with `progress`, which makes the call's reporter at its
 * first read only, so a tool that never reports costs nothing for it. A class of its own (not a
 * subclass: a derived constructor costs more per call), so that a call nobody listens to keeps
 * the lighter context. `stoppable` false: the call has neither deadline nor caller's signal, and
 * its signal is the shared one that never aborts. Like `signal`, `progress` is a getter:
 * `{ ...context }` does not carry it.
 */
export class ListenedCallContext implements ToolContext {
  /** The model's id for this call, or the one the registry made for it. */
  readonly callId: string | undefined;
  /** The output budget of the tool's responses; undefined = no cap. */
  readonly maxResultChars: number | undefined;
  /** The caller's per-call context; an own property only when the caller gave one. */
  declare readonly context?: unknown;
  #controller: AbortController | undefined;
  readonly #stoppable: boolean;
  readonly #channel: Channel;
  readonly #tool: Tool<object>;
  readonly #onProgress: ProgressListener | undefined;
  #reporter: ProgressReporter | undefined;

  /** As {@link CallContext}, with whether it can be stopped and who hears its progress. */
  constructor(
    callId: string | undefined,
    maxResultChars: number | undefined,
    context: unknown,
    stoppable: boolean,
    channel: Channel,
    tool: Tool<object>,
    onProgress: ProgressListener | undefined,
  ) {
    this.callId = callId;
    this.maxResultChars = maxResultChars;
    if (context !== undefined) (this as { context?: unknown }).context = context;
    this.#stoppable = stoppable;
    this.#channel = channel;
    this.#tool = tool;
    this.#onProgress = onProgress;
  }

  /** The call's signal (see {@link CallContext}); the shared one when it cannot be stopped. */
  get signal(): AbortSignal {
    if (!this.#stoppable) return NEVER_ABORTED_SIGNAL;
    this.#controller ??= callAbortController();
    return this.#controller.signal;
  }

  /** Reports the call's progress; never throws. */
  get progress(): (update: ToolProgress) => void {
    this.#reporter ??= new ProgressReporter(
      this.#channel,
      this.#tool,
      this.callId ?? newCallId(),
      this.#onProgress,
    );
    return this.#reporter.report;
  }

  /** Aborts the call's signal, whether the tool has read it yet or reads it later. */
  static stop(context: ListenedCallContext, error: unknown): void {
    context.#controller ??= callAbortController();
    context.#controller.abort(error);
  }

  /**
   * The call ended: progress still waiting is delivered now (before the call's last event), and
   * what the tool reports later is dropped. Any context may be given; only this kind reports.
   */
  static endProgress(context: ToolContext): void {
    if (context instanceof ListenedCallContext) context.#reporter?.close();
  }
}
