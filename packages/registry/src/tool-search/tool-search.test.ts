import { type Tool, tool } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { ToolPermissions } from "../tool-permissions.js";
import { ToolRegistry } from "../tool-registry.js";
import { ToolScope } from "./tool-scope.js";

function make(
  name: string,
  description: string,
  options: Partial<Parameters<typeof tool>[0]> = {},
) {
  return tool({
    name,
    description,
    parameters: {
      type: "object",
      properties: { id: { type: "string" } },
      required: ["id"],
    },
    hints: { readOnly: true },
    execute: ({ id }: { id: string }) => `${name} ${id}`,
    ...options,
  } as Parameters<typeof tool>[0]) as Tool<object>;
}

const github = [
  make("create_pull_request", "Open a new pull request", { origin: "mcp:github" }),
  make("merge_pull_request", "Merge a pull request", { origin: "mcp:github" }),
  make("list_issues", "List issues in a repository", { origin: "mcp:github" }),
  make("delete_branch", "Delete a branch", {
    origin: "mcp:github",
    hints: { destructive: true },
    requiresConfirmation: true,
  }),
];
const weather = make("get_weather", "Current weather for a city");

function registry(options: ConstructorParameters<typeof ToolRegistry>[0] = {}) {
  const r = new ToolRegistry({ toolSearch: { origins: { "mcp:github": "always" } }, ...options });
  r.register(weather);
  r.registerAll(github);
  return r;
}

const openAINames = (tools: { function: { name: string } }[]) => tools.map((t) => t.function.name);

describe("deferred tools in the provider formats", () => {
  it("leaves deferred tools out of every format until loaded, and lists the search tool", () => {
    const r = registry();
    expect(openAINames(r.toOpenAITools())).toEqual(["tool_search", "get_weather"]);
    expect(r.toOpenAIResponsesTools().map((t) => t.name)).toEqual(["tool_search", "get_weather"]);
    expect(r.toAnthropicTools().map((t) => t.name)).toEqual(["tool_search", "get_weather"]);
    expect(r.isDeferred("merge_pull_request")).toBe(true);
    expect(r.isDeferred("get_weather")).toBe(false);
    expect(r.size).toBe(6);
  });

  it("lists a scope's loaded tools, in registration order, and named tools as named", () => {
    const r = registry();
    const scope = new ToolScope(["merge_pull_request"]);
    expect(openAINames(r.toOpenAITools(undefined, { scope }))).toEqual([
      "tool_search",
      "get_weather",
      "merge_pull_request",
    ]);
    expect(openAINames(r.toOpenAITools(["list_issues"]))).toEqual(["list_issues"]);
  });

  it("lists everything, and no search tool, while nothing is deferred", () => {
    const r = new ToolRegistry({ toolSearch: {} });
    r.registerAll([weather, ...github]);
    expect(openAINames(r.toOpenAITools())).toEqual(["get_weather", ...github.map((t) => t.name)]);
    expect(r.searchTools("pull request")).toEqual([]);
  });

  it("changes nothing without the toolSearch option", () => {
    const r = new ToolRegistry();
    r.registerAll([weather, ...github]);
    expect(r.size).toBe(5);
    expect(openAINames(r.toOpenAITools())).toHaveLength(5);
    expect(r.isDeferred("list_issues")).toBe(false);
    expect(r.searchTools("issues")).toEqual([]);
    expect(() => r.register(make("x", "x"), { defer: "always" })).toThrow(
      /needs the registry's toolSearch/,
    );
  });
});

