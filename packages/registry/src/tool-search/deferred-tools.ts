import { AsyncLocalStorage } from "node:async_hooks";
import { type Tool, ToolError, ToolResponse, tool } from "@toolgate/tool-core";
import { catalogLine } from "../internal/describe-tool.js";
import type { ToolPermissions } from "../tool-permissions.js";
import { estimateToolTokens } from "./estimate-tokens.js";
import { SearchIndex } from "./search-index.js";
import type { ToolScope } from "./tool-scope.js";
import type { DeferMode, ToolSearchMatch, ToolSearchOptions } from "./tool-search-options.js";

const MODES: readonly unknown[] = ["always", "never", "auto"];
const MAX_QUERY_CHARS = 500;

/** What a registry's tool map holds for each tool (only the tool is read here). */
type Entries = ReadonlyMap<string, { readonly tool: Tool<object> }>;

/**
 * One registry's tool search: which tools are deferred, the keyword index, and the search tool.
 * The registry tells it when its tools change; the index and the `auto` decision are rebuilt
 * lazily after a change.
 */
export class DeferredTools {
  /** The search tool the registry registers. */
  readonly tool: Tool<object>;
  readonly #entries: Entries;
  readonly #permissions: ToolPermissions | undefined;
  readonly #default: DeferMode;
  readonly #origins: ReadonlyMap<string, DeferMode>;
  readonly #maxTools: number;
  readonly #maxTokens: number;
  readonly #load: number;
  readonly #list: number;
  readonly #own = new Map<string, DeferMode>();
  readonly #scopes = new AsyncLocalStorage<ToolScope>();
  #version = 0;
  #index: { readonly version: number; readonly index: SearchIndex } | undefined;
  #auto: { readonly version: number; readonly on: boolean } | undefined;

