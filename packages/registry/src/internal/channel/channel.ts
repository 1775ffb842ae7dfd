import type { Tool, ToolContext } from "@toolgate/tool-core";
import { timeoutOption } from "@toolgate/tool-core/internal";
import type { ConfirmationPolicy, ConfirmCallback } from "../../confirmation.js";
import {
  defaultExternalContentGuard,
  type ExternalContentGuard,
} from "../../external-content-guard.js";
import type { ToolEvent } from "../../tool-event.js";
import { ToolPermissions } from "../../tool-permissions.js";
import type { ToolRegistryOptions } from "../../tool-registry.js";
import type { ArgumentValidator } from "../argument-validation.js";
import { type TracingSettings, tracingSettings } from "../tracing/tracing-settings.js";
import { type ApprovalSettings, approvalSettings } from "./approval-settings.js";

/** A call's arguments once parsed. */
export type Args = Record<string, unknown>;

/** Marks a permission decision not yet made for a tool. */
export const UNCHECKED = Symbol("unchecked");

/** A registered tool and what the channel keeps about it between calls. */
export interface ToolEntry {
  readonly tool: Tool<object>;
  /** The output budget for this tool's responses; undefined = no cap. */
  readonly budget: number | undefined;
  /** The context for calls without an id, deadline or caller signal: made once per tool. */
  readonly context: ToolContext;
  /** The compiled validator (or why the schema does not compile), made at the first call. */
  validate: ArgumentValidator | string | undefined;
  /** The permission decision, made at the first call: tools and permissions are both immutable. */
  denial: string | undefined | typeof UNCHECKED;
  /** The tool's definition fingerprint, made at its first pending or grant (tools are immutable). */
  fingerprint: string | undefined;
}

/**
 * Everything one registry's channel works with: its tools and its options, fixed when the
 * registry is made. Every stage takes it as its first argument. Keep it immutable apart from the
 * tool map: `check` works on a shallow copy with another event listener (see check-call.ts).
 */
export interface Channel {
  readonly tools: Map<string, ToolEntry>;
  readonly permissions: ToolPermissions | undefined;
  readonly confirm: ConfirmCallback | undefined;
  readonly policy: ConfirmationPolicy | undefined;
  readonly timeoutMs: number | undefined;
  readonly guard: ExternalContentGuard | undefined;
  readonly redact: ((text: string) => string) | undefined;
  readonly onEvent: ((event: ToolEvent) => void) | undefined;
  readonly maxResultChars: number | undefined;
  /** Deferred approval and grants; `undefined` without the `approval` option. */
  readonly approval: ApprovalSettings | undefined;
  /** OpenTelemetry spans for calls; `undefined` with `tracing: false`. */
  readonly tracing: TracingSettings | undefined;
}

const DEFAULT_MAX_RESULT_CHARS = 100_000;

/**
 * A channel from a registry's options, with an empty tool map.
 *
 * @throws TypeError for an option of the wrong kind; ToolDefinitionError for a bad `approval`.
 */
export function createChannel(options: ToolRegistryOptions): Channel {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("ToolRegistry options must be an object");
  }
  const { permissions, confirm, confirmationPolicy, guard, redact, onEvent } = options;
  if (permissions !== undefined && !ToolPermissions.isInstance(permissions)) {
    throw new TypeError("ToolRegistry: permissions must be a ToolPermissions");
  }
  optionalFunction(confirm, "confirm");
  optionalFunction(confirmationPolicy, "confirmationPolicy");
  optionalFunction(redact, "redact");
  optionalFunction(onEvent, "onEvent");
  if (
    guard !== undefined &&
    guard !== false &&
    (typeof guard !== "object" || guard === null || typeof guard.wrap !== "function")
  ) {
    throw new TypeError("ToolRegistry: guard must be an ExternalContentGuard or false");
  }
  const timeoutMs = timeoutOption(options.timeoutMs, "ToolRegistry: timeoutMs", null) ?? undefined;
  const max = options.maxResultChars;
  if (max !== undefined && max !== null && !isLimit(max)) {
    throw new TypeError("ToolRegistry: maxResultChars must be a positive integer or null");
  }
  const approval = approvalSettings(options.approval);
  const tracing = tracingSettings(options.tracing);
  return {
    tools: new Map(),
    permissions,
    confirm,
    policy: confirmationPolicy,
    timeoutMs,
    guard: guard === false ? undefined : (guard ?? defaultExternalContentGuard),
    redact,
    onEvent,
    maxResultChars: max === undefined ? DEFAULT_MAX_RESULT_CHARS : (max ?? undefined),
    approval,
    tracing,
  };
}

/** A positive safe integer: what `maxResultChars` must be. */
export function isLimit(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

function optionalFunction(value: unknown, field: string): void {
  if (value !== undefined && typeof value !== "function") {
    throw new TypeError(`ToolRegistry: ${field} must be a function`);
  }
}
