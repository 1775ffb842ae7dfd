// Recognised by a `Symbol.for` key, not `instanceof`: an app that ends up with two installed
// copies of a toolgate package (two versions, or ESM and a bundled copy) still agrees on what an
// error is. The brand holds the code, so a subclass's `isInstance` can narrow across copies too.
const BRAND = Symbol.for("toolgate.error");

/**
 * The base of every error a toolgate package throws on purpose. `code` is machine-readable, so
 * programs branch on it instead of parsing the message; every package lists its own codes in an
 * `as const` map (`TOOL_CORE_ERROR_CODES`, `REGISTRY_ERROR_CODES`, `MCP_ERROR_CODES`,
 * `BUILTINS_ERROR_CODES`). Codes are SCREAMING_SNAKE_CASE and begin with their class's name:
 * `TOOL_ERROR` for `ToolError`, `MCP_CLIENT_TIMEOUT` for `MCPClientError`; so they never collide
 * across packages.
 *
 * Use the static `isInstance` rather than `instanceof`: it also recognises an error from another
 * installed copy of the package. On a subclass it recognises only that subclass (and its own
 * subclasses): `ToolError.isInstance(pinningError)` is false.
 *
 * @example
 * try { await client.connect(); } catch (error) {
 *   if (ToolgateError.isInstance(error)) console.error(error.code, error.message);
 * }
 */
export class ToolgateError extends Error {
  /** What went wrong, e.g. `"TOOL_INPUT_ERROR"`; subclasses narrow the type to their own codes. */
  readonly code: string;

  /**
   * @param code - The machine-readable code, from the throwing package's error code map.
   * @param message - Readable text saying what went wrong.
   * @param options - `cause`: the error that led to this one.
   */
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolgateError";
    this.code = code;
    // Not enumerable: it stays out of JSON, logs and deep-equality checks.
    Object.defineProperty(this, BRAND, { value: code, configurable: true });
  }

  /** True for any toolgate error, from any installed copy of any toolgate package. */
  static isInstance(value: unknown): value is ToolgateError {
    return toolgateErrorCode(value) !== undefined;
  }
}

/**
 * Gives a subclass's instance its own code after its parent's constructor set the parent's
 * (`ToolInputError` after `ToolError`). Not exported from the package.
 */
export function recode(error: ToolgateError, code: string): void {
  (error as { code: string }).code = code;
  Object.defineProperty(error, BRAND, { value: code, configurable: true });
}

/**
 * The `code` of a toolgate error, or `undefined` for anything else (a plain `Error`, a string).
 * Works across installed copies of toolgate packages, like `ToolgateError.isInstance`; each
 * subclass's `isInstance` is built on it.
 */
export function toolgateErrorCode(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const code = (value as Record<symbol, unknown>)[BRAND];
  return typeof code === "string" ? code : undefined;
}
