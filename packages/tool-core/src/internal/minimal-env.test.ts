import { afterEach, describe, expect, it, vi } from "vitest";
import { minimalEnv } from "./minimal-env.js";

describe("minimalEnv", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("passes PATH, HOME and LANG on, and no secret", () => {
    vi.stubEnv("PATH", "/bin");
    vi.stubEnv("HOME", "/home/u");
    vi.stubEnv("LANG", "C.UTF-8");
    vi.stubEnv("OPENAI_API_KEY", "sk-secret");
    const env = minimalEnv();
    if (process.platform !== "win32") {
      expect(env).toEqual({ PATH: "/bin", HOME: "/home/u", LANG: "C.UTF-8" });
    }
    expect(Object.values(env)).not.toContain("sk-secret");
  });

  it("leaves out what is not set and puts extra on top", () => {
    vi.stubEnv("PATH", "/bin");
    vi.stubEnv("HOME", undefined);
    vi.stubEnv("LANG", undefined);
    expect(minimalEnv({ PATH: "/usr/bin", TOKEN: "t" })).toMatchObject({
      PATH: "/usr/bin",
      TOKEN: "t",
    });
    expect(minimalEnv()).not.toHaveProperty("HOME");
  });
});
