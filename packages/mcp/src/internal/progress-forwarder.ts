import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import type { ToolProgress } from "@toolgate/tool-core";
import { serverText } from "./server-text.js";

/** Longest progress message a caller gets from a server, in characters (before the marker). */
const MAX_MESSAGE_CHARS = 1000;

/**
 * The SDK's `onprogress` for one call: forwards a server's `notifications/progress` to the
 * caller's `onProgress`, checked first, since a server may lie. An update whose `progress` is not
 * a finite number at least 0 and above the last one forwarded, or whose `total` is present and
 * not a finite number above 0, is dropped; the message becomes one safe line (`serverText`, at
 * most 1000 characters). What the caller's listener throws is ignored. Progress for a token this
 * call did not send never gets here: the SDK matches tokens to requests.
 */
export function forwardProgress(onProgress: (update: ToolProgress) => void): (p: Progress) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (params) => {
    const { progress, total, message } = params as Record<string, unknown>;
    if (typeof progress !== "number" || !Number.isFinite(progress) || progress < 0) return;
    if (!(progress > last)) return;
    if (
      total !== undefined &&
      (typeof total !== "number" || !Number.isFinite(total) || total <= 0)
    ) {
      return;
    }
    last = progress;
    const update: { progress: number; total?: number; message?: string } = { progress };
    if (total !== undefined) update.total = total;
    if (typeof message === "string" && message !== "") {
      update.message = serverText(message, MAX_MESSAGE_CHARS);
    }
    try {
      onProgress(update);
    } catch {
      // The caller's listener failing changes nothing for the call.
    }
  };
}
