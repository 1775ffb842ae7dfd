import type { ToolContext } from "@toolgate/tool-core";
import { callAbortController } from "@toolgate/tool-core/internal";

/**
 * The context of a call that can be stopped (a deadline, a caller's signal). Its signal is made
 * only when the tool reads it (or the call is stopped), since a new AbortSignal costs microseconds
 * on Node 20, and for this call only, so the tool may hand it to code that never removes
 * listeners. Read after the call was stopped, it is aborted with the stop's reason.
 *
 * `signal` is an own enumerable property, as on a plain context, so a tool that passes on
 * `{ ...context }` passes the signal. Every context shares one getter: a getter made per call
 * (an object literal's `get signal()`) gives each context a shape of its own, which cost more
 * than the rest of a deadline did.
 */
export class CallContext implements ToolContext {
  // One descriptor for all: defining it costs far less than a literal's getter made per call.
  static readonly #SIGNAL: PropertyDescriptor = {
    get(this: CallContext): AbortSignal {
      return this.#signal();
    },
    enumerable: true,
    configurable: true,
  };

  /** Defined in the constructor, with the shared getter. */
  declare readonly signal: AbortSignal;
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
    Object.defineProperty(this, "signal", CallContext.#SIGNAL);
    if (context !== undefined) (this as { context?: unknown }).context = context;
  }

  /** Aborts the call's signal, whether the tool has read it yet or reads it later. */
  static stop(context: CallContext, error: unknown): void {
    context.#controller ??= callAbortController();
    context.#controller.abort(error);
  }

  #signal(): AbortSignal {
    this.#controller ??= callAbortController();
    return this.#controller.signal;
  }
}
