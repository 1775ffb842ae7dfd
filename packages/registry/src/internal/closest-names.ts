/**
 * Up to `limit` names closest to `wanted` (case-insensitive edit distance; a name containing the
 * wanted one, or contained in it, counts as close). Ties keep the given order.
 */
export function closestNames(wanted: string, names: Iterable<string>, limit = 3): string[] {
  const target = wanted.toLowerCase();
  const scored: { name: string; score: number }[] = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    let score = editDistance(target, lower);
    if (lower.includes(target) || target.includes(lower)) score = Math.min(score, 1);
    scored.push({ name, score });
  }
  scored.sort((a, b) => a.score - b.score);
  return scored.slice(0, limit).map((entry) => entry.name);
}

/** Levenshtein distance with two rows: O(a·b) time, O(b) memory. */
function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}
