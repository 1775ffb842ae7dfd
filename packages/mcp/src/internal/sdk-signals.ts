import { setMaxListeners } from "node:events";
import { isCallScoped, isNeverAborted } from "@toolgate/tool-core/internal";

/** How many SDK requests may share one AbortController before a fresh one is made. */
const USES_PER_CONTROLLER = 64;

const nothing = () => {};
/** A signal the SDK was given as it is: its one SDK listener is there for good. */
const USED_ONCE = Symbol("used once");

/** A signal to hand to the SDK for one request, and what to call when the request is over. */
export interface SdkSignal {
  readonly signal: AbortSignal;
  release(): void;
}

/**
 * Turns a caller's signal into one that is safe to give the SDK. The SDK adds an abort listener
 * to every request's signal and never removes it, so a signal shared by many calls (a session's
 * signal) would collect listeners, and with them every client that ever used it; while making an
 * AbortController for every call is a large part of a fast call's cost. The registry's signals
 * need neither: one can never abort, the other is made for one call (tool-core's signal scopes).
 *
 * So the first request of a signal gets it as it is: one SDK listener stays on it, and a signal
 * made for one request (`AbortSignal.timeout(ms)` per call) pays for no link. Every later request
 * of the same signal is linked to a shared AbortController that serves at most 64 requests; when
 * all requests of a retired controller are over, its link is removed and it is left to the
 * garbage collector with the SDK's listeners. Aborting the caller's signal aborts every
 * controller linked to it, so the server is told about each cancelled request. Nothing is kept
 * for a signal once it is garbage.
 */
export class SdkSignals {
  readonly #shared = new WeakMap<AbortSignal, SharedAbort | typeof USED_ONCE>();

  /**
   * Nothing for a signal that can never abort (the SDK needs none); a call-scoped signal, or any
   * other the first time, as it is; any other through a shared link from then on.
   */
  for(outer: AbortSignal): SdkSignal | undefined {
    if (isNeverAborted(outer)) return undefined;
    if (isCallScoped(outer)) return { signal: outer, release: nothing };
    let shared = this.#shared.get(outer);
    if (shared === undefined) {
      this.#shared.set(outer, USED_ONCE);
      return { signal: outer, release: nothing };
    }
    if (shared === USED_ONCE || shared.uses >= USES_PER_CONTROLLER) {
      if (shared !== USED_ONCE) shared.retire();
      shared = new SharedAbort(outer);
      this.#shared.set(outer, shared);
    }
    return shared.acquire();
  }
}

class SharedAbort {
  readonly #controller = new AbortController();
  readonly #outer: AbortSignal;
  readonly #onAbort = () => this.#controller.abort(this.#outer.reason);
  uses = 0;
  #inFlight = 0;
  #retired = false;

  constructor(outer: AbortSignal) {
    this.#outer = outer;
    // The SDK's and our own listener for each request are expected here: not a leak.
    setMaxListeners(2 * USES_PER_CONTROLLER + 1, this.#controller.signal);
    if (outer.aborted) this.#controller.abort(outer.reason);
    else outer.addEventListener("abort", this.#onAbort, { once: true });
  }

  acquire(): SdkSignal {
    this.uses++;
    this.#inFlight++;
    let released = false;
    return {
      signal: this.#controller.signal,
      release: () => {
        if (released) return;
        released = true;
        this.#inFlight--;
        this.#unlinkIfDone();
      },
    };
  }

  retire(): void {
    this.#retired = true;
    this.#unlinkIfDone();
  }

  #unlinkIfDone(): void {
    if (this.#retired && this.#inFlight === 0) {
      this.#outer.removeEventListener("abort", this.#onAbort);
    }
  }
}
