import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { MAX_TIMER_MS } from "@toolgate/tool-core/internal";

/**
 * A limit for the handshake or a listing: the SDK's own timeout, plus a timer of ours that ends
 * the wait even where the SDK's timer is not running yet (a transport that never starts).
 */
export class Deadline {
  readonly #limit: number | null;
  readonly #started = Date.now();
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort: (() => void) | undefined;
  #reject: ((reason: unknown) => void) | undefined;
  #stopped: unknown;
  /** Whether the limit ran out (our timer or the SDK's). */
  timedOut = false;

  /** `signal`: a caller's signal that ends the wait too. */
  constructor(limit: number | null, signal?: AbortSignal) {
    this.#limit = limit;
    if (limit !== null) {
      this.#timer = setTimeout(() => {
        this.timedOut = true;
        this.#stop(new Error(`timed out after ${limit} ms`));
      }, limit);
    }
    if (signal !== undefined) {
      this.#signal = signal;
      this.#onAbort = () => this.#stop(signal.reason);
      if (signal.aborted) this.#onAbort();
      else signal.addEventListener("abort", this.#onAbort, { once: true });
    }
  }

  /** SDK request options that hold the same limit. */
  requestOptions(): RequestOptions {
    return sdkRequestOptions(this.#limit);
  }

  /** What is left of the limit (`null`: no limit), for a request that follows a wait. */
  remaining(): number | null {
    return this.#limit === null ? null : Math.max(0, this.#limit - (Date.now() - this.#started));
  }

  #stop(reason: unknown): void {
    this.#stopped ??= reason ?? new Error("stopped");
    this.#reject?.(this.#stopped);
  }

  /** `promise`, or a rejection as soon as the limit runs out or the signal aborts. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.#stopped !== undefined) {
      promise.catch(() => {});
      return Promise.reject(this.#stopped);
    }
    return new Promise<T>((resolve, reject) => {
      this.#reject = reject;
      promise.then(resolve, (error: unknown) => {
        // The SDK's own timer may fire first: it is the same deadline.
        if (isSdkTimeout(error)) this.timedOut = true;
        reject(error);
      });
    });
  }

  /** Stops the timer and lets go of the signal. */
  clear(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#onAbort !== undefined) this.#signal?.removeEventListener("abort", this.#onAbort);
    this.#reject = undefined;
  }
}

/** SDK request options for a total limit (`null`: none) that progress notifications cannot extend. */
export function sdkRequestOptions(limit: number | null): RequestOptions {
  const timeout = limit ?? MAX_TIMER_MS;
  return { timeout, maxTotalTimeout: timeout, resetTimeoutOnProgress: false };
}

/** The SDK's rejection when a request's timer fired (or its signal aborted: check that first). */
export function isSdkTimeout(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.RequestTimeout;
}
