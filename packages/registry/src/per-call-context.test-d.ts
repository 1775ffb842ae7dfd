import type { ToolContext } from "@toolgate/tool-core";
import { expectTypeOf } from "vitest";
import type { ConfirmationRequest } from "./confirmation.js";
import { ToolPermissions } from "./tool-permissions.js";
import { ToolRegistry } from "./tool-registry.js";

interface Tenant {
  userId: string;
}

// The registry's type parameter types `context` in every per-call method.
const registry = new ToolRegistry<Tenant>({
  permissions: new ToolPermissions<Tenant>({
    rule: (_tool, _args, context) => {
      expectTypeOf(context).toEqualTypeOf<Tenant | undefined>();
      return context?.userId === "alice";
    },
  }),
  confirmationPolicy: (_tool, _args, _hints, context) => {
    expectTypeOf(context).toEqualTypeOf<Tenant | undefined>();
    return true;
  },
  confirm: (request) => {
    expectTypeOf(request).toEqualTypeOf<ConfirmationRequest<Tenant>>();
    expectTypeOf(request.context).toEqualTypeOf<Tenant | undefined>();
    return true;
  },
});
void registry.execute("t", {}, { context: { userId: "a" } });
void registry.executeChecked("t", {}, { context: { userId: "a" } });
void registry.executeBatch([], { context: { userId: "a" } });
registry.check("t", {}, { context: { userId: "a" } });
// @ts-expect-error: the context must be a Tenant
void registry.execute("t", {}, { context: { user: 1 } });
// @ts-expect-error: the context must be a Tenant
registry.check("t", {}, { context: "alice" });
// @ts-expect-error: the context must be a Tenant
void registry.executeBatch([], { context: 42 });

// Without a type parameter any context is accepted, as before.
void new ToolRegistry().execute("t", {}, { context: 42 });

// A tool reads it as unknown and narrows it itself.
expectTypeOf<ToolContext["context"]>().toEqualTypeOf<unknown>();
