/**
 * Keeps a tool that is not `parallel` from overlapping any other call where a framework, not
 * `executeBatch`, decides when calls run (the AI SDK, the OpenAI Agents SDK and LangChain start a
 * turn's calls together). Calls to `parallel` tools share the gate; any other call has it alone.
 * First come, first served: a waiting exclusive call is not overtaken by later shared ones.
 */
export class CallGate {
  #running = 0;
  #exclusive = false;
  readonly #waiting: { readonly exclusive: boolean; readonly start: () => void }[] = [];

  /** Runs `call` once the gate lets it in: alone when `exclusive`, else beside other shared calls. */
  async run<T>(exclusive: boolean, call: () => T | PromiseLike<T>): Promise<T> {
    if (this.#waiting.length === 0 && this.#canStart(exclusive)) this.#enter(exclusive);
    else await new Promise<void>((start) => this.#waiting.push({ exclusive, start }));
    try {
      return await call();
    } finally {
      this.#leave();
    }
  }

  #canStart(exclusive: boolean): boolean {
    return exclusive ? this.#running === 0 : !this.#exclusive;
  }

  #enter(exclusive: boolean): void {
    this.#running += 1;
    this.#exclusive = exclusive;
  }

  #leave(): void {
    this.#running -= 1;
    if (this.#running === 0) this.#exclusive = false;
    let next = this.#waiting[0];
    while (next !== undefined && this.#canStart(next.exclusive)) {
      this.#waiting.shift();
      this.#enter(next.exclusive);
      next.start();
      next = this.#waiting[0];
    }
  }
}
