/**
 * The `code` of each error `@toolgate/langchain` throws: none of its own. Every problem of a call
 * is an answer to the model (a `ToolMessage` with `status: "error"`), never a throw; only
 * LangGraph's own interrupt passes through. Kept so that every package has its map (see
 * `ToolgateError` in `@toolgate/tool-core`).
 */
export const LANGCHAIN_ERROR_CODES = Object.freeze({});
