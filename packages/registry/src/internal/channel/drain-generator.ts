import type { ToolProgress } from "@toolgate/tool-core";

// %GeneratorPrototype% and %AsyncGeneratorPrototype%: every generator object inherits from one.
const GENERATOR = Object.getPrototypeOf(function* () {}).prototype as object;
const ASYNC_GENERATOR = Object.getPrototypeOf(async function* () {}).prototype as object;
const inheritsFrom = Object.prototype.isPrototypeOf;

/** Steps of a generator run in one turn of the event loop at most, before timers get theirs. */
const STEPS_PER_TURN = 256;
/** Milliseconds a generator runs in one turn at most (a step may be slow synchronous work). */
const MS_PER_TURN = 10;

const nextTurn: () => Promise<void> =
  typeof setImmediate === "function"
    ? () => new Promise((resolve) => setImmediate(resolve))
    : () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Whether a tool's return value is a generator object (`execute` written as `function*` or
 * `async function*`). May run the tool's code (a proxy's `getPrototypeOf` trap), so callers ask
 * inside their `try`.
 */
export function isGenerator(value: unknown): value is Generator | AsyncGenerator {
  return (
    typeof value === "object" &&
    value !== null &&
    (inheritsFrom.call(ASYNC_GENERATOR, value) || inheritsFrom.call(GENERATOR, value))
  );
}

/**
 * Runs a generator `execute` to its end: each value it yields is progress (`report`), the value
 * it returns is the tool's result, what it throws the tool's failure. It is advanced at most
 * {@link STEPS_PER_TURN} steps (or {@link MS_PER_TURN} ms) per turn of the event loop, so a
 * generator that yields forever cannot starve the call's deadline timer. Once `over()` says the
 * call ended (its deadline, its caller's cancel), the generator is closed (`return()`, so its
 * `finally` blocks run) and not advanced again.
 */
export async function drainGenerator(
  generator: Generator | AsyncGenerator,
  report: (update: ToolProgress) => void,
  over: () => boolean,
): Promise<unknown> {
  let steps = 0;
  let turnStarted = performance.now();
  for (;;) {
    const step = await generator.next();
    if (over()) return close(generator);
    if (step.done) return step.value;
    report(step.value as ToolProgress);
    if (++steps % STEPS_PER_TURN === 0 || performance.now() - turnStarted > MS_PER_TURN) {
      await nextTurn();
      if (over()) return close(generator);
      turnStarted = performance.now();
    }
  }
}

/** Lets a generator whose call ended run its `finally` blocks; what they throw is ignored. */
function close(generator: Generator | AsyncGenerator): undefined {
  try {
    const closing: unknown = generator.return(undefined);
    if (closing instanceof Promise) closing.catch(ignore);
  } catch {
    // Ignored: the call has its answer already.
  }
  return undefined;
}

function ignore(): void {}
