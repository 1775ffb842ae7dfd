// Type-checked under `strict` (skipLibCheck off) against the installed tarball's .d.ts.
import {
  CalculatorTool,
  CLITool,
  NotesTool,
  type SearchProvider,
  SearchTool,
} from "@toolgate/builtins";
import type { Tool } from "@toolgate/tool-core";

const provider: SearchProvider = {
  name: "fixed",
  search: async () => ({ results: [] }),
};
export const tools: Tool<object>[] = [
  new CalculatorTool(),
  new CLITool({ allowedCommands: ["ls"] }),
  new NotesTool({ root: "/tmp/notes" }),
  new SearchTool({ providers: [provider] }),
];
