import type {
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";

/** The longest message id accepted from a server: the SDK echoes a request's id in its answer. */
const MAX_ID_CHARS = 1024;
/** Answers to a server's requests that may wait to be delivered before it counts as not reading. */
const MAX_ANSWERS_IN_FLIGHT = 1000;

/**
 * Wraps any transport with the limits on what the client holds for a server, whatever the
 * transport: a message whose id is longer than {@link MAX_ID_CHARS} (the SDK would echo it and
 * keep it while it answers), and more than {@link MAX_ANSWERS_IN_FLIGHT} answers to the server's
 * own requests (`ping`) not yet taken by it, call `onViolation` with the reason instead of going
 * on. The message that broke a limit is not passed on. `onSendError`, when given, sees each
 * error of sending a request (before the caller does), to tell a session that is gone.
 */
export class GuardedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  readonly #inner: Transport;
  readonly #onViolation: (reason: string) => void;
  readonly #onSendError: ((error: unknown) => void) | undefined;
  #answersInFlight = 0;
  #violated = false;

  constructor(
    inner: Transport,
    onViolation: (reason: string) => void,
    onSendError?: (error: unknown) => void,
  ) {
    this.#inner = inner;
    this.#onViolation = onViolation;
    this.#onSendError = onSendError;
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      if (this.#violated) return;
      const id = (message as { id?: unknown }).id;
      if (typeof id === "string" && id.length > MAX_ID_CHARS) {
        this.#violate(`it sent a message id longer than ${MAX_ID_CHARS} characters`);
        return;
      }
      this.onmessage?.(message, extra);
    };
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.#inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.#inner.start();
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // Only answers to the server's requests are counted: the client's own requests are the caller's.
    if (!("id" in message) || "method" in message) {
      const sent = this.#inner.send(message, options);
      const onSendError = this.#onSendError;
      if (onSendError === undefined) return sent;
      return sent.catch((error: unknown) => {
        onSendError(error);
        throw error;
      });
    }
    if (this.#answersInFlight >= MAX_ANSWERS_IN_FLIGHT) {
      const reason = `it did not take ${MAX_ANSWERS_IN_FLIGHT} answers to its own requests`;
      this.#violate(reason);
      return Promise.reject(new Error(reason));
    }
    this.#answersInFlight++;
    return this.#inner.send(message, options).finally(() => {
      this.#answersInFlight--;
    });
  }

  #violate(reason: string): void {
    if (this.#violated) return;
    this.#violated = true;
    this.#onViolation(reason);
  }
}
