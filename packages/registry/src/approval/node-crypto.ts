import { createRequire } from "node:module";

// node:crypto loads Node's streams and the rest of its crypto layer: importing the registry must
// stay cheap (see lazy-loading.test.ts), so the approval code loads it at its first use.
const require = createRequire(import.meta.url);
let loaded: typeof import("node:crypto") | undefined;

/** `node:crypto`, loaded on the first call. */
export function nodeCrypto(): typeof import("node:crypto") {
  loaded ??= require("node:crypto") as typeof import("node:crypto");
  return loaded;
}
