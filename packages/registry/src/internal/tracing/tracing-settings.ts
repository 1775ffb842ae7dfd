import type { Tracer, TracerProvider } from "@opentelemetry/api";
import type { ToolTracingOptions } from "../../tool-tracing-options.js";
import { globalTracerProviderRegistered, openTelemetryApi } from "./opentelemetry-api.js";

/** A registry's `tracing` option, checked once when the registry is made. */
export interface TracingSettings {
  /** The registry's tracer; read only after `noSdk()` answered false. */
  readonly tracer: Tracer;
  /** Whether to redact the arguments as JSON into `gen_ai.tool.call.arguments`. */
  readonly recordArguments: boolean;
  /** Whether to record the response text into `gen_ai.tool.call.result`. */
  readonly recordResults: boolean;
  /**
   * True when no SDK stands behind the tracer (its provider is the API's proxy with nothing
   * registered behind it): a call then skips its span altogether, as the API's no-op tracer
   * would, only cheaper. Asked at every call: an SDK may be registered after the registry is
   * made, and the proxy then delegates to it.
   */
  readonly noSdk: () => boolean;
}

/** The instrumentation scope of the registry's spans. */
const TRACER_NAME = "@toolgate/registry";

/**
 * Checks the `tracing` option; `undefined` for `false` (no spans at all).
 *
 * @throws TypeError for an option of the wrong kind.
 */
export function tracingSettings(
  option: ToolTracingOptions | false | undefined,
): TracingSettings | undefined {
  if (option === false) return undefined;
  const given = option ?? {};
  if (typeof given !== "object" || given === null) {
    throw new TypeError("ToolRegistry: tracing must be an object or false");
  }
  const { tracerProvider, recordArguments = false, recordResults = false } = given;
  if (
    tracerProvider !== undefined &&
    (typeof tracerProvider !== "object" ||
      tracerProvider === null ||
      typeof tracerProvider.getTracer !== "function")
  ) {
    throw new TypeError("ToolRegistry: tracing.tracerProvider must be a TracerProvider");
  }
  if (typeof recordArguments !== "boolean" || typeof recordResults !== "boolean") {
    throw new TypeError("ToolRegistry: tracing.recordArguments and recordResults must be booleans");
  }
  if (tracerProvider !== undefined) {
    const tracer = tracerProvider.getTracer(TRACER_NAME);
    return { tracer, recordArguments, recordResults, noSdk: noSdkBehind(tracerProvider) };
  }
  // The global provider: the API is loaded only once some copy of it has one registered. Its
  // provider is a proxy whose tracer follows an SDK registered later through it (the API's own
  // rule: reading the global at every call would cost a call 40 ns more).
  let tracer: Tracer | undefined;
  let noSdk: (() => boolean) | undefined;
  return {
    get tracer(): Tracer {
      if (tracer === undefined) throw new Error("internal: the tracer was read before noSdk()");
      return tracer;
    },
    recordArguments,
    recordResults,
    noSdk: () => {
      if (noSdk === undefined) {
        if (!globalTracerProviderRegistered()) return true;
        const provider = openTelemetryApi().trace.getTracerProvider();
        tracer = provider.getTracer(TRACER_NAME);
        noSdk = noSdkBehind(provider);
      }
      return noSdk();
    },
  };
}

/**
 * Whether nothing stands behind `provider`: only our copy's proxy can say so. Any other provider
 * (an SDK's, or the proxy of another copy of the API that registered one) is asked every time.
 */
function noSdkBehind(provider: TracerProvider): () => boolean {
  const { ProxyTracerProvider } = openTelemetryApi();
  if (!(provider instanceof ProxyTracerProvider)) return never;
  // What a proxy answers when no SDK was registered behind it.
  const noop: TracerProvider = new ProxyTracerProvider().getDelegate();
  return () => provider.getDelegate() === noop;
}

function never(): boolean {
  return false;
}
