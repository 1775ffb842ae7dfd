/**
 * The `code` of each error `@toolgate/ai-sdk` throws: none of its own. A wrong argument to
 * `toAISDKTools` is a `TypeError` (or a `RangeError` for a name that is not registered), and every
 * problem of a call is an answer to the model, never a throw. Kept so that every package has its
 * map (see `ToolgateError` in `@toolgate/tool-core`).
 */
export const AI_SDK_ERROR_CODES = Object.freeze({});
