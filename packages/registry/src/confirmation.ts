import type { Hints, Tool } from "@toolgate/tool-core";
import type { TaintSource } from "./tool-turn.js";

/** What a human is asked to approve: one valid call, before it runs. */
export interface ConfirmationRequest<TContext = unknown> {
  /** The tool about to run. */
  readonly tool: Tool<object>;
  /** The call's arguments, already parsed and validated against the tool's schema. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The tool's hints for this call (`tool.hintsFor(args)`). */
  readonly hints: Hints;
  /** The model's id for this call, when it gave one. */
  readonly callId?: string;
  /** The caller's per-call context (`ExecuteOptions.context`), when it gave one. */
  readonly context?: TContext;
  /**
   * Present when the call is asked about only because its turn is tainted (see `ToolTurn`): the
   * earlier result whose outside content entered the turn.
   */
  readonly taintedBy?: TaintSource;
}

/**
 * Asks a human (or an approval service) whether a call may run. Only `true` approves; `false`,
 * any other value, a throw or a rejected promise declines.
 */
export type ConfirmCallback<TContext = unknown> = (
  request: ConfirmationRequest<TContext>,
) => boolean | Promise<boolean>;

/**
 * Decides whether a call needs confirmation beyond what the tool itself asks for
 * (`tool.needsConfirmation(args)`). `true` = ask; only `false` means "no need", and a policy that
 * throws counts as "ask". Runs only for valid calls. `context` is the caller's per-call context
 * (`ExecuteOptions.context`), `undefined` when it gave none.
 */
export type ConfirmationPolicy<TContext = unknown> = (
  tool: Tool<object>,
  args: Readonly<Record<string, unknown>>,
  hints: Hints,
  context?: TContext,
) => boolean;

/** Options of {@link confirmUnlessReadOnly}. */
export interface ConfirmUnlessReadOnlyOptions {
  /**
   * Believe the read-only hint of tools whose origin starts with `mcp:`. Those hints come from a
   * remote server that can claim anything, so by default every call to such a tool is confirmed.
   * @default false
   */
  trustMcpHints?: boolean;
}

/**
 * A ready confirmation policy: ask before every call whose per-call hints are not read-only.
 * Tools from MCP servers (origin `mcp:...`) are always asked about unless `trustMcpHints` is set,
 * because their hints are the server's own claim.
 *
 * @example
 * const registry = new ToolRegistry({ confirmationPolicy: confirmUnlessReadOnly(), confirm: askUser });
 */
export function confirmUnlessReadOnly(
  options: ConfirmUnlessReadOnlyOptions = {},
): ConfirmationPolicy {
  const trustMcpHints = options.trustMcpHints === true;
  return (tool, _args, hints) => {
    if (!trustMcpHints && tool.origin.startsWith("mcp:")) return true;
    return hints.readOnly !== true;
  };
}
