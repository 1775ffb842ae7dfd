/**
 * The number as the model reads it: at most 15 significant digits, so binary noise disappears
 * (`0.1 + 0.2` → `0.3`), whole numbers without `.0`, and zero without a sign.
 */
export function formatNumber(value: number): string {
  if (value === 0) return "0";
  const shortest = String(value);
  // The shortest round-trip text is already the answer when it has at most 15 digits.
  if (significantDigits(shortest) <= 15) return shortest;
  const rounded = value.toPrecision(15);
  const parsed = Number(rounded);
  // Near the largest double, 15 digits round up past it: keep the text, minus trailing zeros.
  if (!Number.isFinite(parsed)) return rounded.replace(/\.?0+e/, "e");
  return String(parsed);
}

function significantDigits(text: string): number {
  let count = 0;
  let leading = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 101) break; // 'e': the exponent follows
    if (c < 48 || c > 57) continue; // sign or point
    if (leading && c === 48) continue;
    leading = false;
    count++;
  }
  return count;
}
