import { type Tool, tool } from "@toolgate/tool-core";
import { REAL_TOOLS } from "./real-tools.js";

/** The fixture's tools as toolgate tools: each parameter a string (the fixture keeps only names). */
export function realTools(): Tool<object>[] {
  return REAL_TOOLS.map((real) =>
    tool({
      name: real.name,
      description: real.description,
      origin: real.origin,
      parameters: {
        type: "object",
        properties: Object.fromEntries(real.parameters.map((name) => [name, { type: "string" }])),
      },
      hints: { readOnly: true },
      execute: () => `${real.name} ran`,
    }),
  );
}
