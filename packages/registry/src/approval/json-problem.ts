/**
 * Why `value` is not plain JSON (what `JSON.parse` could have returned), or `undefined` when it
 * is: only null, booleans, strings, finite numbers, dense arrays and objects whose prototype is
 * `Object.prototype` or null, each reached once (a value from JSON has no shared or cyclic
 * parts). The answer names the path of the first problem, e.g. `arguments.list[2]: a function`.
 * Iterative, so any depth works.
 */
export function jsonProblem(value: unknown, path: string): string | undefined {
  const seen = new Set<object>();
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (item === null || typeof item === "string" || typeof item === "boolean") continue;
    if (typeof item === "number") {
      if (Number.isFinite(item)) continue;
      return `${at}: ${item} is not a JSON number`;
    }
    if (typeof item !== "object") return `${at}: ${describe(item)} is not JSON`;
    if (seen.has(item)) return `${at}: the same object twice (shared or cyclic), not JSON`;
    seen.add(item);
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        if (!(i in item)) return `${at}[${i}]: a hole in an array, not JSON`;
        stack.push([item[i], `${at}[${i}]`]);
      }
      continue;
    }
    const prototype: unknown = Object.getPrototypeOf(item);
    if (prototype !== Object.prototype && prototype !== null) {
      return `${at}: a ${item.constructor?.name ?? "non-plain"} object, not JSON`;
    }
    if (Object.getOwnPropertySymbols(item).length > 0) return `${at}: a symbol key, not JSON`;
    for (const key of Object.keys(item)) {
      stack.push([(item as Record<string, unknown>)[key], `${at}.${key}`]);
    }
  }
  return undefined;
}

function describe(value: unknown): string {
  return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
}
