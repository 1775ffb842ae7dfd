import { ToolDefinitionError } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { InMemoryApprovalLedger } from "./in-memory-approval-ledger.js";

/** A ledger on a clock the test moves. */
function ledgerAt(start: number, options: { maxEntries?: number } = {}) {
  const clock = { now: start };
  const ledger = new InMemoryApprovalLedger({ ...options, now: () => clock.now });
  return { ledger, clock };
}

describe("InMemoryApprovalLedger", () => {
  it("answers true for the first use of an id and false for every replay", () => {
    const { ledger } = ledgerAt(0);
    expect(ledger.consume("a", 1000)).toBe(true);
    expect(ledger.consume("a", 1000)).toBe(false);
    expect(ledger.consume("a", 5000)).toBe(false);
    expect(ledger.consume("b", 1000)).toBe(true);
    expect(ledger.size).toBe(2);
  });

  it("forgets an id once its grant has expired, and refuses that grant then", () => {
    const { ledger, clock } = ledgerAt(0);
    ledger.consume("a", 1000);
    clock.now = 999;
    expect(ledger.size).toBe(1);
    expect(ledger.consume("a", 1000)).toBe(false);
    clock.now = 1000;
    expect(ledger.size).toBe(0);
    expect(ledger.consume("a", 1000)).toBe(false);
    expect(ledger.size).toBe(0);
  });

  it.each([
    ["at its expiry", 1000],
    ["1 ms after", 1001],
  ])("refuses a grant already expired (%s) and does not store it", (_label, now) => {
    const { ledger } = ledgerAt(now);
    expect(ledger.consume("late", 1000)).toBe(false);
    expect(ledger.size).toBe(0);
  });

  it("holds exactly the unexpired ids as the clock moves (pruning in expiry order)", () => {
    const { ledger, clock } = ledgerAt(0);
    // Expiries out of order, with repeats, from a fixed sequence.
    const expiries = new Map<string, number>();
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      const expiresAt = 1 + (seed % 500);
      expiries.set(`id${i}`, expiresAt);
      expect(ledger.consume(`id${i}`, expiresAt)).toBe(true);
    }
    for (let now = 0; now <= 510; now += 17) {
      clock.now = now;
      const alive = [...expiries.values()].filter((expiresAt) => expiresAt > now).length;
      expect(ledger.size).toBe(alive);
    }
  });

  it("refuses a new id when full of unexpired ids, rather than forgetting one", () => {
    const { ledger, clock } = ledgerAt(0, { maxEntries: 2 });
    ledger.consume("a", 100);
    ledger.consume("b", 200);
    expect(() => ledger.consume("c", 300)).toThrow(
      new RangeError(
        "InMemoryApprovalLedger is full: 2 unexpired grants are held; refusing this one rather than forgetting another, which would let that grant be replayed",
      ),
    );
    // A replay is still a replay when full, and the held ids are still held.
    expect(ledger.consume("a", 100)).toBe(false);
    expect(ledger.consume("b", 200)).toBe(false);
    clock.now = 100;
    expect(ledger.consume("c", 300)).toBe(true);
    expect(ledger.size).toBe(2);
  });

  it("keeps memory bounded under a steady stream of short grants", () => {
    const { ledger, clock } = ledgerAt(0, { maxEntries: 100 });
    for (let i = 0; i < 100_000; i++) {
      clock.now = i;
      expect(ledger.consume(`g${i}`, i + 50)).toBe(true);
    }
    expect(ledger.size).toBe(50);
  });

  it.each([
    ["an empty id", "", 1000, TypeError, /id must be a non-empty string/],
    ["an id that is a number", 7, 1000, TypeError, /id must be a non-empty string/],
    ["an expiry of NaN", "a", Number.NaN, TypeError, /expiresAt must be epoch ms/],
    ["an expiry as a string", "a", "1000", TypeError, /expiresAt must be epoch ms/],
  ])("refuses %s with a readable error", (_label, id, expiresAt, type, message) => {
    const { ledger } = ledgerAt(0);
    expect(() => ledger.consume(id as string, expiresAt as number)).toThrow(type);
    expect(() => ledger.consume(id as string, expiresAt as number)).toThrow(message);
  });

  it.each([0, -1, 1.5, 10_000_001, Number.NaN, "100"])(
    "refuses maxEntries %s with a ToolDefinitionError naming the option",
    (maxEntries) => {
      expect(() => new InMemoryApprovalLedger({ maxEntries: maxEntries as number })).toThrow(
        ToolDefinitionError,
      );
      expect(() => new InMemoryApprovalLedger({ maxEntries: maxEntries as number })).toThrow(
        /InMemoryApprovalLedger: maxEntries must be a whole number from 1 to 10000000/,
      );
    },
  );

  it("uses the real clock by default", () => {
    const ledger = new InMemoryApprovalLedger();
    expect(ledger.consume("a", Date.now() + 60_000)).toBe(true);
    expect(ledger.consume("b", Date.now() - 1)).toBe(false);
  });
});
