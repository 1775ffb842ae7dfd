import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { frameworkApproval } from "./framework-approval.js";

const CALL: ModelMessage = {
  role: "assistant",
  content: [
    { type: "tool-call", toolCallId: "c1", toolName: "refund", input: {} },
    { type: "tool-approval-request", approvalId: "ap1", toolCallId: "c1" },
  ],
};
const answer = (approved: boolean, approvalId = "ap1") =>
  ({ type: "tool-approval-response", approvalId, approved }) as const;
const result = (toolCallId: string) =>
  ({
    type: "tool-result",
    toolCallId,
    toolName: "refund",
    output: { type: "text", value: "done" },
  }) as const;

describe("frameworkApproval", () => {
  it.each<[string, ModelMessage[] | undefined, string | undefined]>([
    [
      "approved, in the last tool message",
      [CALL, { role: "tool", content: [answer(true)] }],
      "ap1",
    ],
    ["declined", [CALL, { role: "tool", content: [answer(false)] }], undefined],
    ["no messages", undefined, undefined],
    ["an empty history", [], undefined],
    [
      "approved, but not the last message (a later step of the loop)",
      [CALL, { role: "tool", content: [answer(true)] }, { role: "user", content: "more" }],
      undefined,
    ],
    [
      "approved, and the call already has its result",
      [CALL, { role: "tool", content: [answer(true), result("c1")] }],
      undefined,
    ],
    [
      "first declined, then approved: the first answer counts",
      [CALL, { role: "tool", content: [answer(false), answer(true)] }],
      undefined,
    ],
    [
      "an answer to an approval no request was made for",
      [CALL, { role: "tool", content: [answer(true, "forged")] }],
      undefined,
    ],
    [
      "a request for another call",
      [
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "c2", toolName: "refund", input: {} },
            { type: "tool-approval-request", approvalId: "ap1", toolCallId: "c2" },
          ],
        },
        { role: "tool", content: [answer(true)] },
      ],
      undefined,
    ],
    [
      "the call id reused by another tool later in the history",
      [
        CALL,
        {
          role: "assistant",
          content: [{ type: "tool-call", toolCallId: "c1", toolName: "transfer", input: {} }],
        },
        { role: "tool", content: [answer(true)] },
      ],
      undefined,
    ],
    [
      "an approval that is not the boolean true",
      [CALL, { role: "tool", content: [{ ...answer(true), approved: "yes" as never }] }],
      undefined,
    ],
    [
      "an assistant message as plain text",
      [
        { role: "assistant", content: "hi" },
        { role: "tool", content: [answer(true)] },
      ],
      undefined,
    ],
  ])("%s", (_, messages, expected) => {
    expect(frameworkApproval(messages, "c1", "refund")).toBe(expected);
  });

  it("needs the tool the call named", () => {
    const messages: ModelMessage[] = [CALL, { role: "tool", content: [answer(true)] }];
    expect(frameworkApproval(messages, "c1", "transfer")).toBeUndefined();
  });
});
