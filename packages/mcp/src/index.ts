// Everything exported here is the public API of @toolgate/mcp.
export {};
