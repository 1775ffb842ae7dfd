import type { ToolContext, ToolProgress } from "@toolgate/tool-core";
import { NEVER_ABORTED_SIGNAL, timeoutOption } from "@toolgate/tool-core/internal";
import type { ExecuteOptions, ExecutionResult } from "../../tool-registry.js";
import { CallContext, ListenedCallContext } from "./call-context.js";
import type { Args, Channel, ToolEntry } from "./channel.js";
import { drainGenerator, isGenerator } from "./drain-generator.js";
import { emit } from "./events.js";
import {
  cancelledBeforeStart,
  type Outcome,
  returned,
  type Settle,
  stopped,
  thrown,
} from "./outcome.js";
import { ignoreProgress } from "./progress-reporter.js";

const hasOwn = Object.prototype.hasOwnProperty;
const promiseThen = Promise.prototype.then;

/**
 * Stage 6: runs an admitted call, with the call's or the registry's deadline and the caller's
 * signal, and hands what the tool returned or threw to the outcome stage. A tool that answers
 * synchronously costs no controller, timer or promise, with or without a deadline (with a
 * caller's signal it still gets a promise); with a deadline, its context is made for the call.
 *
 * A tool whose `run` returns a generator (`function*`, `async function*`) is run to its end by
 * `drainGenerator`: its yields are progress, its return value the result. Progress goes to the
 * registry's `onEvent` and the caller's `onProgress`; with neither, the context has no `progress`
 * (so an MCP tool asks its server for none). Progress still waiting when the call ends is
 * delivered before its last event.
 */
export function run<T>(
  channel: Channel,
  entry: ToolEntry,
  args: Args,
  options: ExecuteOptions | undefined,
  callId: string | undefined,
  settle: Settle<T>,
): Outcome<T> {
  const tool = entry.tool;
  const signal = options?.signal;
  const timeoutMs =
    options?.timeoutMs === undefined
      ? channel.timeoutMs
      : (timeoutOption(options.timeoutMs, "ToolRegistry.execute: timeoutMs", null) ?? undefined);
  if (signal?.aborted) return cancelledBeforeStart(channel, tool, callId, signal.reason);
  const started = channel.onEvent === undefined ? 0 : performance.now();
  if (channel.onEvent !== undefined) {
    emit(channel, { type: "start", tool: tool.name, origin: tool.origin, callId, args });
  }
  // The caller's per-call context (a multi-tenant app's user), passed on as it is.
  const callerContext = options?.context;
  const onProgress = options?.onProgress;
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw new TypeError("ToolRegistry.execute: onProgress must be a function");
  }
  // Who hears progress, if anyone: the context then makes a reporter when the tool first reports.
  const hearing = channel.onEvent !== undefined || onProgress !== undefined ? channel : undefined;
  if (signal === undefined && timeoutMs === undefined) {
    const context =
      hearing !== undefined
        ? new ListenedCallContext(
            callId,
            entry.budget,
            callerContext,
            false,
            hearing,
            tool,
            onProgress,
          )
        : callerContext !== undefined
          ? {
              signal: NEVER_ABORTED_SIGNAL,
              callId,
              maxResultChars: entry.budget,
              context: callerContext,
            }
          : callId === undefined
            ? entry.context
            : { signal: NEVER_ABORTED_SIGNAL, callId, maxResultChars: entry.budget };
    try {
      const value = tool.run(args, context);
      let pending: PromiseLike<unknown>;
      // Reading `then` runs the tool's code (a getter, a proxy trap), so it is inside the try.
      if (isThenable(value)) pending = value;
      else if (isGenerator(value)) {
        pending = drainGenerator(value, progressOf(context), never);
      } else {
        if (hearing !== undefined) ListenedCallContext.endProgress(context);
        return returned(channel, entry, callId, value, started);
      }
      // Settled in the same turn as the tool's promise: `execute` waits no turn more.
      return whenSettled(
        pending,
        (resolved) => {
          if (hearing !== undefined) ListenedCallContext.endProgress(context);
          return settle(returned(channel, entry, callId, resolved, started));
        },
        (error) => {
          if (hearing !== undefined) ListenedCallContext.endProgress(context);
          return settle(thrown(channel, entry, callId, error, started));
        },
      );
    } catch (error) {
      if (hearing !== undefined) ListenedCallContext.endProgress(context);
      return thrown(channel, entry, callId, error, started);
    }
  }
  const context =
    hearing === undefined
      ? new CallContext(callId, entry.budget, callerContext)
      : new ListenedCallContext(
          callId,
          entry.budget,
          callerContext,
          true,
          hearing,
          tool,
          onProgress,
        );
  if (signal === undefined && timeoutMs !== undefined) {
    return runWithTimeout(channel, entry, args, callId, context, timeoutMs, started, settle);
  }
  return runWithDeadline(channel, entry, args, callId, context, signal, timeoutMs, started, settle);
}