  /** @throws TypeError for a malformed option. */
  constructor(
    options: ToolSearchOptions,
    entries: Entries,
    permissions: ToolPermissions | undefined,
  ) {
    if (typeof options !== "object" || options === null) {
      throw new TypeError("ToolRegistry: toolSearch must be an object");
    }
    this.#entries = entries;
    this.#permissions = permissions;
    this.#default = checkMode(options.defer ?? "auto", "toolSearch.defer");
    const origins = options.origins ?? {};
    if (typeof origins !== "object" || origins === null) {
      throw new TypeError("ToolRegistry: toolSearch.origins must be an object of origin → mode");
    }
    this.#origins = new Map(
      Object.entries(origins).map(([origin, mode]) => [
        origin,
        checkMode(mode, `toolSearch.origins['${origin}']`),
      ]),
    );
    const threshold = options.autoThreshold ?? {};
    this.#maxTools = count(
      threshold.tools ?? 20,
      0,
      Number.MAX_SAFE_INTEGER,
      "autoThreshold.tools",
    );
    this.#maxTokens = count(
      threshold.tokens ?? 10_000,
      0,
      Number.MAX_SAFE_INTEGER,
      "autoThreshold.tokens",
    );
    this.#load = count(options.load ?? 5, 1, 20, "load");
    this.#list = count(options.list ?? 10, 0, 50, "list");
    this.tool = this.#makeTool(options.name ?? "tool_search");
  }

  /** A tool's own setting (`undefined`: none), at registration. */
  mark(name: string, mode: DeferMode | undefined): void {
    if (mode === undefined) this.#own.delete(name);
    else this.#own.set(name, mode);
    this.#version++;
  }

  /** The registry's tools changed (added, replaced or removed). */
  changed(name?: string): void {
    if (name !== undefined && !this.#entries.has(name)) this.#own.delete(name);
    this.#version++;
  }

  /** Whether `tool` is left out of the provider formats until loaded. */
  isDeferred(tool: Tool<object>): boolean {
    if (tool === this.tool) return false;
    const mode = this.#mode(tool);
    return mode === "always" || (mode === "auto" && this.#autoOn());
  }

  /**
   * The tools to list when none are named: those not deferred and those loaded in `scope`, in
   * registration order, and the search tool while any tool is deferred.
   */
  listed(scope: ToolScope | undefined): Tool<object>[] {
    const out: Tool<object>[] = [];
    let anyDeferred = false;
    for (const { tool } of this.#entries.values()) {
      if (tool === this.tool) {
        out.push(tool);
      } else if (this.isDeferred(tool)) {
        anyDeferred = true;
        if (scope?.has(tool.name)) out.push(tool);
      } else {
        out.push(tool);
      }
    }
    return anyDeferred ? out : out.filter((tool) => tool !== this.tool);
  }

  /** The best `limit` deferred tools for `query`, permitted ones only, best first. */
  search(query: string, limit: number): ToolSearchMatch[] {
    if (typeof query !== "string") throw new TypeError("searchTools: query must be a string");
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      throw new TypeError("searchTools: limit must be an integer from 1 to 1000");
    }
    if (this.#index?.version !== this.#version) {
      const tools = [...this.#entries.values()].map((entry) => entry.tool);
      this.#index = { version: this.#version, index: new SearchIndex(tools) };
    }
    const accept = (tool: Tool<object>) =>
      tool !== this.tool &&
      this.isDeferred(tool) &&
      (this.#permissions === undefined || this.#permissions.denialReason(tool) === undefined);
    return this.#index.index.search(query, limit, accept).map((match) => ({
      name: match.tool.name,
      summary: catalogLine(match.tool).replace(/^- [^:]*:? ?/, ""),
      score: match.score,
      exact: match.exact,
    }));
  }

  /** Runs `run` with `scope` as the scope the search tool loads into. */
  inScope<T>(scope: ToolScope, run: () => T): T {
    return this.#scopes.run(scope, run);
  }

  #mode(tool: Tool<object>): DeferMode {
    return this.#own.get(tool.name) ?? this.#origins.get(tool.origin) ?? this.#default;
  }

  #autoOn(): boolean {
    if (this.#auto?.version === this.#version) return this.#auto.on;
    let tools = 0;
    let tokens = 0;
    for (const { tool } of this.#entries.values()) {
      if (tool === this.tool || this.#mode(tool) === "always") continue;
      tools++;
      tokens += estimateToolTokens(tool);
    }
    const on = tools > this.#maxTools || tokens > this.#maxTokens;
    this.#auto = { version: this.#version, on };
    return on;
  }

  #makeTool(name: string): Tool<object> {
    return tool({
      name,
      description:
        "Finds and loads tools that are not in your tool list yet. Describe the task in a few " +
        'words or give a tool\'s name ("open a pull request", "read a file"): the best matches ' +
        "are loaded and can be called from your next step; further matches are listed by name " +
        "(search for one by its exact name to load it).",
      parameters: {
        type: "object",
        properties: {
          query: {
            type: "string",
            minLength: 1,
            maxLength: MAX_QUERY_CHARS,
            description: "The task in a few words, or a tool's exact name.",
          },
        },
        required: ["query"],
        additionalProperties: false,
      },
      hints: { readOnly: true, openWorld: false },
      execute: ({ query }: { query: string }) => this.#answer(query),
    });
  }

  #answer(query: string): ToolResponse {
    const scope = this.#scopes.getStore();
    if (scope === undefined) {
      throw new ToolError(
        `${this.tool.name} cannot load tools here: the app must run it through registry.turn().`,
      );
    }
    const listed = this.#entries.get(query.trim())?.tool;
    if (listed !== undefined && listed !== this.tool && !this.isDeferred(listed)) {
      return ToolResponse.ok(`'${listed.name}' is already in your tool list: call it directly.`, {
        loaded: [],
        more: [],
      });
    }
    const matches = this.search(query, this.#load + this.#list);
    const loaded = matches.slice(0, this.#load);
    const more = matches.slice(this.#load).map((match) => match.name);
    if (loaded.length === 0) {
      return ToolResponse.ok("No tool matches that. Try other words, or fewer.", {
        loaded: [],
        more,
      });
    }
    scope.load(loaded.map((match) => match.name));
    const lines = ["Loaded for your next step:"];
    for (const match of loaded) {
      lines.push(match.summary === "" ? `- ${match.name}` : `- ${match.name}: ${match.summary}`);
    }
    if (more.length > 0) {
      lines.push(`More matches (search for one by its exact name to load it): ${more.join(", ")}`);
    }
    return ToolResponse.ok(lines.join("\n"), { loaded: loaded.map((match) => match.name), more });
  }
}

function checkMode(mode: unknown, what: string): DeferMode {
  if (!MODES.includes(mode)) {
    throw new TypeError(
      `ToolRegistry: ${what} must be "always", "never" or "auto", not ${String(mode)}`,
    );
  }
  return mode as DeferMode;
}

/** Checks a `defer` option of `register` / `registerAll`. */
export function checkDefer(mode: unknown): DeferMode | undefined {
  return mode === undefined ? undefined : checkMode(mode, "defer");
}

function count(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new TypeError(
      `ToolRegistry: toolSearch.${what} must be an integer from ${min} to ${max}`,
    );
  }
  return value;
}
