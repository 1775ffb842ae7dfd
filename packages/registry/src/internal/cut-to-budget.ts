import { ToolResponse } from "@toolgate/tool-core";
import { cutWithMarker } from "@toolgate/tool-core/internal";

/** What an output budget cut: the text's length before and how much of it was kept. */
export interface Cut {
  readonly originalChars: number;
  readonly keptChars: number;
}

function marker(cut: number, total: number): string {
  return `… [cut ${cut} of ${total} characters by the output budget; ask for less, e.g. a narrower query or a page]`;
}

/**
 * A response whose text is longer than `maxChars`, cut to fit (marker included, unless the
 * budget is smaller than the marker) and ending with a marker that says how much was cut and
 * to ask for less. Success becomes `partial`, an error stays an error. `data` keeps the tool's
 * data, or the full text when it had none, so a program can still read everything.
 */
export function cutToBudget(
  response: ToolResponse,
  maxChars: number,
): { response: ToolResponse; cut: Cut } {
  const text = response.text;
  const { text: cutText, keptChars } = cutWithMarker(text, maxChars, marker);
  const status = response.status === "error" ? "error" : "partial";
  const data = response.data === undefined ? text : response.data;
  const extras = response.content && { content: response.content };
  return {
    response: new ToolResponse(status, cutText, data, extras),
    cut: { originalChars: text.length, keptChars },
  };
}
