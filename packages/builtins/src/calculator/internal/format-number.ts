/**
 * The number as the model reads it: at most 15 significant digits, so binary noise disappears
 * (`0.1 + 0.2` → `0.3`), whole numbers without `.0`, and zero without a sign. The same text as
 * `String(Number(value.toPrecision(15)))`, made with one conversion in the common cases.
 */
export function formatNumber(value: number): string {
  if (value === 0) return "0";
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const rounded = value.toPrecision(15);
  if (rounded.includes("e")) {
    const parsed = Number(rounded);
    // Near the largest double, 15 digits round up past it: keep the text, minus trailing zeros.
    return Number.isFinite(parsed) ? String(parsed) : rounded.replace(/\.?0+e/, "e");
  }
  // Plain notation: drop the fraction's trailing zeros, and the point if nothing is left.
  if (!rounded.includes(".")) return rounded;
  let end = rounded.length;
  while (rounded.charCodeAt(end - 1) === 48) end--;
  if (rounded.charCodeAt(end - 1) === 46) end--;
  return rounded.slice(0, end);
}
