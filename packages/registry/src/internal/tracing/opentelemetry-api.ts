import { createRequire } from "node:module";

type OpenTelemetryApi = typeof import("@opentelemetry/api");

const require = createRequire(import.meta.url);
let api: OpenTelemetryApi | undefined;

/**
 * The OpenTelemetry API, loaded at its first use: importing it costs 30-45 ms of start-up, which
 * an app that does not trace must not pay (the registry's cold import is benchmarked).
 */
export function openTelemetryApi(): OpenTelemetryApi {
  api ??= require("@opentelemetry/api") as OpenTelemetryApi;
  return api;
}

// Where every copy of API 1.x keeps what was registered globally (the key by which copies share
// one SDK); `trace` is set there once an SDK registers a global tracer provider.
const GLOBAL_API_KEY = Symbol.for("opentelemetry.js.api.1");

/** Whether any copy of the OpenTelemetry API has a global tracer provider registered. */
export function globalTracerProviderRegistered(): boolean {
  const registered = (globalThis as Record<symbol, { trace?: unknown } | undefined>)[
    GLOBAL_API_KEY
  ];
  return registered?.trace !== undefined;
}
