// A small registry used by the serveRegistry tests and the stdio round-trip fixture.
import { ToolRegistry, type ToolRegistryOptions } from "@toolgate/registry";
import { ToolError, tool } from "@toolgate/tool-core";
import { Type } from "typebox";

export function demoRegistry(options: ToolRegistryOptions = {}): ToolRegistry {
  const registry = new ToolRegistry(options);
  registry.register(
    tool({
      name: "add",
      description: "Adds two numbers",
      parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
      hints: { readOnly: true, openWorld: false },
      execute: ({ a, b }) => String(a + b),
    }),
  );
  registry.register(
    tool({
      name: "cancel_order",
      description: "Cancels an order",
      parameters: Type.Object({ order_id: Type.String() }),
      hints: { destructive: true, openWorld: false },
      requiresConfirmation: true,
      execute: ({ order_id }) => `order ${order_id} cancelled`,
    }),
  );
  registry.register(
    tool({
      name: "ship",
      description: "Fails the way a model should see",
      parameters: Type.Object({}),
      execute: () => {
        throw new ToolError("Order 42 is already shipped; it cannot be cancelled.");
      },
    }),
  );
  registry.register(
    tool({
      name: "backend",
      description: "Fails unexpectedly",
      parameters: Type.Object({}),
      execute: () => {
        throw new RangeError("postgres://admin:hunter2@db/orders refused");
      },
    }),
  );
  return registry;
}
