import type { ToolRunnableConfig } from "@langchain/core/tools";
import type { ToolRegistry, ToolTurn } from "@toolgate/registry";
import { taintInMessages } from "./taint-in-messages.js";

/** How many turns one tool set remembers before it forgets the least recently used. */
const DEFAULT_LIMIT = 1024;

/**
 * The default scope of a tainted turn: one `registry.turn()` per user message of a thread, from
 * the message to the agent's answer, resumes in this process included. LangGraph hands tools the
 * graph state (`config.state.messages`); the key is the thread id and the id of the last human
 * message. Without messages (a tool invoked outside a graph) there is no turn. A turn this
 * process has not seen yet (a run resumed in another process, or one forgotten past the limit)
 * starts tainted when the state shows an `externalContent` result since the user message.
 */
export class TurnsByUserMessage<TContext> {
  readonly #registry: ToolRegistry<TContext>;
  readonly #limit: number;
  readonly #turns = new Map<string, ToolTurn<TContext>>();

  constructor(registry: ToolRegistry<TContext>, limit = DEFAULT_LIMIT) {
    this.#registry = registry;
    this.#limit = limit;
  }

  /** The turn of the user message this call answers, or `undefined` when there is none. */
  turnFor(config: ToolRunnableConfig): ToolTurn<TContext> | undefined {
    const messages = stateMessages(config);
    const message = messages && lastUserMessageId(messages);
    if (messages === undefined || message === undefined) return undefined;
    const threadId: unknown = config.configurable?.thread_id;
    const key = JSON.stringify([typeof threadId === "string" ? threadId : null, message]);
    const turn =
      this.#turns.get(key) ??
      this.#registry.turn({ taintedBy: taintInMessages(messages, this.#registry) });
    // Most recently used last, so the first key is the one to forget.
    this.#turns.delete(key);
    this.#turns.set(key, turn);
    if (this.#turns.size > this.#limit) {
      const oldest = this.#turns.keys().next();
      if (oldest.done !== true) this.#turns.delete(oldest.value);
    }
    return turn;
  }
}

function stateMessages(config: ToolRunnableConfig): readonly unknown[] | undefined {
  const messages = (config as { state?: { messages?: unknown } }).state?.messages;
  return Array.isArray(messages) ? messages : undefined;
}

function lastUserMessageId(messages: readonly unknown[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i] as { getType?: () => string; id?: unknown } | null;
    if (typeof message?.getType === "function" && message.getType() === "human") {
      return typeof message.id === "string" ? message.id : undefined;
    }
  }
  return undefined;
}
