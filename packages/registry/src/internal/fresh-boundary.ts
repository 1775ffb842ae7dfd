import { randomFillSync } from "node:crypto";

const BOUNDARY_BYTES = 16;
// Filling the pool has a fixed cost of a few microseconds however small it is: one fill serves
// 4,096 boundaries instead of one each.
const pool = Buffer.alloc(BOUNDARY_BYTES * 4096);
let next = pool.length;

/** 128 fresh random bits from the system CSPRNG as 32 hex digits, never handed out twice. */
export function freshBoundary(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const boundary = pool.toString("hex", next, next + BOUNDARY_BYTES);
  next += BOUNDARY_BYTES;
  return boundary;
}
