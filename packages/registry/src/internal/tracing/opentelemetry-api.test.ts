import { trace } from "@opentelemetry/api";
import { BasicTracerProvider } from "@opentelemetry/sdk-trace-base";
import { afterEach, describe, expect, it } from "vitest";
import { globalTracerProviderRegistered } from "./opentelemetry-api.js";

afterEach(() => trace.disable());

describe("globalTracerProviderRegistered", () => {
  it("is false until a tracer provider is registered globally, and after it is removed", () => {
    expect(globalTracerProviderRegistered()).toBe(false);
    trace.setGlobalTracerProvider(new BasicTracerProvider());
    expect(globalTracerProviderRegistered()).toBe(true);
    trace.disable();
    expect(globalTracerProviderRegistered()).toBe(false);
  });
});
