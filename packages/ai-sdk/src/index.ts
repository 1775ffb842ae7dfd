// Everything exported here is the public API of @toolgate/ai-sdk.
export { AI_SDK_ERROR_CODES } from "./ai-sdk-error-codes.js";
export type { AISDKToolOutput } from "./ai-sdk-tool-output.js";
export { type AISDKToolsOptions, toAISDKTools } from "./to-ai-sdk-tools.js";
