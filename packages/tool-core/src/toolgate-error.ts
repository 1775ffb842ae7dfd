/**
 * Machine-readable codes carried by every toolgate error, so callers can branch on `error.code`
 * without `instanceof` (which fails when two copies of a package are installed).
 */
export const TOOLGATE_ERROR_CODES = {
  tool: "TOOL_ERROR",
  toolInput: "TOOL_INPUT_ERROR",
  toolDefinition: "TOOL_DEFINITION_ERROR",
  toolRegistration: "TOOL_REGISTRATION_ERROR",
  pinning: "PINNING_ERROR",
  searchProvider: "SEARCH_PROVIDER_ERROR",
} as const;

/** One of {@link TOOLGATE_ERROR_CODES}. */
export type ToolgateErrorCode = (typeof TOOLGATE_ERROR_CODES)[keyof typeof TOOLGATE_ERROR_CODES];

const marker = Symbol.for("toolgate.error");

/** Marks an error object as a toolgate error with the given code (used by every error class). */
export function brandError(error: Error, code: ToolgateErrorCode): void {
  Object.defineProperty(error, marker, { value: code, enumerable: false, configurable: true });
}

/**
 * The code of a toolgate error, or `undefined` for anything else. Works across installed copies
 * of toolgate packages because the brand is a `Symbol.for` key.
 */
export function toolgateErrorCode(value: unknown): ToolgateErrorCode | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const code = (value as Record<symbol, unknown>)[marker];
  return typeof code === "string" ? (code as ToolgateErrorCode) : undefined;
}
