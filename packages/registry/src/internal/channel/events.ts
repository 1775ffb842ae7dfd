import type { ToolEvent } from "../../tool-event.js";
import type { Channel } from "./channel.js";

/**
 * Hands `event` to the registry's listener. A listener that throws, or returns a promise that
 * rejects, changes nothing: telemetry must never change what the model gets.
 */
export function emit(channel: Channel, event: ToolEvent): void {
  try {
    const returned: unknown = channel.onEvent?.(event);
    // An async listener that fails must not become an unhandled rejection (which ends Node).
    if (returned instanceof Promise) returned.catch(ignore);
  } catch {
    // Ignored: see above.
  }
}

function ignore(): void {}
