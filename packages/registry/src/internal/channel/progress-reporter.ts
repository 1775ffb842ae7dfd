import { removeInvisibleCharacters, type Tool, type ToolProgress } from "@toolgate/tool-core";
import { clip } from "@toolgate/tool-core/internal";
import type { ToolEvent, ToolProgressEvent } from "../../tool-event.js";
import type { Channel } from "./channel.js";
import { deliver } from "./events.js";

/** Longest progress message a listener gets, in characters. */
const MAX_PROGRESS_MESSAGE_CHARS = 1000;

/** Where a call's progress goes: the registry's `onEvent` and the caller's `onProgress`. */
export type ProgressListener = (event: ToolProgressEvent) => void;

/** Where a generator's yields go when nobody listens: nowhere. */
export function ignoreProgress(_update: ToolProgress): void {}

const schedule: (task: () => void) => void =
  typeof setImmediate === "function" ? (task) => setImmediate(task) : (task) => setTimeout(task, 0);

/**
 * One call's progress, made at the tool's first report. An update is checked and cleaned as it
 * comes (`cleanProgress`); one whose `progress` is not above the last accepted one is dropped (MCP
 * asks progress to increase, and a lying tool must not move a bar back). Updates are coalesced:
 * the last one of a turn of the event loop is delivered at the next, so a tool that reports a
 * million times in a loop costs its listeners one event, not a million. `close` (the call ended)
 * delivers what is still waiting, before the call's `end` or `failed`, and drops all that follows.
 */
export class ProgressReporter {
  readonly #channel: Channel;
  readonly #tool: Tool<object>;
  readonly #callId: string;
  readonly #onProgress: ProgressListener | undefined;
  #last = Number.NEGATIVE_INFINITY;
  #waiting: ToolProgress | undefined;
  #scheduled = false;
  #closed = false;
  /** Bound once: what the tool's context hands out as `progress`. */
  readonly report = (update: ToolProgress): void => this.#report(update);

  constructor(
    channel: Channel,
    tool: Tool<object>,
    callId: string,
    onProgress: ProgressListener | undefined,
  ) {
    this.#channel = channel;
    this.#tool = tool;
    this.#callId = callId;
    this.#onProgress = onProgress;
  }

  #report(update: unknown): void {
    if (this.#closed) return;
    const clean = cleanProgress(update, this.#channel.redact);
    if (clean === undefined || !(clean.progress > this.#last)) return;
    this.#last = clean.progress;
    this.#waiting = clean;
    if (this.#scheduled) return;
    this.#scheduled = true;
    schedule(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  /** The call ended: what waits is delivered now, and later reports are dropped. */
  close(): void {
    if (this.#closed) return;
    this.#flush();
    this.#closed = true;
  }

  #flush(): void {
    const update = this.#waiting;
    if (update === undefined || this.#closed) return;
    this.#waiting = undefined;
    const tool = this.#tool;
    const event: { -readonly [K in keyof ToolProgressEvent]: ToolProgressEvent[K] } = {
      type: "progress",
      tool: tool.name,
      origin: tool.origin,
      callId: this.#callId,
      timestamp: Date.now(),
      progress: update.progress,
    };
    if (update.total !== undefined) event.total = update.total;
    if (update.message !== undefined) event.message = update.message;
    const { onEvent } = this.#channel;
    if (onEvent !== undefined) deliver(onEvent, event);
    const onProgress = this.#onProgress;
    // `deliver` is typed for any event; a progress listener gets only progress events.
    if (onProgress !== undefined) deliver(onProgress as (event: ToolEvent) => void, event);
  }
}

/**
 * `update` as listeners may see it, or undefined when it is not a valid update: an object whose
 * `progress` is a finite number at least 0, whose `total` (when present) is a finite number above
 * 0, and whose `message` (when present) is a string. Each field is read once (a getter or proxy
 * trap that throws drops the update). The message is made one printable line (invisible and
 * control characters removed, whitespace runs made one space), cut to
 * {@link MAX_PROGRESS_MESSAGE_CHARS}, and redacted; a redactor that fails drops the message.
 */
function cleanProgress(
  update: unknown,
  redact: ((text: string) => string) | undefined,
): ToolProgress | undefined {
  if (typeof update !== "object" || update === null) return undefined;
  let progress: unknown;
  let total: unknown;
  let message: unknown;
  try {
    ({ progress, total, message } = update as Record<string, unknown>);
  } catch {
    return undefined;
  }
  if (typeof progress !== "number" || !Number.isFinite(progress) || progress < 0) return undefined;
  if (total !== undefined && (typeof total !== "number" || !Number.isFinite(total) || total <= 0)) {
    return undefined;
  }
  if (message !== undefined && typeof message !== "string") return undefined;
  const text = message === undefined ? undefined : cleanMessage(message, redact);
  if (total === undefined) return text === undefined ? { progress } : { progress, message: text };
  return text === undefined ? { progress, total } : { progress, total, message: text };
}

function cleanMessage(
  message: string,
  redact: ((text: string) => string) | undefined,
): string | undefined {
  // Cut before cleaning too, so a huge message costs no more than a short one.
  const head =
    message.length > 4 * MAX_PROGRESS_MESSAGE_CHARS
      ? message.slice(0, 4 * MAX_PROGRESS_MESSAGE_CHARS)
      : message;
  const line = removeInvisibleCharacters(head).replace(/\s+/g, " ").trim();
  let text = clip(line, MAX_PROGRESS_MESSAGE_CHARS);
  if (redact !== undefined) {
    try {
      text = redact(text);
    } catch {
      return undefined;
    }
    if (typeof text !== "string") return undefined;
  }
  return text === "" ? undefined : text;
}
