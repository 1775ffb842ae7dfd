import type { ExecutionResult } from "../../tool-registry.js";
import { checkArgumentValues } from "../check-argument-values.js";
import type { StandardOutcome } from "../standard-validation.js";
import { readArguments } from "./arguments.js";
import type { Args, Channel, ToolEntry } from "./channel.js";
import { type ConfirmationNeed, confirmationNeed } from "./confirmation.js";
import { lookUp, unknownTool } from "./lookup.js";
import { permissionDenial, ruleDenial } from "./permissions.js";
import { deniedCall, invalidCall } from "./refusals.js";
import { type TurnState, taintNeed } from "./tainted-turn.js";
import { typeLabel } from "./type-label.js";
import { standardArguments, validationProblem, validatorOf } from "./validation.js";

/** A call that passed stages 1-4: its tool, its valid arguments, and whether it needs confirmation. */
export interface AdmittedCall {
  readonly entry: ToolEntry;
  readonly args: Args;
  /** Why it needs confirmation; `undefined` when it may run at once. */
  readonly need: ConfirmationNeed | undefined;
}

/**
 * Stages 1-5a, in order, synchronously: lookup, arguments (parsed, then their values checked
 * before anything recurses), permissions, validation, and the confirmation decision. The call is
 * either admitted, or refused with the response the model gets (reported as an event). `context`
 * is the caller's per-call context, handed to the permission rule and the policies; `turn` is
 * the turn's state, when the call is made in a `ToolTurn`. Both
 * `execute` and `check` go through here, so they cannot disagree.
 *
 * The one exception to "synchronously": a tool's Standard Schema whose `validate` returns a
 * promise. With `asyncValidation: "await"` the rest of the stages then wait for it (a promise is
 * returned); with `"skip"` (check) it is not waited for and the call goes on as the JSON Schema
 * passed it.
 */
export function admitCall(
  channel: Channel,
  name: unknown,
  rawArgs: unknown,
  callId: string | undefined,
  context: unknown,
  turn?: TurnState,
  asyncValidation: "await" | "skip" = "await",
): AdmittedCall | ExecutionResult | Promise<AdmittedCall | ExecutionResult> {
  // 1. Lookup.
  const entry = lookUp(channel, name);
  if (entry === undefined) return unknownTool(channel, name, callId);
  const tool = entry.tool;

  // 2. Arguments.
  let args: Args;
  try {
    const parsed = readArguments(rawArgs);
    if (typeof parsed === "string") {
      return invalidCall(channel, tool, callId, "invalid-json", parsed);
    }
    args = parsed;
    const problem = checkArgumentValues(args, typeof rawArgs === "object");
    if (problem !== undefined) {
      return invalidCall(channel, tool, callId, "invalid-arguments", problem);
    }
  } catch (error) {
    const problem = `arguments cannot be read (${typeLabel(error)})`;
    return invalidCall(channel, tool, callId, "invalid-arguments", problem, false, error);
  }

  // 3. Permissions.
  const denial = permissionDenial(channel, entry);
  if (denial !== undefined) return deniedCall(channel, tool, callId, "permissions", denial);

  // 4. Validation.
  const validate = validatorOf(entry);
  if (typeof validate === "string") {
    return invalidCall(channel, tool, callId, "invalid-schema", validate, true);
  }
  const invalid = validationProblem(validate, args);
  if (invalid !== undefined) {
    return invalidCall(
      channel,
      tool,
      callId,
      "invalid-arguments",
      invalid.problem,
      false,
      invalid.error,
    );
  }

  // 4c. The tool's own Standard Schema: from here on the call's arguments are its output.
  const standard = standardArguments(entry, args);
  if (standard === undefined) return admitValid(channel, entry, args, callId, context, turn);
  if (!(standard instanceof Promise)) {
    return standardAdmitted(channel, entry, standard, callId, context, turn);
  }
  // check() cannot wait (see CheckResult): it goes on with the arguments as the JSON Schema
  // passed them. The promise never rejects.
  if (asyncValidation === "skip") return admitValid(channel, entry, args, callId, context, turn);
  return standard.then((outcome) =>
    standardAdmitted(channel, entry, outcome, callId, context, turn),
  );
}

function standardAdmitted(
  channel: Channel,
  entry: ToolEntry,
  outcome: StandardOutcome,
  callId: string | undefined,
  context: unknown,
  turn: TurnState | undefined,
): AdmittedCall | ExecutionResult {
  if ("value" in outcome) return admitValid(channel, entry, outcome.value, callId, context, turn);
  const { problem, error } = outcome;
  return invalidCall(channel, entry.tool, callId, "invalid-arguments", problem, false, error);
}

/** Stages 4d-5a, for arguments that passed validation. */
function admitValid(
  channel: Channel,
  entry: ToolEntry,
  args: Args,
  callId: string | undefined,
  context: unknown,
  turn: TurnState | undefined,
): AdmittedCall | ExecutionResult {
  const tool = entry.tool;
  // 4d. The per-call permission rule: after validation, so it reads valid arguments.
  const ruled = ruleDenial(channel, tool, args, context);
  if (ruled !== undefined) return deniedCall(channel, tool, callId, "permissions", ruled);

  // 5a. Whether it needs confirmation.
  // A tainted turn asks about what the policy lets through, unless it is read-only.
  let need = confirmationNeed(channel, tool, args, context);
  const taintedBy = turn?.taintedBy;
  if (need === undefined && taintedBy !== undefined) need = taintNeed(tool, args, taintedBy);
  return { entry, args, need };
}
