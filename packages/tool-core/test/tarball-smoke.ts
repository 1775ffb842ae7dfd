// Type-checked under `strict` (skipLibCheck off) against the installed tarball's .d.ts.
import { type Hints, type Tool, tool } from "@toolgate/tool-core";
import {
  callAbortController,
  isCallScoped,
  isNeverAborted,
  NEVER_ABORTED_SIGNAL,
} from "@toolgate/tool-core/internal";
import { Type } from "typebox";

const add: Tool<{ a: number; b: number }> = tool({
  name: "add",
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
  execute: ({ a, b }) => a + b,
});
const hints: Hints = add.hints;
export const summary: string = `${add.name} ${hints.readOnly}`;
const controller: AbortController = callAbortController();
export const scopes: boolean[] = [
  isNeverAborted(NEVER_ABORTED_SIGNAL),
  isCallScoped(controller.signal),
];