describe("the search tool", () => {
  it("loads the best matches into the turn's scope; they are listed from the next model call", async () => {
    const r = registry();
    const turn = r.turn();
    expect(openAINames(turn.toOpenAITools())).not.toContain("create_pull_request");
    const found = await turn.executeChecked("tool_search", {
      query: "open a pull request for my branch",
    });
    expect(found.executed).toBe(true);
    expect(found.response.text).toMatch(
      /^Loaded for your next step:\n- create_pull_request: Open a new pull request/,
    );
    expect((found.response.data as { loaded: string[] }).loaded[0]).toBe("create_pull_request");
    expect(turn.scope.has("create_pull_request")).toBe(true);
    expect(openAINames(turn.toOpenAITools())).toContain("create_pull_request");
    expect(turn.toAnthropicTools().map((t) => t.name)).toContain("create_pull_request");
    expect(turn.toOpenAIResponsesTools().map((t) => t.name)).toContain("create_pull_request");
    const call = await turn.execute("create_pull_request", { id: "7" });
    expect(call.text).toBe("create_pull_request 7");
  });

  it("loads at most `load` tools and lists `list` more by name", async () => {
    const r = new ToolRegistry({ toolSearch: { defer: "always", load: 1, list: 2 } });
    r.registerAll(github);
    const turn = r.turn();
    const found = await turn.execute("tool_search", { query: "pull request branch issues" });
    const data = found.data as { loaded: string[]; more: string[] };
    expect(data.loaded).toHaveLength(1);
    expect(data.more).toHaveLength(2);
    expect(turn.scope.loaded).toEqual(data.loaded);
    expect(found.text).toContain(
      `More matches (search for one by its exact name to load it): ${data.more.join(", ")}`,
    );
  });

  it("puts an exact name first, and says so when the named tool is already listed", async () => {
    const r = registry();
    const turn = r.turn();
    const found = await turn.execute("tool_search", { query: "list_issues" });
    expect((found.data as { loaded: string[] }).loaded[0]).toBe("list_issues");
    expect(r.searchTools("merge_pull_request")[0]).toMatchObject({
      name: "merge_pull_request",
      exact: true,
    });
    const listed = await turn.execute("tool_search", { query: "get_weather" });
    expect(listed.text).toBe("'get_weather' is already in your tool list: call it directly.");
  });

  it("answers a search that matches nothing without loading anything", async () => {
    const turn = registry().turn();
    const found = await turn.execute("tool_search", { query: "zzz qqq" });
    expect(found.text).toBe("No tool matches that. Try other words, or fewer.");
    expect(turn.scope.loaded).toEqual([]);
  });

  it("never finds a tool the permissions deny", async () => {
    const r = registry({ permissions: new ToolPermissions({ deny: ["merge_pull_request"] }) });
    expect(r.searchTools("merge pull request").map((m) => m.name)).not.toContain(
      "merge_pull_request",
    );
    const turn = r.turn();
    await turn.execute("tool_search", { query: "merge_pull_request" });
    expect(turn.scope.has("merge_pull_request")).toBe(false);
  });

  it("is read-only, closed world and not outside content: it runs in a tainted turn unwrapped", async () => {
    const fetcher = make("fetch_page", "Fetch a web page", { externalContent: true });
    const r = registry();
    r.register(fetcher);
    const search = r.get("tool_search")!;
    expect(search.hints).toMatchObject({ readOnly: true, openWorld: false });
    expect(search.externalContent).toBe(false);
    const turn = r.turn();
    await turn.execute("fetch_page", { id: "1" });
    expect(turn.taintedBy?.tool).toBe("fetch_page");
    const found = await turn.execute("tool_search", { query: "merge" });
    expect(found.text).toMatch(/^Loaded for your next step:/);
  });

  it("takes another name, which the turn recognises", async () => {
    const r = new ToolRegistry({ toolSearch: { defer: "always", name: "find_tools" } });
    r.registerAll(github);
    expect(openAINames(r.toOpenAITools())).toEqual(["find_tools"]);
    const turn = r.turn();
    await turn.execute("find_tools", { query: "merge" });
    expect(turn.scope.has("merge_pull_request")).toBe(true);
    expect(() => r.register(make("find_tools", "mine"))).toThrow(/already registered/);
  });

  it("refuses to load outside a turn, with a readable error", async () => {
    const r = registry();
    const response = await r.execute("tool_search", { query: "merge" });
    expect(response.isError).toBe(true);
    expect(response.text).toBe(
      "tool_search cannot load tools here: the app must run it through registry.turn().",
    );
  });

  it("loads through executeBatch too, and validates its query like any call", async () => {
    const turn = registry().turn();
    const [bad, good] = await turn.executeBatch([
      { id: "1", name: "tool_search", args: { query: "" } },
      { id: "2", name: "tool_search", args: '{"query":"merge"}' },
    ]);
    expect(bad!.response.text).toMatch(/input error/);
    expect(good!.response.text).toMatch(/merge_pull_request/);
    expect(turn.scope.has("merge_pull_request")).toBe(true);
  });

  it.each([
    ["a long query", "pull ".repeat(10_000)],
    ["control and bidi characters", "\u0000\u202e\u200bmerge\u001b[31m pull"],
    ["regex metacharacters", "(.*)+$ [a-z]{1000} \\"],
    ["lone surrogates", "\ud800 merge \udfff"],
  ])("survives a hostile query: %s", (_, query) => {
    const r = registry();
    expect(() => r.searchTools(query)).not.toThrow();
  });

  it("refuses a bad query or limit readably", () => {
    const r = registry();
    expect(() => r.searchTools(42 as unknown as string)).toThrow(/query must be a string/);
    expect(() => r.searchTools("x", { limit: 0 })).toThrow(/limit must be an integer/);
  });

  it("follows registration changes: an unregistered tool is no longer found, a new one is", () => {
    const r = registry();
    expect(r.searchTools("merge")[0]?.name).toBe("merge_pull_request");
    r.unregister("merge_pull_request");
    expect(r.searchTools("merge").map((m) => m.name)).not.toContain("merge_pull_request");
    r.register(make("merge_branches", "Merge two branches"), { defer: "always" });
    expect(r.searchTools("merge")[0]?.name).toBe("merge_branches");
  });
});

