import type { Tool } from "@toolgate/tool-core";

/**
 * A permission rule decided per call: `true` lets the call through; `false` denies it; a string
 * denies it with that reason (shown to the model). Anything else, or a throw, denies (fail closed).
 * `args` are parsed and validated; `context` is the caller's `ExecuteOptions.context`.
 */
export type PermissionRule<TContext = unknown> = (
  tool: Tool<object>,
  args: Readonly<Record<string, unknown>>,
  context: TContext | undefined,
) => boolean | string;

/** Which tools may run, by name and by origin (the trust root), and per call. */
export interface ToolPermissionsOptions<TContext = unknown> {
  /**
   * Tool names that may run. `null` or absent: no name allowlist. An empty list allows no tool by
   * name (only `allowOrigins` can then permit one). @default null
   */
  allow?: Iterable<string> | null;
  /** Tool names that never run. Deny wins over every allow rule. @default [] */
  deny?: Iterable<string>;
  /**
   * Origins whose tools may run (`"builtin"`, `"mcp:github"`). `null` or absent: no origin
   * allowlist. An empty list allows no tool by origin. @default null
   */
  allowOrigins?: Iterable<string> | null;
  /** Origins whose tools never run. Deny wins. @default [] */
  denyOrigins?: Iterable<string>;
  /**
   * A rule asked for every call the static rules above let through, after the arguments are
   * validated: a multi-tenant app allows a tool for one user and not another. It can only deny
   * more, never allow what a static rule denies (deny wins). @default none
   */
  rule?: PermissionRule<TContext>;
}

const marker = Symbol.for("toolgate.tool-permissions");

/**
 * Immutable allow and deny rules for tools, by name and by origin. Matches are exact.
 *
 * - Deny wins: a tool named in `deny` or coming from an origin in `denyOrigins` never runs.
 * - If `allow` or `allowOrigins` is a list, an allowlist is on: the tool must be named in `allow`
 *   or come from an origin in `allowOrigins`.
 * - `null`/absent means no rule on that dimension; an empty list matches nothing.
 * - Given only a name (no tool object), origin rules cannot be satisfied: fail closed.
 *
 * - A `rule` is asked per call, with the arguments and the caller's context, only when the static
 *   rules allow the tool; it can deny, never allow more.
 *
 * Origin is the trust root: a remote server can choose any tool name, never its origin, so prefer
 * origin rules for tools you do not write yourself.
 *
 * @example
 * const permissions = new ToolPermissions({ allowOrigins: ["builtin"], deny: ["cli"] });
 * permissions.denialReason(calculator); // undefined: permitted
 */
export class ToolPermissions<TContext = unknown> {
  readonly #allow: ReadonlySet<string> | null;
  readonly #deny: ReadonlySet<string>;
  readonly #allowOrigins: ReadonlySet<string> | null;
  readonly #denyOrigins: ReadonlySet<string>;
  /** The per-call rule (`ToolPermissionsOptions.rule`), if any; the registry asks it per call. */
  readonly rule: PermissionRule<TContext> | undefined;

  constructor(options: ToolPermissionsOptions<TContext> = {}) {
    if (typeof options !== "object" || options === null) {
      throw new TypeError("ToolPermissions options must be an object");
    }
    this.#allow = nameSet(options.allow, "allow", true);
    this.#deny = nameSet(options.deny, "deny", false) ?? new Set();
    this.#allowOrigins = nameSet(options.allowOrigins, "allowOrigins", true);
    this.#denyOrigins = nameSet(options.denyOrigins, "denyOrigins", false) ?? new Set();
    if (options.rule !== undefined && typeof options.rule !== "function") {
      throw new TypeError("ToolPermissions: rule must be a function");
    }
    this.rule = options.rule;
    Object.freeze(this);
  }

  /** True for a `ToolPermissions` from any installed copy of @toolgate/registry. */
  static isInstance(value: unknown): value is ToolPermissions {
    return typeof value === "object" && value !== null && marker in value;
  }

  /** True when the tool (or bare tool name) may run by the static rules (not `rule`, which needs a call). */
  permits(tool: Pick<Tool, "name" | "origin"> | string): boolean {
    return this.denialReason(tool) === undefined;
  }

  /**
   * Why a tool may not run, as a readable sentence, or `undefined` when it is permitted. A bare
   * name cannot satisfy origin rules, so it is denied whenever origin rules apply to it.
   */
  denialReason(tool: Pick<Tool, "name" | "origin"> | string): string | undefined {
    const bare = typeof tool === "string";
    const name = bare ? tool : tool.name;
    const origin = bare ? undefined : tool.origin;
    if (this.#deny.has(name)) return `Tool '${name}' is denied by name.`;
    if (this.#denyOrigins.size > 0) {
      if (origin === undefined) {
        return `Tool '${name}' is denied: its origin is unknown and some origins are denied.`;
      }
      if (this.#denyOrigins.has(origin)) {
        return `Tool '${name}' is denied: tools from origin '${origin}' are denied.`;
      }
    }
    if (this.#allow === null && this.#allowOrigins === null) return undefined;
    if (this.#allow?.has(name)) return undefined;
    if (origin !== undefined && this.#allowOrigins?.has(origin)) return undefined;
    if (this.#allowOrigins === null) return `Tool '${name}' is not on the allowlist.`;
    if (origin === undefined) {
      return `Tool '${name}' is not allowed: its origin is unknown and only some origins are allowed.`;
    }
    return `Tool '${name}' is not allowed: neither its name nor its origin '${origin}' is on the allowlist.`;
  }
}

Object.defineProperty(ToolPermissions.prototype, marker, { value: true });

function nameSet(value: unknown, field: string, nullable: boolean): ReadonlySet<string> | null {
  if (value === undefined || (nullable && value === null)) return null;
  // A string is iterable character by character: `allow: "cli"` would silently allow "c", "l", "i".
  if (
    typeof value === "string" ||
    typeof value !== "object" ||
    value === null ||
    !(Symbol.iterator in value)
  ) {
    throw new TypeError(
      `ToolPermissions: ${field} must be a list of strings${nullable ? " or null" : ""}`,
    );
  }
  const set = new Set<string>();
  for (const item of value as Iterable<unknown>) {
    if (typeof item !== "string") {
      throw new TypeError(
        `ToolPermissions: ${field} must contain only strings, got ${typeof item}`,
      );
    }
    set.add(item);
  }
  return set;
}
