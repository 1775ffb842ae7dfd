import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import { ToolMessage } from "@langchain/core/messages";
import {
  StructuredTool,
  type StructuredToolCallInput,
  type ToolReturnType,
  type ToolRunnableConfig,
} from "@langchain/core/tools";
import type { JsonSchema7Type } from "@langchain/core/utils/json_schema";
import type { ToolResponse } from "@toolgate/tool-core";

/** Runs one call through toolgate's channel and answers the registry's response. */
export type RunCall = (
  args: Record<string, unknown>,
  config: ToolRunnableConfig,
) => Promise<ToolResponse>;

/** The schema LangChain checks arguments against while the channel does the real check. */
const ANY_ARGUMENTS: JsonSchema7Type = {};

/**
 * A LangChain tool whose every call goes through toolgate's channel. The model is shown a copy
 * of the tool's schema (LangChain annotates schemas in place, and toolgate's are frozen); the
 * channel, not LangChain, validates the arguments, so an invalid call reaches the model with
 * toolgate's input error.
 */
export class ChannelTool extends StructuredTool {
  override name: string;
  override description: string;
  override schema: JsonSchema7Type;
  readonly #runCall: RunCall;

  constructor(spec: { name: string; description: string; inputSchema: object }, runCall: RunCall) {
    super();
    this.name = spec.name;
    this.description = spec.description;
    this.schema = structuredClone(spec.inputSchema) as JsonSchema7Type;
    this.#runCall = runCall;
  }

  /**
   * StructuredTool.call checks the arguments against `schema` synchronously, before its first
   * await, and throws its own error for a mismatch. For that check `schema` accepts anything;
   * it is restored before `call` returns, so the model and every reader see the real schema.
   */
  override call<
    TArg extends StructuredToolCallInput<JsonSchema7Type>,
    TConfig extends ToolRunnableConfig | undefined,
  >(
    arg: TArg,
    configArg?: TConfig,
    tags?: string[],
  ): Promise<ToolReturnType<TArg, TConfig, unknown>> {
    const schema = this.schema;
    this.schema = ANY_ARGUMENTS;
    try {
      return super.call(arg, configArg, tags);
    } finally {
      this.schema = schema;
    }
  }

  protected override async _call(
    args: Record<string, unknown>,
    _runManager?: CallbackManagerForToolRun,
    config?: ToolRunnableConfig,
  ): Promise<ToolMessage | string> {
    const response = await this.#runCall(args, config ?? {});
    const id = config?.toolCall?.id;
    // Called with bare arguments, not a tool call, LangChain has no message to answer with.
    if (id === undefined) return response.text;
    return new ToolMessage({
      content: response.text,
      status: response.isError ? "error" : "success",
      tool_call_id: id,
      name: this.name,
    });
  }
}
