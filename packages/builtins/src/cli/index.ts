// Public names of the CLI tool, re-exported by the package entry point.
export { type ArgPolicy, defaultArgPolicy, PROGRAM_RUNNERS } from "./arg-policy.js";
export { type CLIArgs, type CLIResultData, CLITool, type CLIToolOptions } from "./cli-tool.js";
export { type ParsedCommand, parseCommand } from "./parse-command.js";
