// Serves the demo registry over stdio, for the round-trip test (run with tsx).
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { serveRegistry } from "../serve-registry.js";
import { demoRegistry } from "./demo-registry.js";

const server = serveRegistry(demoRegistry({ confirm: () => true }), {
  name: "demo",
  version: "1.0.0",
});
await server.connect(new StdioServerTransport());