describe("scopes", () => {
  it("never leak: one turn's search does not change another turn's or scope's tool list", async () => {
    const r = registry();
    const alice = new ToolScope();
    const bob = new ToolScope();
    await r.turn({ scope: alice }).execute("tool_search", { query: "merge" });
    expect(alice.has("merge_pull_request")).toBe(true);
    expect(bob.loaded).toEqual([]);
    expect(openAINames(r.turn({ scope: bob }).toOpenAITools())).not.toContain("merge_pull_request");
    expect(openAINames(r.turn().toOpenAITools())).not.toContain("merge_pull_request");
    expect(openAINames(r.toOpenAITools())).not.toContain("merge_pull_request");
    // A session scope carries loaded tools to the next turn.
    expect(openAINames(r.turn({ scope: alice }).toOpenAITools())).toContain("merge_pull_request");
  });

  it("keep concurrent turns apart", async () => {
    const r = registry();
    const one = r.turn();
    const two = r.turn();
    await Promise.all([
      one.execute("tool_search", { query: "merge" }),
      two.execute("tool_search", { query: "list issues" }),
    ]);
    expect(one.scope.has("merge_pull_request")).toBe(true);
    expect(one.scope.has("list_issues")).toBe(false);
    expect(two.scope.has("list_issues")).toBe(true);
    expect(two.scope.has("merge_pull_request")).toBe(false);
  });

  it("save and restore as names, and refuse what is not a tool name", () => {
    const scope = new ToolScope(["a", "b"]);
    scope.load(["c", "a"]);
    expect(JSON.parse(JSON.stringify(scope))).toEqual(["a", "b", "c"]);
    scope.unload(["b"]);
    expect(new ToolScope(scope.toJSON()).loaded).toEqual(["a", "c"]);
    scope.unload();
    expect(scope.loaded).toEqual([]);
    expect(() => new ToolScope(["bad name"])).toThrow(/"bad name" is not a tool name/);
    expect(() => new ToolScope([42 as unknown as string])).toThrow(/is not a tool name/);
    expect(() => new ToolScope("abc" as unknown as string[])).toThrow(/iterable of tool names/);
    expect(() => registry().turn({ scope: ["a"] as unknown as ToolScope })).toThrow(
      /scope must be a ToolScope/,
    );
    expect(ToolScope.isInstance(scope)).toBe(true);
  });
});

