import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { serverText } from "./server-text.js";

/** The message of anything thrown (its text when it is not an Error). */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An error to keep as a `cause` without the server's raw text: its message cleaned and clipped. */
export function cleanError(error: unknown): Error {
  const clean = new Error(serverText(describeError(error), 1000));
  if (error instanceof Error) clean.name = serverText(error.name, 100);
  if (error instanceof McpError) Object.assign(clean, { code: error.code });
  return clean;
}
