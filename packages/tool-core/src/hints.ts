import { isRecord } from "./internal/is-record.js";
import { ToolDefinitionError } from "./tool-definition-error.js";

/**
 * Facts about what a call does, never a decision to allow it. They match the MCP tool
 * annotations (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`).
 */
export interface Hints {
  /** The call changes nothing in its environment. */
  readonly readOnly: boolean;
  /** The call may destroy or overwrite data (meaningful when not read-only). */
  readonly destructive: boolean;
  /** Repeating the call with the same arguments has no further effect. */
  readonly idempotent: boolean;
  /** The call reaches outside systems (web, other services) rather than a closed domain. */
  readonly openWorld: boolean;
}

const WORST_CASE: Hints = Object.freeze({
  readOnly: false,
  destructive: true,
  idempotent: false,
  openWorld: true,
});

const HINT_KEYS = new Set(Object.keys(WORST_CASE));

/**
 * Complete, frozen hints. A hint left out assumes the worst (not read-only, destructive, not
 * idempotent, open world); `readOnly: true` implies `destructive: false` and `idempotent: true`.
 *
 * @throws ToolDefinitionError for a non-boolean or unknown hint, or `readOnly: true` stated with
 *   `destructive: true` or `idempotent: false`.
 * @example
 * hints({ readOnly: true, openWorld: false });
 */
export function hints(partial: Partial<Hints> = {}): Hints {
  if (!isRecord(partial)) {
    throw new ToolDefinitionError("hints must be an object of booleans");
  }
  for (const [key, value] of Object.entries(partial)) {
    if (!HINT_KEYS.has(key)) {
      throw new ToolDefinitionError(
        `unknown hint '${key}' (known: readOnly, destructive, idempotent, openWorld)`,
      );
    }
    if (value !== undefined && typeof value !== "boolean") {
      throw new ToolDefinitionError(`hint '${key}' must be a boolean, got ${typeof value}`);
    }
  }
  if (partial.readOnly === true) {
    if (partial.destructive === true) {
      throw new ToolDefinitionError("a readOnly tool cannot be destructive");
    }
    if (partial.idempotent === false) {
      throw new ToolDefinitionError("a readOnly tool is always idempotent");
    }
    return Object.freeze({
      readOnly: true,
      destructive: false,
      idempotent: true,
      openWorld: partial.openWorld ?? WORST_CASE.openWorld,
    });
  }
  return Object.freeze({
    readOnly: false,
    destructive: partial.destructive ?? WORST_CASE.destructive,
    idempotent: partial.idempotent ?? WORST_CASE.idempotent,
    openWorld: partial.openWorld ?? WORST_CASE.openWorld,
  });
}
