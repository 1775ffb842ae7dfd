import type { TaintSource, ToolRegistry } from "@toolgate/registry";

/** The parts of a LangChain message read here; anything else in the state is ignored. */
interface MessageLike {
  getType?: () => string;
  name?: unknown;
  status?: unknown;
  tool_call_id?: unknown;
  tool_calls?: unknown;
}

/**
 * The result that tainted the turn of the last user message in a graph state's `messages`, for a
 * turn this process did not see begin: the first `ToolMessage` after the last human message whose
 * tool the registry marks `externalContent` and whose status is not `"error"`. Its tool is the
 * message's `name` or the name of the AI message's call it answers, whichever brings outside
 * content (a state edited by hand cannot hide a search behind another name).
 */
export function taintInMessages<TContext>(
  messages: readonly unknown[],
  registry: ToolRegistry<TContext>,
): TaintSource | undefined {
  const start = messages.findLastIndex((message) => typeOf(message) === "human") + 1;
  const callNames = new Map<unknown, unknown>();
  for (const message of messages.slice(start) as (MessageLike | null)[]) {
    const type = typeOf(message);
    if (type === "ai" && Array.isArray(message?.tool_calls)) {
      for (const call of message.tool_calls as ({ id?: unknown; name?: unknown } | null)[]) {
        if (typeof call === "object" && call !== null) callNames.set(call.id, call.name);
      }
    }
    if (type !== "tool" || message?.status === "error") continue;
    const callId = message?.tool_call_id;
    const tool = [message?.name, callNames.get(callId)].find(
      (name) => typeof name === "string" && registry.get(name)?.externalContent === true,
    ) as string | undefined;
    if (tool === undefined) continue;
    return typeof callId === "string" ? { tool, callId } : { tool };
  }
  return undefined;
}

function typeOf(message: unknown): string | undefined {
  const getType = (message as MessageLike | null)?.getType;
  return typeof getType === "function" ? getType.call(message) : undefined;
}
