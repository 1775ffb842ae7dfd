import { clip } from "@toolgate/tool-core/internal";

/** How deeply arguments may nest (the arguments object itself is level 1). */
const MAX_ARGUMENT_DEPTH = 64;
/**
 * How many values arguments given as an object may hold, counting a value met twice twice.
 * Parsed JSON is a tree no bigger than its text, but an object can share one object at every
 * level (doubling the work of every walk, the validator's too, per level) or hold a sparse array
 * billions long.
 */
const MAX_SHARED_VALUES = 1_000_000;

const TOO_MANY = `arguments hold more than ${MAX_SHARED_VALUES} values`;

interface Frame {
  readonly value: object;
  readonly depth: number;
  readonly parent: Frame | undefined;
  readonly key: string | number | undefined;
}

/**
 * What is wrong with the values in `args` before they are validated, or `undefined`: nesting
 * deeper than `maxDepth` (validators recurse and would overflow the stack) and numbers that are
 * not finite (`1e999` parses as `Infinity`, which JSON cannot carry back to a human who confirms).
 * Walks iteratively. `shared` says the arguments came as an object, not parsed from JSON, so they
 * may hold one object twice or a cycle: a cycle is named as such, and the values met are counted
 * (see {@link MAX_SHARED_VALUES}).
 *
 * @throws whatever a getter or proxy trap in `args` throws.
 */
export function checkArgumentValues(
  args: object,
  shared: boolean,
  maxDepth = MAX_ARGUMENT_DEPTH,
): string | undefined {
  const stack: Frame[] = [];
  let frame: Frame | undefined = { value: args, depth: 1, parent: undefined, key: undefined };
  let values = 0;
  do {
    const container: object = frame.value;
    if (Array.isArray(container)) {
      if (shared) {
        values += container.length;
        if (values > MAX_SHARED_VALUES) return TOO_MANY;
      }
      for (let i = 0; i < container.length; i++) {
        const problem = checkValue(container[i], frame, i, stack, shared, maxDepth);
        if (problem !== undefined) return problem;
      }
    } else {
      const record = container as Record<string, unknown>;
      // for-in, like the validator: no array of keys is made for each object.
      for (const key in record) {
        if (shared && ++values > MAX_SHARED_VALUES) return TOO_MANY;
        const problem = checkValue(record[key], frame, key, stack, shared, maxDepth);
        if (problem !== undefined) return problem;
      }
    }
    frame = stack.pop();
  } while (frame !== undefined);
  return undefined;
}

function checkValue(
  value: unknown,
  parent: Frame,
  key: string | number,
  stack: Frame[],
  shared: boolean,
  maxDepth: number,
): string | undefined {
  if (typeof value === "number") {
    if (Number.isFinite(value)) return undefined;
    const shown = Number.isNaN(value) ? "NaN" : value > 0 ? "too large" : "too small";
    return `'${formatPath(parent, key)}' is not a finite number (${shown})`;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const depth = parent.depth + 1;
  if (shared && holds(parent, value)) {
    return `arguments contain a cycle at '${formatPath(parent, key)}'`;
  }
  if (depth > maxDepth) return `arguments are nested deeper than ${maxDepth} levels`;
  stack.push({ value, depth, parent, key });
  return undefined;
}

/** Whether `value` is `frame`'s object or one of its ancestors'. */
function holds(frame: Frame | undefined, value: object): boolean {
  for (; frame !== undefined; frame = frame.parent) if (frame.value === value) return true;
  return false;
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/** `items[0].name`, like validation messages; odd keys quoted and cut. */
function formatPath(parent: Frame, key: string | number): string {
  const keys: (string | number)[] = [key];
  for (let frame: Frame | undefined = parent; frame?.key !== undefined; frame = frame.parent) {
    keys.push(frame.key);
  }
  let out = "";
  for (let i = keys.length - 1; i >= 0; i--) {
    const segment = keys[i]!;
    if (typeof segment === "number") out += out === "" ? String(segment) : `[${segment}]`;
    else if (IDENTIFIER.test(segment) && segment.length <= 64) {
      out += out === "" ? segment : `.${segment}`;
    } else {
      out += `[${JSON.stringify(clip(segment, 64))}]`;
    }
  }
  return out;
}
