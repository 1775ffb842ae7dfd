/**
 * The `code` of each error `@toolgate/openai-agents` throws: none of its own. A wrong argument
 * to `toAgentTools` is a `TypeError` (or a `RangeError` for a name that is not registered), and
 * every problem of a call is an answer to the model, never a throw. Kept so that every package
 * has its map (see `ToolgateError` in `@toolgate/tool-core`).
 */
export const OPENAI_AGENTS_ERROR_CODES = Object.freeze({});
