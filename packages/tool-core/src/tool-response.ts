import type { ContentBlock } from "./content-block.js";

/** `partial`: the call succeeded but the result is incomplete (truncated, some sources failed). */
export type ToolStatus = "success" | "partial" | "error";

/** Extra parts of a response beyond its text and data. */
export interface ToolResponseExtras {
  /** MCP-shaped content blocks (images, resources) that travel beside the text. */
  content?: readonly ContentBlock[];
}

const marker = Symbol.for("toolgate.tool-response");
const STATUSES: ReadonlySet<string> = new Set(["success", "partial", "error"]);

/**
 * The outcome of one tool call. `text` is what the model reads and is always present; `data`
 * is for programs only.
 *
 * @example
 * return ToolResponse.ok("3 orders found", { orders });
 */
export class ToolResponse<D = unknown> {
  /** Whether the call succeeded, succeeded in part, or failed. */
  readonly status: ToolStatus;
  /** What the model reads; always present. */
  readonly text: string;
  /** Structured result for programs; never shown to the model. */
  readonly data?: D;
  /** MCP-shaped content blocks (images, resources) that travel beside the text. */
  readonly content?: readonly ContentBlock[];

  constructor(status: ToolStatus, text: string, data?: D, extras?: ToolResponseExtras) {
    if (!STATUSES.has(status)) throw new TypeError(`unknown tool status '${String(status)}'`);
    if (typeof text !== "string") {
      throw new TypeError(`ToolResponse text must be a string, got ${typeof text}`);
    }
    this.status = status;
    this.text = text;
    if (data !== undefined) this.data = data;
    if (extras?.content !== undefined) this.content = Object.freeze([...extras.content]);
    Object.freeze(this);
  }

  /** A `success` response. */
  static ok<D>(text: string, data?: D, extras?: ToolResponseExtras): ToolResponse<D> {
    return new ToolResponse("success", text, data, extras);
  }

  /** A `partial` response: the call succeeded but the result is incomplete. */
  static partial<D>(text: string, data?: D, extras?: ToolResponseExtras): ToolResponse<D> {
    return new ToolResponse("partial", text, data, extras);
  }

  /** An `error` response: the model reads `text` as what went wrong. */
  static error<D>(text: string, data?: D, extras?: ToolResponseExtras): ToolResponse<D> {
    return new ToolResponse("error", text, data, extras);
  }

  /** True for a `ToolResponse` from any installed copy of tool-core. */
  static isInstance(value: unknown): value is ToolResponse {
    return typeof value === "object" && value !== null && marker in value;
  }

  /** True when `status` is `"error"`. */
  get isError(): boolean {
    return this.status === "error";
  }

  /** A copy with other text, keeping status, data and content (used by guards and redaction). */
  withText(text: string): ToolResponse<D> {
    return new ToolResponse(
      this.status,
      text,
      this.data,
      this.content && { content: this.content },
    );
  }

  /** The `text`, so a response reads as what the model sees. */
  toString(): string {
    return this.text;
  }
}

Object.defineProperty(ToolResponse.prototype, marker, { value: true });

/**
 * Normalises what a tool returned: a `ToolResponse` as is; a string as ok text; `undefined` or
 * `null` as ok `"(done)"`; anything else as ok pretty JSON text with the value as `data`.
 *
 * @throws TypeError when the value cannot become JSON (a cycle, a bigint, a function), or is an
 *   iterator (a generator object, which JSON would make `"{}"`): that is a bug in the tool, not
 *   something to show the model. (The registry runs a generator `execute` itself.)
 */
export function toToolResponse(value: unknown): ToolResponse {
  if (ToolResponse.isInstance(value)) return value;
  if (typeof value === "string") return ToolResponse.ok(value);
  if (value === undefined || value === null) return ToolResponse.ok("(done)");
  if (isIterator(value)) {
    throw new TypeError(
      "tool result is an iterator (a generator?), not a value: return its result, or make execute itself the generator",
    );
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value, null, 2);
  } catch (cause) {
    throw new TypeError(`tool result cannot be converted to JSON: ${(cause as Error).message}`, {
      cause,
    });
  }
  if (json === undefined) {
    throw new TypeError(`tool result of type ${typeof value} cannot be converted to JSON`);
  }
  return ToolResponse.ok(json, value);
}

function isIterator(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { next?: unknown }).next === "function" &&
    (Symbol.iterator in value || Symbol.asyncIterator in value)
  );
}
