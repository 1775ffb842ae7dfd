/** A piece of output text, as opposed to a value still to serialise. */
class Literal {
  constructor(readonly text: string) {}
}
/** Marks the end of an object or array, so cycles can be detected. */
class Leave {
  constructor(readonly value: object) {}
}

/**
 * Canonical JSON: object keys sorted (by UTF-16 code units) at every depth, no whitespace,
 * `undefined` members left out, like `JSON.stringify` otherwise. Iterative, so any depth works.
 *
 * @throws TypeError on a cycle or a bigint.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  const open = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Literal) {
      out.push(item.text);
      continue;
    }
    if (item instanceof Leave) {
      open.delete(item.value);
      continue;
    }
    if (typeof item === "bigint") throw new TypeError("cannot fingerprint a bigint");
    if (typeof item !== "object" || item === null) {
      out.push(JSON.stringify(item) ?? "null");
      continue;
    }
    if (open.has(item)) throw new TypeError("cannot fingerprint a cyclic structure");
    open.add(item);
    stack.push(new Leave(item));
    if (Array.isArray(item)) {
      out.push("[");
      stack.push(new Literal("]"));
      for (let i = item.length - 1; i >= 0; i--) {
        const element = item[i];
        stack.push(isSkipped(element) ? null : element);
        if (i > 0) stack.push(new Literal(","));
      }
      continue;
    }
    out.push("{");
    stack.push(new Literal("}"));
    const record = item as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => !isSkipped(record[key]))
      .sort();
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push(record[key]);
      stack.push(new Literal(`${i > 0 ? "," : ""}${JSON.stringify(key)}:`));
    }
  }
  return out.join("");
}

function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}
