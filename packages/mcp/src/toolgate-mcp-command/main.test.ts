import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { captureIO } from "./__fixtures__/capture-io.js";
import { main } from "./main.js";

describe("main (in process)", () => {
  it("--help goes to stdout with exit 0", async () => {
    const { io, out } = captureIO();
    expect(await main(["--help"], io)).toBe(0);
    expect(out.stdout).toContain("Usage:");
    expect(out.stderr).toBe("");
  });

  it("an unknown command is a usage error on stderr with exit 2", async () => {
    const { io, out } = captureIO();
    expect(await main(["lock", "--", "node"], io)).toBe(2);
    expect(out.stderr).toBe(
      "toolgate-mcp: unknown command 'lock': use inspect, pin or verify\nRun 'toolgate-mcp --help' for usage.\n",
    );
    expect(out.stdout).toBe("");
  });

  it("an unreadable lock file is exit 2 with the reason", async () => {
    const denied = Object.assign(new Error("permission denied"), { code: "EACCES" });
    const { io, out } = captureIO({ "locked.json": denied });
    expect(await main(["verify", "--lock", "locked.json", "--", "node"], io)).toBe(2);
    expect(out.stderr).toContain("cannot read the lock file locked.json: EACCES");
  });

  it("reads toolgate.lock.json by default", async () => {
    const { io, out } = captureIO({ "toolgate.lock.json": "{}" });
    expect(await main(["verify", "--", "node"], io)).toBe(2);
    expect(out.stderr).toContain(
      "the lock file toolgate.lock.json is malformed:\n  version must be 1",
    );
  });

  it("a lock for another command fails before anything is started", async () => {
    const lock = {
      version: 1,
      namespace: "server",
      server: 'stdio ["node","a.mjs"]',
      fingerprints: { $server: "0".repeat(64) },
    };
    const { io, out } = captureIO({ "l.json": JSON.stringify(lock) });
    // The command does not exist: had it been started, the exit code would be 3.
    expect(await main(["verify", "--lock", "l.json", "--", "/nonexistent/server"], io)).toBe(1);
    expect(out.stdout).toContain("the server command or URL differs from l.json");
  });
});

describe("main: --include / --exclude", () => {
  const server = [
    "--",
    process.execPath,
    join(import.meta.dirname, "__fixtures__", "pin-server.mjs"),
    "baseline",
  ];
  const chosen = ["--include", "*e*", "--exclude", "delete_*"];

  it("pin holds only the chosen tools; verify with the same flags passes, without them finds the rest", async () => {
    const pinned = captureIO();
    expect(await main(["pin", ...chosen, ...server], pinned.io)).toBe(0);
    const lock = JSON.parse(pinned.out.stdout) as { fingerprints: Record<string, string> };
    expect(Object.keys(lock.fingerprints).sort()).toEqual(["$server", "server_search"]);
    const same = captureIO({ "l.json": pinned.out.stdout });
    expect(await main(["verify", "--lock", "l.json", ...chosen, ...server], same.io)).toBe(0);
    const all = captureIO({ "l.json": pinned.out.stdout });
    expect(await main(["verify", "--lock", "l.json", ...server], all.io)).toBe(1);
    expect(all.out.stdout).toMatch(/added/);
  });

  it("a bad glob is a usage error", async () => {
    const { io, out } = captureIO();
    expect(await main(["pin", "--include", "", ...server], io)).toBe(2);
    expect(out.stderr).toContain("toolgate-mcp: --include[0] must be a non-empty string");
  });
});
