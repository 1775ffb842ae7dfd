import { TOOL_NAME_PATTERN } from "@toolgate/tool-core";

const scopeMarker = Symbol.for("toolgate.tool-scope");

/**
 * The deferred tools loaded for one conversation: a search loads tools into a scope, and the
 * provider formats asked with that scope list them from then on. Each turn has one (its own, or
 * the one passed to `registry.turn({ scope })`); keep one per session to carry loaded tools from
 * turn to turn, and save it as `scope.toJSON()`. Scopes never see each other's tools, so one
 * user's searches never change another's tool list.
 *
 * @example
 * const scope = new ToolScope(session.loadedTools ?? []);
 * const turn = registry.turn({ scope });
 * // ... the model searches and calls tools through `turn` ...
 * session.loadedTools = scope.toJSON();
 */
export class ToolScope {
  readonly #names = new Set<string>();

  /** A scope with `names` already loaded (e.g. a saved `toJSON()`). */
  constructor(names: Iterable<string> = []) {
    this.load(names);
  }

  /** True for a `ToolScope` from any installed copy of @toolgate/registry. */
  static isInstance(value: unknown): value is ToolScope {
    return typeof value === "object" && value !== null && scopeMarker in value;
  }

  /** The loaded tool names, in the order they were loaded. */
  get loaded(): string[] {
    return [...this.#names];
  }

  /** Whether `name` is loaded in this scope. */
  has(name: string): boolean {
    return this.#names.has(name);
  }

  /**
   * Loads tools by name (a name no registry holds is kept and simply never listed).
   *
   * @throws TypeError for a value that is not a valid tool name.
   */
  load(names: Iterable<string>): void {
    if (typeof names !== "object" || names === null || !(Symbol.iterator in names)) {
      throw new TypeError("ToolScope takes an iterable of tool names");
    }
    const list = [...names];
    for (const name of list) {
      if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
        throw new TypeError(
          `ToolScope: ${JSON.stringify(String(name)).slice(0, 80)} is not a tool name`,
        );
      }
    }
    for (const name of list) this.#names.add(name);
  }

  /** Unloads the named tools, or every tool when called without names. */
  unload(names?: Iterable<string>): void {
    if (names === undefined) this.#names.clear();
    else for (const name of names) this.#names.delete(name);
  }

  /** The loaded names, to save and pass to `new ToolScope(saved)` later. */
  toJSON(): string[] {
    return this.loaded;
  }
}

Object.defineProperty(ToolScope.prototype, scopeMarker, { value: true });

/** Options of the provider-format methods (`toOpenAITools` and the others) when listing all tools. */
export interface ToolListOptions {
  /**
   * The scope whose loaded tools are listed besides the tools that are not deferred. Without
   * one, deferred tools are never listed. Ignored when tools are named explicitly.
   */
  scope?: ToolScope;
}
