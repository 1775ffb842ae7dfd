// Everything exported here is the public API of @toolgate/builtins.
export * from "./calculator/index.js";
export * from "./cli/index.js";
export * from "./notes/index.js";
export * from "./search/index.js";
