import type { TracerProvider } from "@opentelemetry/api";

/**
 * How a registry traces its calls with OpenTelemetry (`ToolRegistryOptions.tracing`). Every call
 * through `execute`, `executeChecked` or `executeBatch` is an `execute_tool {tool}` span
 * (GenAI semantic conventions) with toolgate's own `toolgate.*` attributes; the tool runs inside
 * it, so the spans it starts are its children. Without an OpenTelemetry SDK this costs almost
 * nothing: the API alone only hands out spans that record nothing.
 */
export interface ToolTracingOptions {
  /**
   * Where the spans go.
   * @default the global tracer provider (a no-op until an OpenTelemetry SDK registers one)
   */
  tracerProvider?: TracerProvider;
  /**
   * Record each call's validated arguments, as JSON after the registry's `redact`, as
   * `gen_ai.tool.call.arguments`. Arguments can hold personal data and secrets: opt in only
   * where the telemetry backend may hold them.
   * @default false
   */
  recordArguments?: boolean;
  /**
   * Record the response text each call answers (after the guard and `redact`, as the model gets
   * it) as `gen_ai.tool.call.result`.
   * @default false
   */
  recordResults?: boolean;
}
