const marker = Symbol.for("toolgate.never-aborted-signal");

function makeNeverAbortedSignal(): AbortSignal {
  // The controller is dropped at once: nothing can ever abort this signal.
  const signal = new AbortController().signal;
  Object.defineProperty(signal, marker, { value: true });
  return signal;
}

/**
 * The signal of a call that nobody can cancel and that has no deadline: the registry passes it
 * to tools in that case, so a call costs no AbortController. Shared by all such calls, so never
 * add a listener to it without removing it.
 */
export const NEVER_ABORTED_SIGNAL: AbortSignal = makeNeverAbortedSignal();

/**
 * True when `signal` can never abort: it is `NEVER_ABORTED_SIGNAL` of any installed copy of
 * tool-core. A tool can then skip the work of passing cancellation on (the MCP client does).
 */
export function isNeverAborted(signal: AbortSignal): boolean {
  return (signal as unknown as Record<symbol, unknown>)[marker] === true;
}
