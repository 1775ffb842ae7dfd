#!/usr/bin/env node
// The toolgate-mcp command: inspect, pin and verify MCP servers' tools (see src/cli/main.ts).
import { main } from "../dist/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
