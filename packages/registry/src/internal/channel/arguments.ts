import { isRecord } from "@toolgate/tool-core/internal";
import type { Args } from "./channel.js";

/**
 * Stage 2a: the arguments as an object, or the problem as a string. Text is parsed as JSON;
 * `undefined` counts as `{}`. May throw for a hostile object (a proxy whose traps throw).
 */
export function readArguments(raw: unknown): Args | string {
  if (typeof raw === "string") return parseArguments(raw);
  if (raw === undefined) return {};
  if (isRecord(raw)) return raw as Args;
  return `arguments must be a JSON object, got ${kindOf(raw)}`;
}

/**
 * A JSON object from the model's argument text, or the problem as a string. `""` (what models
 * send for tools without arguments) counts as `{}`.
 */
function parseArguments(text: string): Args | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (text.trim() === "") return {};
    return `arguments are not valid JSON: ${(error as Error).message}`;
  }
  if (!isRecord(value)) {
    return `arguments must be a JSON object, got ${kindOf(value)}`;
  }
  return value as Args;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

// Stage 2b, the values (depth, finite numbers, shared objects), is `checkArgumentValues` in
// ../check-argument-values.ts: it runs before anything recurses into the arguments.
