import { createRequire } from "node:module";

// node:crypto pulls in Node's streams and the rest of its crypto layer when it loads, more than
// the rest of the registry together: it loads on the first boundary, not at import.
const require = createRequire(import.meta.url);
let randomFillSync: typeof import("node:crypto").randomFillSync | undefined;

const BOUNDARY_BYTES = 16;
const POOL_BOUNDARIES = 1024;
const pool = Buffer.alloc(BOUNDARY_BYTES * POOL_BOUNDARIES);
let hex = "";
let next = 0;

/**
 * 128 fresh random bits from the system CSPRNG as 32 hex digits, never handed out twice.
 * Filling a buffer has a fixed cost of a few microseconds however small it is, and hex-encoding
 * a few bytes costs more than slicing a string: one fill and one encoding serve 1,024 boundaries.
 * A slice may keep its pool's 32 KB of text alive while an answer holding it is: a small bound.
 */
export function freshBoundary(): string {
  if (next === hex.length) {
    randomFillSync ??= (require("node:crypto") as typeof import("node:crypto")).randomFillSync;
    randomFillSync(pool);
    hex = pool.toString("hex");
    next = 0;
  }
  const boundary = hex.slice(next, next + 2 * BOUNDARY_BYTES);
  next += 2 * BOUNDARY_BYTES;
  return boundary;
}
