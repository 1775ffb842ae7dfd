// Shared by the approval tests: one key, one tool definition, one call.
import { hints } from "@toolgate/tool-core";
import type { ApprovedDefinition } from "../definition-fingerprint.js";

/** A 32-byte key, and the same bytes as another "registry" would hold them. */
export const KEY = "k".repeat(32);
export const SAME_KEY_AS_BYTES = new Uint8Array(Buffer.from(KEY, "utf8"));
export const OTHER_KEY = "o".repeat(32);

/** The clock every test starts from (2026-01-01T00:00:00Z). */
export const NOW = Date.UTC(2026, 0, 1);

export const TRANSFER: ApprovedDefinition = {
  name: "transfer",
  description: "Moves money between accounts.",
  inputSchema: {
    type: "object",
    properties: { to: { type: "string" }, cents: { type: "integer" } },
    required: ["to", "cents"],
  },
  hints: hints({ openWorld: false }),
  origin: "builtin",
};

export const ARGS = { to: "alice", cents: 500, memo: { note: "rent", tags: ["home", "may"] } };
/** The same arguments with every object's keys in another order. */
export const ARGS_REORDERED = {
  memo: { tags: ["home", "may"], note: "rent" },
  cents: 500,
  to: "alice",
};

/** The fields of a pending for TRANSFER with ARGS. */
export const FIELDS = {
  callId: "call_1",
  definition: TRANSFER,
  arguments: ARGS,
  reason: "transfer is destructive",
};

/** The claims of a token, decoded without checking anything (for tampering). */
export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8"));
}

/** A token with `claims` as its payload and the signature of `token` kept (a tampered token). */
export function withClaims(token: string, claims: unknown): string {
  const payload = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
  return `${payload}.${token.split(".")[1]}`;
}
