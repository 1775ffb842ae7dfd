import type { RunContext } from "@openai/agents-core";
import type { AgentToolOutputData } from "../agent-tool-output-data.js";

/**
 * Hands each call's outcome from `invoke` (which returns only the text the model reads) to the
 * tool's `customDataExtractor`, which the SDK calls right after it with the same run context
 * and call id. Entries live as long as the run's context and are taken once.
 */
export class CallOutcomes {
  readonly #byRun = new WeakMap<RunContext<unknown>, Map<string, AgentToolOutputData>>();

  /** Keeps the outcome of call `callId` of this run. */
  put(runContext: RunContext<unknown>, callId: string, data: AgentToolOutputData): void {
    let calls = this.#byRun.get(runContext);
    if (calls === undefined) {
      calls = new Map();
      this.#byRun.set(runContext, calls);
    }
    calls.set(callId, data);
  }

  /** The outcome of call `callId` of this run, removed; `undefined` when there is none. */
  take(runContext: RunContext<unknown>, callId: string): AgentToolOutputData | undefined {
    const calls = this.#byRun.get(runContext);
    const data = calls?.get(callId);
    calls?.delete(callId);
    return data;
  }
}
