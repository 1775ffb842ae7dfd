import { keepWhole } from "./clip.js";

/** Text cut to a budget, and how many of its characters were kept. */
export interface MarkedCut {
  /** The kept text with the marker after it, or the whole text when it fit. */
  readonly text: string;
  /** Characters of the original text kept. */
  readonly keptChars: number;
}

/**
 * Cuts `text` longer than `maxChars` so that what is kept plus `marker(cutChars, totalChars)`
 * fits in `maxChars` (unless the marker alone is longer: then nothing is kept and the marker is
 * the whole result). Never splits a surrogate pair. Text that fits comes back as it is.
 */
export function cutWithMarker(
  text: string,
  maxChars: number,
  marker: (cutChars: number, totalChars: number) => string,
): MarkedCut {
  const total = text.length;
  if (total <= maxChars) return { text, keptChars: total };
  // The marker's length depends on the number it shows; two rounds settle it.
  let keep = Math.max(0, maxChars - marker(total, total).length);
  keep = keepWhole(text, Math.max(0, maxChars - marker(total - keep, total).length));
  return { text: text.slice(0, keep) + marker(total - keep, total), keptChars: keep };
}
