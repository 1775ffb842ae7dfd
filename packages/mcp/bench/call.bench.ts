// Per-call latency of an MCPTool executed through a ToolRegistry (validation, guard, events,
// timeouts) against the raw SDK `Client.callTool` on the same server and transport. Run with
// `pnpm --filter @toolgate/mcp bench` after building: it imports the built packages, like a user.
//
// Only one client and its server are alive at a time, and the sides take turns round by round:
// on a small, busy machine, two live server processes disturb each other's timings more than
// anything measured here.
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { MCPClient, type MCPClientOptions } from "@toolgate/mcp";
import { ToolRegistry, type ToolRegistryOptions } from "@toolgate/registry";
import { type Figure, median, report } from "../../../bench/report.js";
import { echoServer } from "./echo-server.mjs";

const serverScript = fileURLToPath(new URL("./echo-server.mjs", import.meta.url));
const args = { text: "hello" };

interface Side {
  /** Connects, and returns one call and a way to close. */
  open(): Promise<{ call: () => Promise<unknown>; close: () => Promise<void> }>;
}

async function inMemoryPair(): Promise<Transport> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await echoServer().connect(serverSide);
  return clientSide;
}

function raw(transport: () => Promise<Transport>, cancellable = false): Side {
  return {
    async open() {
      const client = new Client({ name: "raw", version: "1.0.0" });
      await client.connect(await transport());
      return {
        // Checked like our side's response, so both sides pay for the same await.
        call: async () => {
          const result = await client.callTool(
            { name: "echo", arguments: args },
            undefined,
            cancellable ? { signal: new AbortController().signal } : undefined,
          );
          if (result.isError) throw new Error("echo failed");
        },
        close: () => client.close(),
      };
    },
  };
}

function ours(
  options: () => Promise<Partial<MCPClientOptions>>,
  registryOptions: ToolRegistryOptions = {},
  cancellable = false,
): Side {
  return {
    async open() {
      const client = await new MCPClient({
        namespace: "bench",
        requiresConfirmation: false,
        ...(await options()),
      }).connect();
      const registry = new ToolRegistry(registryOptions);
      registry.registerAll(await client.loadTools());
      return {
        call: async () => {
          const response = await registry.execute(
            "bench_echo",
            args,
            cancellable ? { signal: new AbortController().signal } : undefined,
          );
          if (response.isError) throw new Error(response.text);
        },
        close: () => client.close(),
      };
    },
  };
}

/** Median µs per call of each side over `rounds` turns of `perRound` sequential calls. */
async function compare(a: Side, b: Side, rounds: number, perRound: number) {
  const samples: [number[], number[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const side = await [a, b][i]!.open();
      for (let k = 0; k < perRound / 4; k++) await side.call();
      const start = performance.now();
      for (let k = 0; k < perRound; k++) await side.call();
      samples[i]!.push(((performance.now() - start) * 1000) / perRound);
      await side.close();
    }
  }
  return { ours: median(samples[0]), raw: median(samples[1]) };
}

/**
 * The same, with both sides connected for the whole comparison and warmed up first: for the
 * in-memory transport, where no server process competes for the CPU, this measures the steady
 * state rather than how fast a fresh connection warms up.
 */
async function compareConnected(a: Side, b: Side, rounds: number, perRound: number) {
  const sides = [await a.open(), await b.open()] as const;
  for (const side of sides) for (let k = 0; k < perRound * 5; k++) await side.call();
  const samples: [number[], number[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const start = performance.now();
      for (let k = 0; k < perRound; k++) await sides[i]!.call();
      samples[i]!.push(((performance.now() - start) * 1000) / perRound);
    }
  }
  for (const side of sides) await side.close();
  return { ours: median(samples[0]), raw: median(samples[1]) };
}

const TARGET = "<= 1.10x";
const figures: Figure[] = [];

const memory = await compareConnected(
  ours(async () => ({ transport: await inMemoryPair() })),
  raw(inMemoryPair),
  200,
  200,
);
figures.push({
  name: "MCPTool via ToolRegistry.execute, in-memory",
  value: memory.ours,
  unit: "µs/call",
  baseline: "SDK Client.callTool, in-memory",
  baselineValue: memory.raw,
  target: TARGET,
  ok: memory.ours <= 1.1 * memory.raw,
});

// Where the rest goes: the same, with the registry's external-content guard off (for reading
// the table only; MCP tools should always be guarded).
const unguarded = await compareConnected(
  ours(async () => ({ transport: await inMemoryPair() }), { guard: false }),
  raw(inMemoryPair),
  200,
  200,
);
figures.push({
  name: "MCPTool via ToolRegistry.execute, guard off, in-memory",
  value: unguarded.ours,
  unit: "µs/call",
  baseline: "SDK Client.callTool, in-memory",
  baselineValue: unguarded.raw,
  target: "report",
});

// A registry with a deadline (what production code sets) gives each call a signal of its own;
// the raw SDK call has its own default timeout.
const withDeadline = await compareConnected(
  ours(async () => ({ transport: await inMemoryPair() }), { timeoutMs: 30_000 }),
  raw(inMemoryPair),
  200,
  200,
);
figures.push({
  name: "MCPTool via ToolRegistry.execute with timeoutMs, in-memory",
  value: withDeadline.ours,
  unit: "µs/call",
  baseline: "SDK Client.callTool, in-memory",
  baselineValue: withDeadline.raw,
  target: "report",
});

// Both sides cancellable: each call with an AbortSignal of its own, which the registry turns
// into the tool's signal and the client links to the SDK's request.
const cancellable = await compareConnected(
  ours(async () => ({ transport: await inMemoryPair() }), {}, true),
  raw(inMemoryPair, true),
  200,
  200,
);
figures.push({
  name: "MCPTool via ToolRegistry.execute with a caller signal, in-memory",
  value: cancellable.ours,
  unit: "µs/call",
  baseline: "SDK Client.callTool with an AbortSignal, in-memory",
  baselineValue: cancellable.raw,
  target: "report",
});

const stdio = await compare(
  ours(async () => ({ command: process.execPath, args: [serverScript, "stdio"] })),
  raw(
    async () =>
      new StdioClientTransport({ command: process.execPath, args: [serverScript, "stdio"] }),
  ),
  14,
  600,
);
figures.push({
  name: "MCPTool via ToolRegistry.execute, stdio",
  value: stdio.ours,
  unit: "µs/call",
  baseline: "SDK Client.callTool, stdio (StdioClientTransport)",
  baselineValue: stdio.raw,
  target: TARGET,
  ok: stdio.ours <= 1.1 * stdio.raw,
});

report("@toolgate/mcp", figures);
