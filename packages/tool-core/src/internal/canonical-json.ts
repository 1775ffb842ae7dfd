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
  // Real definitions are shallow: the recursive writer is several times faster, and the
  // iterative one takes over for anything deeper (or cyclic).
  try {
    return writeShallow(value, 0);
  } catch (error) {
    if (error !== TOO_DEEP) throw error;
    return writeIterative(value);
  }
}

const TOO_DEEP = Symbol("too deep");
const MAX_RECURSION = 256;

// Strings without these need no escaping: quoting them directly skips a call into JSON.stringify.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

function writeShallow(value: unknown, depth: number): string {
  if (typeof value === "string") return quote(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "bigint") throw new TypeError("cannot fingerprint a bigint");
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  if (depth > MAX_RECURSION) throw TOO_DEEP;
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      out += `${i > 0 ? "," : ""}${isSkipped(element) ? "null" : writeShallow(element, depth + 1)}`;
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = "{";
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (isSkipped(member)) continue;
    out += `${first ? "" : ","}${quote(key)}:${writeShallow(member, depth + 1)}`;
    first = false;
  }
  return `${out}}`;
}

function writeIterative(value: unknown): string {
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
