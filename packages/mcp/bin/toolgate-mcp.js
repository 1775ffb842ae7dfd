#!/usr/bin/env node
// The toolgate-mcp command: inspect, pin and verify MCP servers' tools
// (see src/toolgate-mcp-command/main.ts).
import { main } from "../dist/toolgate-mcp-command/main.js";

process.exitCode = await main(process.argv.slice(2));
