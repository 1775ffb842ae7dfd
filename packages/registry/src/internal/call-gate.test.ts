import { describe, expect, it } from "vitest";
import { CallGate } from "./call-gate.js";

/** A call that records when it starts and ends, and ends only when the test says so. */
function recorder() {
  const log: string[] = [];
  const finish = new Map<string, () => void>();
  const call = (name: string) => () => {
    log.push(`start ${name}`);
    return new Promise<string>((resolve) => {
      finish.set(name, () => {
        log.push(`end ${name}`);
        resolve(name);
      });
    });
  };
  return { log, call, end: (name: string) => finish.get(name)?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("CallGate", () => {
  it("lets shared calls run together", async () => {
    const gate = new CallGate();
    const { log, call, end } = recorder();
    const a = gate.run(false, call("a"));
    const b = gate.run(false, call("b"));
    await tick();
    expect(log).toEqual(["start a", "start b"]);
    end("a");
    end("b");
    expect(await Promise.all([a, b])).toEqual(["a", "b"]);
  });

  it("never lets an exclusive call overlap another, in either order", async () => {
    const gate = new CallGate();
    const { log, call, end } = recorder();
    const runs = [
      gate.run(false, call("shared1")),
      gate.run(true, call("exclusive")),
      gate.run(false, call("shared2")),
    ];
    await tick();
    expect(log).toEqual(["start shared1"]);
    end("shared1");
    await tick();
    expect(log).toEqual(["start shared1", "end shared1", "start exclusive"]);
    end("exclusive");
    await tick();
    end("shared2");
    await Promise.all(runs);
    // First come, first served: shared2 waited for the exclusive call queued before it.
    expect(log).toEqual([
      "start shared1",
      "end shared1",
      "start exclusive",
      "end exclusive",
      "start shared2",
      "end shared2",
    ]);
  });

  it("runs two exclusive calls one after the other", async () => {
    const gate = new CallGate();
    const { log, call, end } = recorder();
    const runs = [gate.run(true, call("a")), gate.run(true, call("b"))];
    await tick();
    expect(log).toEqual(["start a"]);
    end("a");
    await tick();
    expect(log).toEqual(["start a", "end a", "start b"]);
    end("b");
    await Promise.all(runs);
  });

  it("releases the gate when a call throws or rejects, and passes the failure on", async () => {
    const gate = new CallGate();
    const thrown = gate.run(true, () => {
      throw new Error("sync failure");
    });
    const rejected = gate.run(true, () => Promise.reject(new Error("async failure")));
    await expect(thrown).rejects.toThrow("sync failure");
    await expect(rejected).rejects.toThrow("async failure");
    await expect(gate.run(true, () => "after")).resolves.toBe("after");
  });

  it("wakes every shared call waiting behind an exclusive one at once", async () => {
    const gate = new CallGate();
    const { log, call, end } = recorder();
    const runs = [
      gate.run(true, call("x")),
      gate.run(false, call("s1")),
      gate.run(false, call("s2")),
    ];
    await tick();
    end("x");
    await tick();
    expect(log).toEqual(["start x", "end x", "start s1", "start s2"]);
    end("s1");
    end("s2");
    await Promise.all(runs);
  });
});