// A deadline and no caller's signal (what production code sets). A tool that answers or throws
// synchronously is answered there: nothing can have stopped it while it ran, so no promise and
// no timer are made. Only a pending result arms the timer, for what is left of the deadline
// counted from the call's start (so a tool's synchronous part counts, as it always did).
function runWithTimeout<T>(
  channel: Channel,
  entry: ToolEntry,
  args: Args,
  callId: string | undefined,
  context: CallContext | ListenedCallContext,
  timeoutMs: number,
  started: number,
  settle: Settle<T>,
): Outcome<T> {
  const tool = entry.tool;
  const startedAt = channel.onEvent === undefined ? performance.now() : started;
  let settled = false;
  let pending: PromiseLike<unknown>;
  try {
    const value = tool.run(args, context);
    // Reading `then` runs the tool's code (a getter, a proxy trap), so it is inside the try.
    if (isThenable(value)) pending = value;
    else if (isGenerator(value))
      pending = drainGenerator(value, progressOf(context), () => settled);
    else {
      ListenedCallContext.endProgress(context);
      return returned(channel, entry, callId, value, started);
    }
  } catch (error) {
    ListenedCallContext.endProgress(context);
    return thrown(channel, entry, callId, error, started);
  }
  return new Promise<T>((resolve) => {
    const finish = (result: ExecutionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(settle(result));
    };
    // Rounded up: a timer never ends the call before its whole deadline has passed.
    const left = Math.max(0, Math.ceil(timeoutMs - (performance.now() - startedAt)));
    const timer = setTimeout(() => {
      const message = `Tool '${tool.name}' timed out after ${timeoutMs} ms`;
      const error = new DOMException(message, "TimeoutError");
      stopContext(context, error);
      ListenedCallContext.endProgress(context);
      finish(stopped(channel, tool, callId, "timeout", error, started, timeoutMs));
    }, left);
    try {
      whenSettled(
        pending,
        (resolved) => {
          if (settled) return;
          ListenedCallContext.endProgress(context);
          finish(returned(channel, entry, callId, resolved, started));
        },
        (error) => {
          if (settled) return;
          ListenedCallContext.endProgress(context);
          finish(thrown(channel, entry, callId, error, started));
        },
      );
    } catch (error) {
      ListenedCallContext.endProgress(context);
      finish(thrown(channel, entry, callId, error, started));
    }
  });
}

// The caller's signal, maybe with a deadline: one promise that the first of result, deadline and
// caller's abort settles; whatever comes after is ignored (a tool that gives up when its signal
// aborts answers too late to count). The signal may abort while the tool runs synchronously
// (the tool or its listeners abort it), so this path listens from before the run.
function runWithDeadline<T>(
  channel: Channel,
  entry: ToolEntry,
  args: Args,
  callId: string | undefined,
  context: CallContext | ListenedCallContext,
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
  started: number,
  settle: Settle<T>,
): Promise<T> {
  const tool = entry.tool;
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
      stopContext(context, error);
      ListenedCallContext.endProgress(context);
      finish(stopped(channel, tool, callId, reason, error, started, timeoutMs));
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
      let pending: PromiseLike<unknown>;
      if (isThenable(value)) pending = value;
      else if (isGenerator(value))
        pending = drainGenerator(value, progressOf(context), () => settled);
      else {
        ListenedCallContext.endProgress(context);
        finish(returned(channel, entry, callId, value, started));
        return;
      }
      whenSettled(
        pending,
        (resolved) => {
          if (settled) return;
          ListenedCallContext.endProgress(context);
          finish(returned(channel, entry, callId, resolved, started));
        },
        (error) => {
          if (settled) return;
          ListenedCallContext.endProgress(context);
          finish(thrown(channel, entry, callId, error, started));
        },
      );
    } catch (error) {
      if (settled) return;
      ListenedCallContext.endProgress(context);
      finish(thrown(channel, entry, callId, error, started));
    }
  });
}

/** Where a generator's yields go: the context's `progress`, or nowhere when nobody listens. */
function progressOf(context: ToolContext): (update: ToolProgress) => void {
  return context.progress ?? ignoreProgress;
}

/** Aborts the signal of a call's context, of either kind. */
function stopContext(context: CallContext | ListenedCallContext, error: unknown): void {
  if (context instanceof ListenedCallContext) ListenedCallContext.stop(context, error);
  else CallContext.stop(context, error);
}

function never(): boolean {
  return false;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

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
