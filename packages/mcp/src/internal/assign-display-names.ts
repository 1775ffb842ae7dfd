import { sanitizeToolName, uniqueToolName } from "../sanitize-tool-name.js";

/** Display names assigned in remote-name order, so the server's listing order cannot swap them. */
export function assignDisplayNames(
  namespace: string,
  entries: readonly { name: string }[],
): Map<string, string> {
  const names = entries.map((entry) => entry.name).sort();
  const taken = new Set<string>();
  const result = new Map<string, string>();
  for (const remote of names) {
    result.set(remote, uniqueToolName(sanitizeToolName(`${namespace}_${remote}`), taken));
  }
  return result;
}
