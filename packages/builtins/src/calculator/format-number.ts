/**
 * The number as the model reads it: at most 15 significant digits, so binary noise disappears
 * (`0.1 + 0.2` → `0.3`), whole numbers without `.0`, and zero without a sign.
 */
export function formatNumber(value: number): string {
  if (value === 0) return "0";
  return String(Number(value.toPrecision(15)));
}
