import { describe, expect, it } from "vitest";
import { KeyedLock } from "./keyed-lock.js";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("KeyedLock", () => {
  it("runs tasks of one key one at a time, in call order", async () => {
    const lock = new KeyedLock();
    const events: string[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        lock.run("k", async () => {
          events.push(`start ${n}`);
          await tick();
          await tick();
          events.push(`end ${n}`);
        }),
      ),
    );
    expect(events).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
    expect(lock.size).toBe(0);
  });

  it("lets different keys overlap", async () => {
    const lock = new KeyedLock();
    const events: string[] = [];
    await Promise.all(
      ["a", "b"].map((key) =>
        lock.run(key, async () => {
          events.push(`start ${key}`);
          await tick();
          events.push(`end ${key}`);
        }),
      ),
    );
    expect(events.slice(0, 2)).toEqual(["start a", "start b"]);
  });

  it("releases the key when a task fails", async () => {
    const lock = new KeyedLock();
    await expect(lock.run("k", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await lock.run("k", async () => "next")).toBe("next");
    expect(lock.size).toBe(0);
  });
});
