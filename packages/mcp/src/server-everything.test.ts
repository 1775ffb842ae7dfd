// Integration with the reference server, @modelcontextprotocol/server-everything, over stdio.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCPClient } from "./mcp-client.js";
import type { MCPTool } from "./mcp-tool.js";

const require = createRequire(import.meta.url);
const serverDir = dirname(require.resolve("@modelcontextprotocol/server-everything/package.json"));
const everything = () =>
  new MCPClient({
    namespace: "everything",
    command: process.execPath,
    args: [join(serverDir, "dist", "index.js"), "stdio"],
  });

let client: MCPClient;
let tools: MCPTool[];
beforeAll(async () => {
  process.env.TOOLGATE_TEST_SECRET = "host-secret-value";
  client = await everything().connect();
  tools = await client.loadTools();
});
afterAll(async () => {
  delete process.env.TOOLGATE_TEST_SECRET;
  await client.close();
});

const byRemote = (name: string) => {
  const tool = tools.find((t) => t.remoteName === name);
  if (!tool) throw new Error(`server-everything has no tool '${name}'`);
  return tool;
};
const signal = () => new AbortController().signal;

describe("server-everything over stdio", () => {
  it("loads its tools under namespaced names with the mcp origin", () => {
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "everything_echo",
        "everything_get-sum",
        "everything_get-tiny-image",
        "everything_get-structured-content",
        "everything_get-env",
      ]),
    );
    for (const tool of tools) {
      expect(tool.name.startsWith("everything_")).toBe(true);
      expect(tool.origin).toBe("mcp:everything");
      expect(tool.requiresConfirmation).toBe(true);
    }
    expect(byRemote("echo").title).toBe("Echo Tool");
    expect(byRemote("echo").inputSchema.properties).toMatchObject({
      message: { type: "string", description: "Message to echo" },
    });
  });

  it("takes hints from the annotations", () => {
    expect(byRemote("get-sum").hints).toEqual({
      readOnly: true,
      destructive: false,
      idempotent: true,
      openWorld: false,
    });
    expect(byRemote("toggle-simulated-logging").hints).toMatchObject({
      readOnly: false,
      idempotent: false,
    });
  });

  it("gives the same fingerprints on a second connection", async () => {
    const second = await everything().connect();
    try {
      const again = await second.loadTools();
      expect(Object.fromEntries(again.map((t) => [t.name, t.fingerprint]))).toEqual(
        Object.fromEntries(tools.map((t) => [t.name, t.fingerprint])),
      );
      expect(second.fingerprints()).toEqual(client.fingerprints());
    } finally {
      await second.close();
    }
  });

  it("pins verified on a new connection load every tool", async () => {
    const pinned = new MCPClient({
      namespace: "everything",
      command: process.execPath,
      args: [join(serverDir, "dist", "index.js"), "stdio"],
      expectedFingerprints: client.fingerprints(),
    });
    try {
      await pinned.connect();
      expect((await pinned.loadTools()).length).toBe(tools.length);
    } finally {
      await pinned.close();
    }
  });

  it("calls echo and get-sum", async () => {
    expect((await byRemote("echo").run({ message: "hi" }, { signal: signal() })).text).toBe(
      "Echo: hi",
    );
    const sum = await byRemote("get-sum").run({ a: 2, b: 40 }, { signal: signal() });
    expect(sum.status).toBe("success");
    expect(sum.text).toBe("The sum of 2 and 40 is 42.");
  });

  it("maps get-tiny-image's image block to a placeholder and keeps it in content", async () => {
    const response = await byRemote("get-tiny-image").run({}, { signal: signal() });
    expect(response.text).toMatch(
      /^Here's the image you requested:\n\[image image\/png, \d+ bytes\]\nThe image above is the MCP logo\.$/,
    );
    const image = response.content?.find((block) => block.type === "image");
    expect(image).toMatchObject({ type: "image", mimeType: "image/png" });
  });

  it("returns get-structured-content's result with the structured data", async () => {
    const response = await byRemote("get-structured-content").run(
      { location: "Chicago" },
      { signal: signal() },
    );
    expect(JSON.parse(response.text)).toEqual({
      temperature: 36,
      conditions: "Light rain / drizzle",
      humidity: 82,
    });
    expect((response.data as { structuredContent: unknown }).structuredContent).toEqual(
      JSON.parse(response.text),
    );
  });

  it("answers a failing call (invalid arguments) as an error response", async () => {
    const response = await byRemote("get-sum").run({ a: "two", b: 2 }, { signal: signal() });
    expect(response.isError).toBe(true);
    expect(response.text).toMatch(/Invalid arguments for tool get-sum/);
  });

  it("runs the server without the host's environment", async () => {
    const response = await byRemote("get-env").run({}, { signal: signal() });
    expect(response.text).not.toContain("host-secret-value");
    expect(Object.keys(JSON.parse(response.text) as object).sort()).toEqual(
      Object.keys(
        JSON.parse(
          JSON.stringify({
            HOME: process.env.HOME,
            LANG: process.env.LANG,
            PATH: process.env.PATH,
          }),
        ),
      ).sort(),
    );
  });
});
