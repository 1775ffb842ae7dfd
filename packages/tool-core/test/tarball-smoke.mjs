// Runs against the installed tarball of @toolgate/tool-core, outside the workspace.
import assert from "node:assert/strict";
import * as core from "@toolgate/tool-core";
import { ToolResponse, tool, toToolResponse } from "@toolgate/tool-core";
import {
  callAbortController,
  isCallScoped,
  isNeverAborted,
  NEVER_ABORTED_SIGNAL,
} from "@toolgate/tool-core/internal";
import { Type } from "typebox";

const add = tool({
  name: "add",
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
  hints: { readOnly: true },
  execute: ({ a, b }) => a + b,
});
const response = toToolResponse(
  await add.run({ a: 2, b: 3 }, { signal: AbortSignal.timeout(1000) }),
);
assert.ok(response instanceof ToolResponse);
assert.equal(response.text, "5");
assert.equal(add.inputSchema.additionalProperties, false);
assert.ok(isNeverAborted(NEVER_ABORTED_SIGNAL) && !NEVER_ABORTED_SIGNAL.aborted);
assert.ok(isCallScoped(callAbortController().signal));
// Plumbing for sibling packages lives on the internal entry only, never on the public one.
for (const name of ["brandError", "callAbortController", "isCallScoped", "NEVER_ABORTED_SIGNAL"]) {
  assert.equal(name in core, false, `${name} must not be a public export`);
}
console.log("@toolgate/tool-core: ok");
