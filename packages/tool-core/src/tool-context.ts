import type { ToolProgress } from "./tool-progress.js";

/** What a running tool gets beside its arguments. */
export interface ToolContext {
  /**
   * Aborts when the call times out or the caller cancels it; pass it on to fetch, child processes,
   * etc. It may be a getter that makes the signal at its first read (the registry's contexts with
   * a deadline do), so `{ ...context }` may leave it out: pass a context on as it is, or name the
   * signal in the copy (`{ ...context, signal: context.signal }`).
   */
  readonly signal: AbortSignal;
  /**
   * The model's id for this call, when it gave one; else, when the registry reports the call
   * (events, a span, a pending approval), the id it made for it.
   */
  readonly callId?: string;
  /**
   * The output budget the registry applies to this call's response text; absent when there is
   * none. A tool that fetches big results (an MCP server, a search) can ask for less up front.
   */
  readonly maxResultChars?: number;
  /**
   * The caller's per-call context (`execute(name, args, { context })`), e.g. the user a
   * multi-tenant app acts for; absent when the caller gave none. Typed by the registry's type
   * parameter on the caller's side; a tool narrows it itself.
   */
  readonly context?: unknown;
  /**
   * Reports how far the call is (`{ progress, total?, message? }`) to whoever listens: the
   * registry's `onEvent`, the caller's `onProgress`, an MCP client that sent a `progressToken`.
   * Absent when nobody listens (so an MCP tool asks its server for no progress), and in a context
   * made by hand: call it as `context.progress?.(...)`. It never throws and never extends a
   * deadline; an update that is not valid, or whose `progress` is not above the last one, is
   * dropped.
   */
  readonly progress?: (update: ToolProgress) => void;
}
