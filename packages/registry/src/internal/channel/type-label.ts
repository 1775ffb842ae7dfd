const hasOwn = Object.prototype.hasOwnProperty;

/**
 * A type name for what was thrown, safe to show the model: never the message, never a value's
 * text, and no getter of a thrown object's own runs.
 */
export function typeLabel(error: unknown): string {
  if (error === null) return "null";
  if (typeof error !== "object" && typeof error !== "function") return typeof error;
  let name: unknown;
  try {
    name = hasOwn.call(error, "constructor") ? undefined : (error as object).constructor?.name;
  } catch {
    name = undefined;
  }
  return typeof name === "string" && /^[A-Za-z_$][\w$]{0,63}$/.test(name) ? name : "Error";
}
