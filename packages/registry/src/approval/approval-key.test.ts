import { createSecretKey, randomBytes } from "node:crypto";
import { ToolDefinitionError } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { KEY, NOW, TRANSFER } from "./__fixtures__/approval-fixtures.js";
import { approvalKey } from "./approval-key.js";
import { issuePending } from "./issue-pending.js";
import { verifyPending } from "./verify-pending.js";

describe("approvalKey", () => {
  it.each([
    ["a 32-character ASCII string", "k".repeat(32)],
    ["16 two-byte characters (32 bytes, counted as UTF-8)", "é".repeat(16)],
    ["32 random bytes", randomBytes(32)],
    ["a Uint8Array of 64 bytes", new Uint8Array(64)],
    ["a secret KeyObject of 32 bytes", createSecretKey(randomBytes(32))],
  ])("accepts %s", (_label, key) => {
    const secret = approvalKey(key);
    expect(secret.type).toBe("secret");
    expect(secret.symmetricKeySize).toBeGreaterThanOrEqual(32);
  });

  it("passes a checked KeyObject through unchanged (a registry checks its key once)", () => {
    const secret = approvalKey(KEY);
    expect(approvalKey(secret)).toBe(secret);
  });

  it.each([
    ["no key", undefined, /approvalKey is required.*got undefined/],
    ["null", null, /approvalKey is required.*got null/],
    ["a number", 12345, /approvalKey is required.*got number/],
    ["an array of numbers", Array(32).fill(1), /approvalKey is required.*got object/],
    ["a 31-character string", "k".repeat(31), /at least 32 bytes; got 31/],
    ["15 two-byte characters and one byte (31 bytes)", `${"é".repeat(15)}a`, /got 31/],
    ["an empty string", "", /got 0/],
    ["31 bytes", new Uint8Array(31), /got 31/],
    ["a 16-byte KeyObject", createSecretKey(randomBytes(16)), /secret key.*of 16 bytes/],
  ])("refuses %s with a ToolDefinitionError naming the option", (_label, key, message) => {
    let thrown: unknown;
    try {
      approvalKey(key);
    } catch (error) {
      thrown = error;
    }
    expect(ToolDefinitionError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(message);
  });

  it("names the option the caller gives", () => {
    expect(() => approvalKey("short", "ToolRegistry: approvalKey")).toThrow(
      /^ToolRegistry: approvalKey must be at least 32 bytes/,
    );
  });

  it("copies key bytes: zeroing the caller's buffer afterwards changes no signature", () => {
    const bytes = randomBytes(32);
    const copy = Buffer.from(bytes);
    const secret = approvalKey(bytes);
    bytes.fill(0);
    const pending = issuePending(
      { callId: "c", definition: TRANSFER, arguments: {}, reason: "r" },
      secret,
      NOW,
    );
    expect(verifyPending(pending, copy, NOW).ok).toBe(true);
  });
});
