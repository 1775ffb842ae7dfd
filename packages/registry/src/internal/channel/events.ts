import type { ToolEvent } from "../../tool-event.js";
import { newCallId } from "./call-id.js";
import type { Channel } from "./channel.js";

/** An event as a stage makes it: `emit` adds the timestamp, and the call id where it had none. */
export type EventDraft = ToolEvent extends infer E
  ? E extends ToolEvent
    ? Omit<E, "timestamp" | "callId"> & { readonly callId?: string | undefined }
    : never
  : never;

/**
 * Stamps `draft` (time now, in epoch ms; a call id when it has none: a call that reaches here
 * without one emits only this event) and hands it to the registry's listener. Stamped in place:
 * a copy would cost every call. A listener that throws, or returns a promise that rejects,
 * changes nothing: telemetry must never change what the model gets.
 */
export function emit(channel: Channel, draft: EventDraft): void {
  const listener = channel.onEvent;
  if (listener === undefined) return;
  const event = draft as { timestamp?: number; callId?: string | undefined };
  event.timestamp = Date.now();
  event.callId ??= newCallId();
  deliver(listener, event as ToolEvent);
}

/** Hands an event already stamped to `listener`, ignoring what it throws or rejects with. */
export function deliver(listener: (event: ToolEvent) => void, event: ToolEvent): void {
  try {
    const returned: unknown = listener(event);
    // An async listener that fails must not become an unhandled rejection (which ends Node).
    if (returned instanceof Promise) returned.catch(ignore);
  } catch {
    // Ignored: see above.
  }
}

function ignore(): void {}
