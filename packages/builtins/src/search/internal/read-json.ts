import { isRecord } from "@toolgate/tool-core/internal";
import { SearchProviderError } from "../search-provider-error.js";

const ERROR_BODY_BYTES = 64 * 1024;

/** Options for one JSON request. */
export interface ReadJsonOptions {
  readonly fetch: typeof fetch;
  readonly maxBytes: number;
  readonly signal: AbortSignal;
  readonly method?: "GET" | "POST";
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/**
 * Fetches `url` and parses its JSON body, reading at most `maxBytes`. Every failure is a
 * `SearchProviderError` whose message names no URL and no header (the URL may carry a key),
 * except an abort, which is rethrown as is so the caller can tell a timeout from a cancel.
 * Redirects are refused: following one would send the key header to another host.
 */
export async function readJson(url: string, options: ReadJsonOptions): Promise<unknown> {
  let response: Response;
  try {
    response = await options.fetch(url, {
      method: options.method ?? "GET",
      headers: { accept: "application/json", ...options.headers },
      body: options.body,
      signal: options.signal,
      redirect: "manual",
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new SearchProviderError(`request failed (${networkErrorCode(error)})`);
  }
  if (response.status >= 300 && response.status < 400) {
    discard(response);
    throw new SearchProviderError(`HTTP ${response.status}: redirect refused`);
  }
  if (!response.ok) {
    const message = await errorMessage(response, options.signal);
    throw new SearchProviderError(`HTTP ${response.status}${message ? `: ${message}` : ""}`);
  }
  const text = await readText(response, options.maxBytes, options.signal);
  if (text === undefined) {
    throw new SearchProviderError(`response too large (over ${options.maxBytes} bytes)`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new SearchProviderError("response is not JSON");
  }
}

/** The body as UTF-8 text, or `undefined` when it is longer than `maxBytes`. */
async function readText(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<string | undefined> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(response);
    return undefined;
  }
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder("utf-8");
  let total = 0;
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        reader.cancel().catch(() => {});
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw new SearchProviderError(`reading the response failed (${networkErrorCode(error)})`);
  }
  return text + decoder.decode();
}

/** A short message from an error body (`error`, `error.message`, `detail.error`, ...), if any. */
async function errorMessage(response: Response, signal: AbortSignal): Promise<string | undefined> {
  let body: unknown;
  try {
    const text = await readText(response, ERROR_BODY_BYTES, signal);
    if (text === undefined) return undefined;
    body = JSON.parse(text);
  } catch (error) {
    if (signal.aborted) throw error;
    return undefined;
  }
  if (!isRecord(body)) return undefined;
  const candidates = [body.error, body.detail, body.message];
  for (const nested of [body.error, body.detail]) {
    if (isRecord(nested)) candidates.push(nested.message, nested.detail, nested.error);
  }
  return candidates.find((value): value is string => typeof value === "string" && value !== "");
}

// Error codes such as ECONNREFUSED or UND_ERR_SOCKET say what went wrong; messages may hold URLs.
function networkErrorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && isRecord(current); depth++) {
    const { code } = current;
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code;
    current = current.cause;
  }
  return "network error";
}

function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}
