// Two kinds of signal a tool may want to tell apart from a caller's own, from any installed copy
// of tool-core (the mark is a `Symbol.for` key): one that can never abort, and one made for a
// single call. Both let a tool skip work when it passes cancellation on (the MCP client does).
const scope = Symbol.for("toolgate.signal-scope");

function mark(signal: AbortSignal, kind: "never" | "call"): AbortSignal {
  Object.defineProperty(signal, scope, { value: kind });
  return signal;
}

/**
 * The signal of a call that nobody can cancel and that has no deadline: the registry passes it
 * to tools in that case, so such a call costs no AbortController. Its controller is dropped at
 * once, so nothing can abort it. Shared by all such calls: remove any listener you add to it.
 */
export const NEVER_ABORTED_SIGNAL: AbortSignal = mark(new AbortController().signal, "never");

/** True when `signal` can never abort: it is `NEVER_ABORTED_SIGNAL` of any copy of tool-core. */
export function isNeverAborted(signal: AbortSignal): boolean {
  return (signal as unknown as Record<symbol, unknown>)[scope] === "never";
}

/**
 * An AbortController for one call (the registry makes one per call with a deadline or a caller
 * signal). Its signal is marked as living no longer than the call, so a listener left on it is
 * freed with it: a tool may give it to code that never removes its listeners.
 */
export function callAbortController(): AbortController {
  const controller = new AbortController();
  mark(controller.signal, "call");
  return controller;
}

/** True for the signal of a `callAbortController()` from any copy of tool-core. */
export function isCallScoped(signal: AbortSignal): boolean {
  return (signal as unknown as Record<symbol, unknown>)[scope] === "call";
}