describe("a deferred tool called directly", () => {
  it("still goes through every check: lookup, validation, permissions, confirmation", async () => {
    const r = registry({ permissions: new ToolPermissions({ deny: ["list_issues"] }) });
    expect((await r.execute("merge_pull_request", { id: "1" })).text).toBe("merge_pull_request 1");
    expect((await r.execute("merge_pull_request", { id: 1 })).text).toMatch(
      /^\(input error: 'id' must be string/,
    );
    expect((await r.execute("list_issues", { id: "1" })).text).toMatch(/denied/i);
    const refused = await r.executeChecked("delete_branch", { id: "main" });
    expect(refused.executed).toBe(false);
    const asked: string[] = [];
    const confirmed = await r.turn().execute(
      "delete_branch",
      { id: "main" },
      {
        confirm: (request) => {
          asked.push(request.tool.name);
          return true;
        },
      },
    );
    expect(asked).toEqual(["delete_branch"]);
    expect(confirmed.text).toBe("delete_branch main");
  });
});

describe("defer settings", () => {
  const many = (n: number, origin = "builtin") =>
    Array.from({ length: n }, (_, i) => make(`tool_${i}`, `Tool number ${i}`, { origin }));

  it("auto defers once the listed tools are more than the tool threshold", () => {
    const r = new ToolRegistry({ toolSearch: { autoThreshold: { tools: 3 } } });
    r.registerAll(many(3));
    expect(r.isDeferred("tool_0")).toBe(false);
    r.register(make("tool_3", "Tool number 3"));
    expect(r.isDeferred("tool_0")).toBe(true);
    expect(openAINames(r.toOpenAITools())).toEqual(["tool_search"]);
    r.unregister("tool_3");
    expect(r.isDeferred("tool_0")).toBe(false);
  });

  it("auto defers once the estimated definition tokens pass the token threshold", () => {
    const r = new ToolRegistry({ toolSearch: { autoThreshold: { tools: 1000, tokens: 100 } } });
    r.registerAll(many(2));
    expect(r.isDeferred("tool_0")).toBe(false);
    r.register(make("long_tool", "word ".repeat(200)));
    expect(r.isDeferred("tool_0")).toBe(true);
  });

  it("a tool's own setting beats its origin's, which beats the registry's", () => {
    const r = new ToolRegistry({
      toolSearch: { defer: "always", origins: { "mcp:docs": "never" } },
    });
    r.registerAll(many(2, "mcp:docs"));
    r.register(make("pinned", "Pinned"), { defer: "never" });
    r.register(make("hidden", "Hidden", { origin: "mcp:docs" }), { defer: "always" });
    r.register(make("plain", "Plain"));
    expect(["tool_0", "tool_1", "pinned", "hidden", "plain"].map((n) => r.isDeferred(n))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    r.register(make("hidden", "Hidden", { origin: "mcp:docs" }), { overwrite: true });
    expect(r.isDeferred("hidden")).toBe(false);
  });

  it("never counts tools deferred always toward the auto threshold", () => {
    const r = new ToolRegistry({ toolSearch: { autoThreshold: { tools: 2 } } });
    r.registerAll(many(5, "mcp:big"), { defer: "always" });
    r.registerAll([make("a", "A"), make("b", "B")]);
    expect(r.isDeferred("a")).toBe(false);
    expect(r.isDeferred("tool_0")).toBe(true);
  });

  it.each([
    [{ defer: "sometimes" }, /toolSearch.defer must be "always", "never" or "auto"/],
    [{ origins: { x: "maybe" } }, /toolSearch.origins\['x'\] must be/],
    [{ load: 0 }, /toolSearch.load must be an integer from 1 to 20/],
    [{ list: 51 }, /toolSearch.list must be an integer from 0 to 50/],
    [{ autoThreshold: { tools: -1 } }, /autoThreshold.tools must be an integer/],
    [{ name: "bad name" }, /name/],
  ])("refuses a malformed option %j", (toolSearch, message) => {
    expect(() => new ToolRegistry({ toolSearch: toolSearch as never })).toThrow(message);
  });

  it("refuses a malformed defer at registration, registering nothing", () => {
    const r = registry();
    expect(() => r.register(make("x", "x"), { defer: "later" as never })).toThrow(/defer must be/);
    expect(() => r.registerAll([make("y", "y")], { defer: "later" as never })).toThrow(
      /defer must be/,
    );
    expect(r.has("x") || r.has("y")).toBe(false);
  });
});

describe("Anthropic's native tool search", () => {
  it("flags deferred tools with defer_loading and adds Anthropic's search tool instead of ours", () => {
    const r = registry();
    const scope = new ToolScope(["list_issues"]);
    const tools = r.toAnthropicTools(undefined, { nativeSearch: "bm25", scope });
    expect(tools[0]).toEqual({
      type: "tool_search_tool_bm25_20251119",
      name: "tool_search_tool_bm25",
    });
    const byName = new Map(tools.slice(1).map((t) => [t.name, t]));
    expect(byName.has("tool_search")).toBe(false);
    expect(byName.get("get_weather")).not.toHaveProperty("defer_loading");
    expect(byName.get("list_issues")).not.toHaveProperty("defer_loading");
    expect(byName.get("merge_pull_request")).toMatchObject({
      defer_loading: true,
      input_schema: { type: "object" },
    });
    expect(r.turn().toAnthropicTools({ nativeSearch: "regex" })[0]).toEqual({
      type: "tool_search_tool_regex_20251119",
      name: "tool_search_tool_regex",
    });
  });

  it("adds no search tool when nothing is deferred, and refuses an unknown variant", () => {
    const r = new ToolRegistry();
    r.register(weather);
    expect(r.toAnthropicTools(undefined, { nativeSearch: "bm25" })).toEqual([
      {
        name: "get_weather",
        description: "Current weather for a city",
        input_schema: weather.inputSchema,
      },
    ]);
    expect(() => r.toAnthropicTools(undefined, { nativeSearch: "fuzzy" as "bm25" })).toThrow(
      /nativeSearch must be "bm25" or "regex"/,
    );
  });
});
