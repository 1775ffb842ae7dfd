// Quickstart: define a typed tool, run it, and see how results and failures are normalised.
// Exits non-zero if anything it shows is not what it claims.
import assert from "node:assert/strict";
import { ToolDefinitionError, ToolError, tool, toToolResponse } from "@toolgate/tool-core";
import { Type } from "typebox";

const divide = tool({
  name: "divide",
  description: "Divide a by b",
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
  hints: { readOnly: true, openWorld: false },
  execute: ({ a, b }) => {
    if (b === 0) throw new ToolError("cannot divide by zero; pick another divisor");
    return { quotient: a / b };
  },
});

const signal = new AbortController().signal;
console.log(`tool ${divide.name}: ${divide.description}`);
console.log("hints:", divide.hints);
console.log("schema:", JSON.stringify(divide.inputSchema));

const result = toToolResponse(await divide.run({ a: 1, b: 4 }, { signal }));
console.log(`divide(1, 4) -> [${result.status}] ${result.text.replace(/\s+/g, " ")}`);
assert.deepEqual(result.data, { quotient: 0.25 });

try {
  await divide.run({ a: 1, b: 0 }, { signal });
  assert.fail("dividing by zero should fail");
} catch (error) {
  assert.ok(ToolError.isInstance(error));
  console.log(`divide(1, 0) -> ToolError: ${error.message}`);
}

try {
  tool({ name: "read file", execute: () => "never" });
  assert.fail("a name with a space should be refused");
} catch (error) {
  assert.ok(ToolDefinitionError.isInstance(error));
  console.log(`tool({ name: "read file" }) -> ToolDefinitionError: ${error.message}`);
}
console.log("quickstart: ok");
