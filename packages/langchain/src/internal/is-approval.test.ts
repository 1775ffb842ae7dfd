import { describe, expect, it } from "vitest";
import { isApproval } from "./is-approval.js";

describe("isApproval", () => {
  it.each([
    { decision: { approved: true }, callId: "c1", approves: true },
    { decision: { approved: true }, callId: undefined, approves: true },
    { decision: { approved: true, callId: "c1" }, callId: "c1", approves: true },
    { decision: { approved: true, callId: "c2" }, callId: "c1", approves: false },
    { decision: { approved: true, callId: "c1" }, callId: undefined, approves: false },
    { decision: { approved: true, callId: 1 }, callId: "1", approves: false },
    { decision: { approved: false }, callId: "c1", approves: false },
    { decision: { approved: "true" }, callId: "c1", approves: false },
    { decision: { approved: 1 }, callId: "c1", approves: false },
    { decision: {}, callId: "c1", approves: false },
    { decision: true, callId: "c1", approves: false },
    { decision: "approved", callId: "c1", approves: false },
    { decision: null, callId: "c1", approves: false },
    { decision: undefined, callId: "c1", approves: false },
    { decision: [true], callId: "c1", approves: false },
  ])("$decision for call $callId approves: $approves", ({ decision, callId, approves }) => {
    expect(isApproval(decision, callId)).toBe(approves);
  });

  it("a getter that throws is not an approval but an error the call fails closed on", () => {
    const hostile = {
      get approved(): boolean {
        throw new Error("boom");
      },
    };
    expect(() => isApproval(hostile, "c1")).toThrow("boom");
  });
});
