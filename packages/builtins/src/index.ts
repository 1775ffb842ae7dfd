// Everything exported here is the public API of @toolgate/builtins.
export {};
