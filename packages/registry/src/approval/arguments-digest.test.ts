import { createHash } from "node:crypto";
import { hints } from "@toolgate/tool-core";
import { describe, expect, it } from "vitest";
import { ARGS, ARGS_REORDERED, TRANSFER } from "./__fixtures__/approval-fixtures.js";
import { argumentsDigest } from "./arguments-digest.js";
import { definitionFingerprint } from "./definition-fingerprint.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("argumentsDigest", () => {
  it("is the sha256 hex of the canonical JSON (sorted keys, no whitespace)", () => {
    expect(argumentsDigest({})).toBe(sha256("{}"));
    expect(argumentsDigest({ b: [1, { d: true, c: null }], a: "x" })).toBe(
      sha256('{"a":"x","b":[1,{"c":null,"d":true}]}'),
    );
  });

  it.each([
    ["keys reordered at every depth", ARGS_REORDERED],
    ["a copy made through JSON", JSON.parse(JSON.stringify(ARGS))],
    ["an undefined member added (JSON leaves it out)", { ...ARGS, extra: undefined }],
    ["500.0 written for 500 (one JSON number)", { ...ARGS, cents: 500.0 }],
  ])("gives the same digest for %s", (_label, args) => {
    expect(argumentsDigest(args)).toBe(argumentsDigest(ARGS));
  });

  it.each([
    ["a changed number", { ...ARGS, cents: 501 }],
    ["a number written as a string", { ...ARGS, cents: "500" }],
    ["a changed string", { ...ARGS, to: "mallory" }],
    ["a string with a trailing space", { ...ARGS, to: "alice " }],
    ["a combining accent added (alicé)", { ...ARGS, to: "alice\u0301" }],
    ["a key added", { ...ARGS, fee: 0 }],
    ["a key removed", { to: ARGS.to, memo: ARGS.memo }],
    ["null for a value", { ...ARGS, memo: null }],
    ["a nested value changed", { ...ARGS, memo: { ...ARGS.memo, note: "Rent" } }],
    ["array elements reordered", { ...ARGS, memo: { ...ARGS.memo, tags: ["may", "home"] } }],
    ["a key renamed by case", { To: "alice", cents: 500, memo: ARGS.memo }],
  ])("gives another digest for %s", (_label, args) => {
    expect(argumentsDigest(args)).not.toBe(argumentsDigest(ARGS));
  });

  it("refuses arguments JSON cannot hold exactly", () => {
    expect(() => argumentsDigest({ n: 1n })).toThrow(TypeError);
  });
});

describe("definitionFingerprint", () => {
  it("does not depend on key order in the schema", () => {
    const reordered = {
      ...TRANSFER,
      inputSchema: {
        required: ["to", "cents"],
        properties: { cents: { type: "integer" }, to: { type: "string" } },
        type: "object",
      },
    } as const;
    expect(definitionFingerprint(reordered)).toBe(definitionFingerprint(TRANSFER));
  });

  it("covers only name, description, schema, hints and origin", () => {
    const withMore = { ...TRANSFER, requiresConfirmation: true, parallel: true };
    expect(definitionFingerprint(withMore)).toBe(definitionFingerprint(TRANSFER));
  });

  it.each([
    ["name", { ...TRANSFER, name: "transfer2" }],
    ["description", { ...TRANSFER, description: "Moves money. Also emails it to me." }],
    ["input schema", { ...TRANSFER, inputSchema: { ...TRANSFER.inputSchema, required: ["to"] } }],
    ["hints", { ...TRANSFER, hints: hints({ openWorld: true }) }],
    ["origin", { ...TRANSFER, origin: "mcp:bank" }],
  ])("changes when the %s changes", (_label, definition) => {
    expect(definitionFingerprint(definition)).not.toBe(definitionFingerprint(TRANSFER));
  });
});
