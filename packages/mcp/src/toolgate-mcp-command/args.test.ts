import { describe, expect, it } from "vitest";
import { parseCommandArgs, UsageError } from "./args.js";

const usageError = (argv: string[]) => {
  try {
    parseCommandArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`no usage error for ${JSON.stringify(argv)}`);
};

describe("parseCommandArgs", () => {
  it("takes everything after -- as the server command, untouched (flags included)", () => {
    const args = parseCommandArgs([
      "pin",
      "--timeout",
      "500",
      "--",
      "npx",
      "-y",
      "server",
      "--json",
    ]);
    expect(args).toEqual({
      command: "pin",
      namespace: undefined,
      connection: { command: "npx", args: ["-y", "server", "--json"], timeoutMs: 500 },
      json: false,
      lock: "toolgate.lock.json",
    });
  });

  it("reads --include and --exclude, each repeatable", () => {
    const args = parseCommandArgs([
      "pin",
      "--include",
      "search_*",
      "--include",
      "get_issue",
      "--exclude",
      "*_admin",
      "--",
      "node",
    ]);
    expect(args.filter).toEqual({ include: ["search_*", "get_issue"], exclude: ["*_admin"] });
    expect(parseCommandArgs(["pin", "--", "node"]).filter).toBeUndefined();
    expect(usageError(["pin", "--exclude", "a".repeat(1001), "--", "node"])).toMatch(
      /^--exclude\[0\] .* is longer than 1000 characters$/,
    );
  });

  it("reads --env, --cwd, --namespace and --lock", () => {
    const args = parseCommandArgs([
      "verify",
      "--lock",
      "x.json",
      "--namespace",
      "docs",
      "--env",
      "A=1",
      "--env",
      "B=x=y",
      "--cwd",
      "/srv",
      "--",
      "node",
    ]);
    expect(args.namespace).toBe("docs");
    expect(args.lock).toBe("x.json");
    expect(args.connection).toEqual({
      command: "node",
      args: [],
      env: { A: "1", B: "x=y" },
      cwd: "/srv",
    });
  });

  it("reads --url and repeated --header", () => {
    const args = parseCommandArgs([
      "inspect",
      "--json",
      "--url",
      "http://127.0.0.1:3000/mcp",
      "--header",
      "Authorization: Bearer a:b",
      "--header",
      "X-Team:core",
    ]);
    expect(args.json).toBe(true);
    expect(args.connection).toEqual({
      url: "http://127.0.0.1:3000/mcp",
      headers: { Authorization: "Bearer a:b", "X-Team": "core" },
    });
  });

  it("--help wins over everything else", () => {
    expect(parseCommandArgs(["--help"]).command).toBe("help");
    expect(parseCommandArgs(["verify", "-h"]).command).toBe("help");
  });

  it.each([
    [["inspect", "--bogus", "--", "node"], "Unknown option '--bogus'"],
    [[], "missing command"],
    [["list", "--", "node"], "unknown command 'list'"],
    [["inspect"], "missing server"],
    [
      ["inspect", "node", "server.mjs"],
      `unexpected argument 'node': put the server command after "--"`,
    ],
    [["inspect", "--url", "http://h/mcp", "--", "node"], "either --url or a command"],
    [["inspect", "--url", "not a url"], "is not a valid URL"],
    [["inspect", "--url", "file:///etc/passwd"], "must be http: or https:"],
    [["inspect", "--header", "A: b", "--", "node"], "--header is only for --url"],
    [["inspect", "--url", "http://h/mcp", "--env", "A=1"], "--env and --cwd are for stdio"],
    [
      ["inspect", "--timeout", "0", "--", "node"],
      "--timeout must be a whole number of milliseconds",
    ],
    [
      ["inspect", "--timeout", "1e3", "--", "node"],
      "--timeout must be a whole number of milliseconds",
    ],
    [["inspect", "--timeout", "2147483648", "--", "node"], "from 1 to 2147483647"],
    [["inspect", "--namespace", "my_ns", "--", "node"], '--namespace "my_ns" is invalid'],
    [["pin", "--json", "--", "node"], "--json is only for inspect"],
    [["pin", "--lock", "a.json", "--", "node"], "--lock is only for verify"],
    [["inspect", "--namespace", "--", "node"], "argument missing"],
  ])("%j is a usage error", (argv, message) => {
    expect(usageError(argv)).toContain(message);
  });

  it("never echoes a malformed --env or --header value (it may be a secret)", () => {
    expect(usageError(["inspect", "--env", "sk-secret-value", "--", "node"])).not.toContain(
      "sk-secret",
    );
    expect(
      usageError(["inspect", "--url", "http://h/", "--header", "Bearer sk-secret"]),
    ).not.toContain("sk-secret");
  });
});
