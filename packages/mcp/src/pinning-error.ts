import { ToolgateError, toolgateErrorCode } from "@toolgate/tool-core";
import { MCP_ERROR_CODES } from "./mcp-error-codes.js";

/** One pinned fingerprint that the server no longer matches. */
export interface PinMismatch {
  /** Display name of the tool (or `"$server"` for the server's launch command). */
  readonly name: string;
  /** The pinned fingerprint. */
  readonly expected: string;
  /** What the server offers now; absent when it cannot be computed. */
  readonly actual?: string;
}

/**
 * Thrown when an MCP server's tools (or its launch command) differ from the pinned
 * fingerprints. Nothing is loaded when it is thrown.
 */
export class PinningError extends ToolgateError {
  /** Always `"PINNING_ERROR"`. */
  declare readonly code: "PINNING_ERROR";
  /** Each pinned fingerprint the server no longer matches. */
  readonly mismatches: readonly PinMismatch[];

  constructor(mismatches: readonly PinMismatch[], namespace?: string) {
    const where = namespace === undefined ? "MCP server" : `MCP server '${namespace}'`;
    const list = mismatches
      .map((m) => `${m.name} (expected ${m.expected}, got ${m.actual ?? "nothing"})`)
      .join("; ");
    super(MCP_ERROR_CODES.pinning, `${where} does not match its pinned fingerprints: ${list}`);
    this.name = "PinningError";
    this.mismatches = Object.freeze(mismatches.map((m) => Object.freeze({ ...m })));
  }

  /** True for a `PinningError` from any installed copy of @toolgate/mcp. */
  static override isInstance(value: unknown): value is PinningError {
    return toolgateErrorCode(value) === MCP_ERROR_CODES.pinning;
  }
}
