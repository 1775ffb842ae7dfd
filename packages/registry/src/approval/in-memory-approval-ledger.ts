import { ToolDefinitionError } from "@toolgate/tool-core";
import type { ApprovalLedger } from "./approval-ledger.js";

const MAX_ENTRIES_LIMIT = 10_000_000;

/** Options of `InMemoryApprovalLedger`. */
export interface InMemoryApprovalLedgerOptions {
  /**
   * Most unexpired grant ids held at once (a whole number from 1 to 10,000,000; a `Map` holds
   * at most about 16.7 million).
   * @default 100_000
   */
  maxEntries?: number;
  /** The clock, epoch ms. @default Date.now */
  now?: () => number;
}

/**
 * An `ApprovalLedger` for one process: a grant id is remembered until its expiry, then forgotten
 * (memory stays bounded by the grants still alive). Consuming is synchronous, hence atomic.
 *
 * When `maxEntries` unexpired ids are held, a new one is refused with a `RangeError` (the call is
 * refused, not run): forgetting an unexpired id instead would let that grant be replayed, and a
 * flood of approvals should stop approvals, not single use. Grants live as long as their pending
 * (15 minutes by default), so the limit is reached only by that many approvals inside that time.
 *
 * Not shared between processes: see `ApprovalLedger` for a shared store.
 *
 * @example
 * const ledger = new InMemoryApprovalLedger();
 * ledger.consume(grant.id, grant.expiresAt); // true, then false for the same id
 */
export class InMemoryApprovalLedger implements ApprovalLedger {
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #expiries = new Map<string, number>();
  // Min-heap of [expiresAt, id] so the next expired id is found in O(log n).
  readonly #heap: [number, string][] = [];

  constructor(options: InMemoryApprovalLedgerOptions = {}) {
    const { maxEntries = 100_000, now = Date.now } = options;
    if (!Number.isInteger(maxEntries) || maxEntries < 1 || maxEntries > MAX_ENTRIES_LIMIT) {
      throw new ToolDefinitionError(
        `InMemoryApprovalLedger: maxEntries must be a whole number from 1 to ${MAX_ENTRIES_LIMIT}, got ${String(maxEntries)}`,
      );
    }
    if (typeof now !== "function") {
      throw new ToolDefinitionError("InMemoryApprovalLedger: now must be a function");
    }
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  /** How many unexpired ids are held (expired ones are dropped first). */
  get size(): number {
    this.#prune(this.#now());
    return this.#expiries.size;
  }

  /**
   * `true` the first time `id` is consumed before `expiresAt`; `false` for an id already
   * consumed, or for a grant already expired (it could not run anyway, and is not stored).
   *
   * @throws TypeError for an empty id or an expiry that is not a finite number; RangeError when
   *   `maxEntries` unexpired ids are held (see the class).
   */
  consume(id: string, expiresAt: number): boolean {
    if (typeof id !== "string" || id.length === 0) {
      throw new TypeError("InMemoryApprovalLedger.consume: id must be a non-empty string");
    }
    if (typeof expiresAt !== "number" || !Number.isFinite(expiresAt)) {
      throw new TypeError("InMemoryApprovalLedger.consume: expiresAt must be epoch ms");
    }
    const now = this.#now();
    this.#prune(now);
    if (now >= expiresAt) return false;
    if (this.#expiries.has(id)) return false;
    if (this.#expiries.size >= this.#maxEntries) {
      throw new RangeError(
        `InMemoryApprovalLedger is full: ${this.#maxEntries} unexpired grants are held; refusing this one rather than forgetting another, which would let that grant be replayed`,
      );
    }
    this.#expiries.set(id, expiresAt);
    this.#push([expiresAt, id]);
    return true;
  }

  /** Whether `id` was consumed and its expiry has not passed. */
  has(id: string): boolean {
    this.#prune(this.#now());
    return this.#expiries.has(id);
  }

  #prune(now: number): void {
    const heap = this.#heap;
    while (heap.length > 0 && heap[0]![0] <= now) {
      const [, id] = this.#pop();
      this.#expiries.delete(id);
    }
  }

  #push(entry: [number, string]): void {
    const heap = this.#heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]![0] <= entry[0]) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = entry;
  }

  #pop(): [number, string] {
    const heap = this.#heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && heap[right]![0] < heap[left]![0] ? right : left;
      if (heap[child]![0] >= last[0]) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}
