// loadTools of a server with 1,000 tools (list all pages, sanitize, fingerprint, build each tool)
// against a raw SDK `Client.listTools` of the same server. Run after building.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { MCPClient } from "@toolgate/mcp";
import { type Figure, median, report } from "../../../bench/report.js";

const TOOLS = Array.from({ length: 1000 }, (_, i) => ({
  name: `tool_${i}`,
  title: `Tool ${i}`,
  description: `Does thing number ${i}. `.repeat(10),
  inputSchema: {
    type: "object",
    properties: {
      id: { type: "string", description: "The id of the thing" },
      limit: { type: "integer", minimum: 1, maximum: 100, description: "How many" },
      filter: {
        type: "object",
        properties: { status: { type: "string", enum: ["open", "closed"] } },
      },
    },
    required: ["id"],
  },
  annotations: { readOnlyHint: i % 2 === 0, openWorldHint: false },
}));

async function connectedPair(): Promise<InMemoryTransport> {
  const server = new Server({ name: "many", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }) as never);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return clientSide;
}

const ROUNDS = 15;
const ours: number[] = [];
const raw: number[] = [];
for (let r = 0; r < ROUNDS + 2; r++) {
  // A fresh client each round, so nothing is reused from an earlier load.
  const client = await new MCPClient({
    namespace: "many",
    transport: await connectedPair(),
  }).connect();
  let start = performance.now();
  const tools = await client.loadTools();
  const oursMs = performance.now() - start;
  if (tools.length !== 1000) throw new Error(`loaded ${tools.length} tools`);
  await client.close();

  const sdk = new Client({ name: "raw", version: "1.0.0" });
  await sdk.connect(await connectedPair());
  start = performance.now();
  const listed = await sdk.listTools();
  const rawMs = performance.now() - start;
  if (listed.tools.length !== 1000) throw new Error(`listed ${listed.tools.length} tools`);
  await sdk.close();
  if (r >= 2) {
    ours.push(oursMs);
    raw.push(rawMs);
  }
}

const figures: Figure[] = [
  {
    name: "loadTools of 1,000 tools (sanitize + fingerprint + build), in-memory",
    value: median(ours),
    unit: "ms",
    baseline: "SDK Client.listTools of the same 1,000 tools",
    baselineValue: median(raw),
    target: "report",
  },
];
report("@toolgate/mcp", figures);
