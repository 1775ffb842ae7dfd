import { ToolgateError, toolgateErrorCode } from "@toolgate/tool-core";
import { clip } from "@toolgate/tool-core/internal";
import { REGISTRY_ERROR_CODES } from "./registry-error-codes.js";

/** A pattern the linear-time regex engine cannot run; `reason` says why. */
export class LinearPatternError extends ToolgateError {
  declare readonly code: "LINEAR_PATTERN_ERROR";
  /** The schema's `pattern`, in full. */
  readonly pattern: string;
  /** Why it cannot run, e.g. `backreferences need backtracking`. */
  readonly reason: string;

  constructor(pattern: string, reason: string) {
    super(
      REGISTRY_ERROR_CODES.linearPattern,
      `pattern ${JSON.stringify(clip(pattern, 100))} cannot run on the linear-time regex engine: ${reason}`,
    );
    this.name = "LinearPatternError";
    this.pattern = pattern;
    this.reason = reason;
  }

  /** True for a `LinearPatternError` from any installed copy of @toolgate/registry. */
  static override isInstance(value: unknown): value is LinearPatternError {
    return toolgateErrorCode(value) === REGISTRY_ERROR_CODES.linearPattern;
  }
}
