import type { Tool, ToolContext, ToolProgress } from "@toolgate/tool-core";
import { callAbortController, NEVER_ABORTED_SIGNAL } from "@toolgate/tool-core/internal";
import { newCallId } from "./call-id.js";
import type { Channel } from "./channel.js";
import { type ProgressListener, ProgressReporter } from "./progress-reporter.js";

/**
 * The context of a call that can be stopped (a deadline, a caller's signal), or whose progress
 * someone hears (`onEvent`, `onProgress`). Its signal is made only when the tool reads it (or the
 * call is stopped), since a new AbortSignal costs microseconds on Node 20, and for this call only,
 * so the tool may hand it to code that never removes listeners. Read after the call was stopped,
 * it is aborted with the stop's reason. A call that cannot be stopped has the shared signal that
 * never aborts. Likewise `progress` makes the call's reporter at its first read only: a tool that
 * never reports progress costs nothing for it; it is undefined when nobody listens.
 *
 * `signal` and `progress` are getters of the class, not own properties: an own accessor needs an
 * `Object.defineProperty` per call, which cost more than the rest of a deadline (and a getter in
 * an object literal far more). So `{ ...context }` does not carry them: a tool that passes its
 * context on passes it as it is, or names them (`{ ...context, signal: context.signal }`).
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
  readonly #stoppable: boolean;
  // Set only when someone hears this call's progress.
  readonly #channel: Channel | undefined;
  readonly #tool: Tool<object> | undefined;
  readonly #onProgress: ProgressListener | undefined;
  #reporter: ProgressReporter | undefined;

  /**
   * A context for one call, with the call's id, the tool's output budget and the caller's
   * context; `stoppable` false for a call with neither deadline nor caller's signal. `channel`
   * and `tool` are given only when the registry's `onEvent` or the caller's `onProgress` listens.
   */
  constructor(
    callId: string | undefined,
    maxResultChars: number | undefined,
    context: unknown,
    stoppable: boolean,
    channel?: Channel,
    tool?: Tool<object>,
    onProgress?: ProgressListener,
  ) {
    this.callId = callId;
    this.maxResultChars = maxResultChars;
    if (context !== undefined) (this as { context?: unknown }).context = context;
    this.#stoppable = stoppable;
    this.#channel = channel;
    this.#tool = tool;
    this.#onProgress = onProgress;
  }

  /** The call's signal, made at its first read; born aborted when the call was stopped before. */
  get signal(): AbortSignal {
    if (!this.#stoppable) return NEVER_ABORTED_SIGNAL;
    this.#controller ??= callAbortController();
    return this.#controller.signal;
  }

  /** Reports the call's progress (never throws); undefined when nobody listens. */
  get progress(): ((update: ToolProgress) => void) | undefined {
    const channel = this.#channel;
    if (channel === undefined || this.#tool === undefined) return undefined;
    this.#reporter ??= new ProgressReporter(
      channel,
      this.#tool,
      this.callId ?? newCallId(),
      this.#onProgress,
    );
    return this.#reporter.report;
  }

  /** Aborts the call's signal, whether the tool has read it yet or reads it later. */
  static stop(context: CallContext, error: unknown): void {
    context.#controller ??= callAbortController();
    context.#controller.abort(error);
  }

  /**
   * The call ended: progress still waiting is delivered now (before the call's last event), and
   * what the tool reports later is dropped. Any context may be given; only ours has progress.
   */
  static endProgress(context: ToolContext): void {
    if (context instanceof CallContext) context.#reporter?.close();
  }
}
