// A tool's own Standard Schema (zod, ArkType, Valibot), run after ajv so refinements and
// transforms apply: its result made into the value the tool gets, or one readable input error.
import type { Tool } from "@toolgate/tool-core";
import { clip, isRecord } from "@toolgate/tool-core/internal";
import { formatPath } from "./argument-validation.js";
import { typeLabel } from "./channel/type-label.js";

/** What a Standard Schema made of arguments: its output, or why it refused them. */
export type StandardOutcome =
  | { readonly value: Record<string, unknown> }
  | { readonly problem: string; readonly error?: unknown };

/**
 * Runs `schema`'s `~standard.validate` on `args`. A promise only when the validator returns one
 * (async refinements); that promise never rejects. A validator that throws, rejects, or answers
 * something that is not a result (or an output that is not an object) is a problem too, with
 * what it threw kept for the event, never an exception.
 */
export function standardValidation(
  schema: NonNullable<Tool<object>["standardSchema"]>,
  args: Record<string, unknown>,
): StandardOutcome | Promise<StandardOutcome> {
  let result: unknown;
  try {
    result = schema["~standard"].validate(args);
    if (isThenable(result)) return Promise.resolve(result).then(outcomeOf, cannotValidate);
  } catch (error) {
    return cannotValidate(error);
  }
  return outcomeOf(result);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

function cannotValidate(error: unknown): StandardOutcome {
  return { problem: `arguments could not be validated (${typeLabel(error)})`, error };
}

const NOT_A_RESULT = "arguments could not be validated (the schema's validator answered no result)";

function outcomeOf(result: unknown): StandardOutcome {
  try {
    if (!isRecord(result)) return { problem: NOT_A_RESULT };
    // The Standard Schema rule: a truthy `issues` is a failure, whatever else is there.
    const issues = result.issues;
    if (issues) {
      return Array.isArray(issues)
        ? { problem: describeIssues(issues) }
        : { problem: NOT_A_RESULT, error: issues };
    }
    const value = result.value;
    if (!isRecord(value)) {
      return {
        problem:
          "arguments could not be validated (the schema's validator returned no arguments object)",
      };
    }
    return { value };
  } catch (error) {
    return cannotValidate(error);
  }
}

const MAX_ISSUES = 10;

/** `'limit': Too big: expected number to be <=50; 'query': Required`: each issue with its path. */
function describeIssues(issues: readonly unknown[]): string {
  if (issues.length === 0) return "the arguments do not match the schema";
  const lines = new Set<string>();
  for (const issue of issues.slice(0, MAX_ISSUES)) lines.add(describeIssue(issue));
  const shown = [...lines];
  if (issues.length > MAX_ISSUES) shown.push(`and ${issues.length - MAX_ISSUES} more problems`);
  return shown.join("; ");
}

function describeIssue(issue: unknown): string {
  if (!isRecord(issue)) return "invalid arguments";
  const message = typeof issue.message === "string" ? clip(issue.message, 200) : "invalid";
  const path = Array.isArray(issue.path) ? issue.path.map(segmentName) : [];
  return path.length === 0 ? message : `'${formatPath(path)}': ${message}`;
}

function segmentName(segment: unknown): string {
  const key = isRecord(segment) ? segment.key : segment;
  return typeof key === "symbol" ? (key.description ?? "symbol") : String(key);
}
