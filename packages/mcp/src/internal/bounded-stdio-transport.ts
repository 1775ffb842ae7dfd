import { type ChildProcess, spawn } from "node:child_process";
import { serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { minimalEnv } from "@toolgate/tool-core/internal";

export interface BoundedStdioOptions {
  command: string;
  args?: readonly string[];
  /** Added to the minimal environment (PATH, HOME, LANG). */
  env?: Readonly<Record<string, string>>;
  cwd?: string;
  /** The longest line (one message) accepted on stdout. @default 4 MiB */
  maxLineBytes?: number;
  /** How much of stderr's tail is kept for error messages. @default 8 KiB */
  maxStderrBytes?: number;
  /** Lines on stdout that are not JSON-RPC messages tolerated before the connection is closed. @default 100 */
  maxInvalidLines?: number;
  /** Grace time between SIGTERM and SIGKILL on close. @default 2000 */
  killGraceMs?: number;
  /**
   * The most bytes waiting for the server to read its stdin before the connection is closed: a
   * server that stops reading must not make the host queue its messages without end. One
   * larger message is still sent when little is waiting. @default 16 MiB
   */
  maxQueuedBytes?: number;
}

/**
 * An MCP stdio client transport with limits the SDK's own lacks: the server runs without a shell
 * in a minimal environment, each stdout line is capped (an endless line closes the connection
 * with a clear reason), lines that are not JSON-RPC are counted and bounded, stderr is piped and
 * only its tail is kept, and the process is ended on close (SIGTERM, then SIGKILL). It stays in
 * the host's process group: a new session (`detached`) costs latency on Linux's autogroup
 * scheduler, and a server that spawns helpers sees its stdin close and is expected to end them.
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  /** Why the server's side ended the connection, once it has; unset when the client closed it. */
  closeReason: string | undefined;
  /** Whether the connection ended because a message was longer than `maxLineBytes`. */
  overLineCap = false;

  readonly #options: Required<Omit<BoundedStdioOptions, "env" | "cwd">> & BoundedStdioOptions;
  #child: ChildProcess | undefined;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #invalidLines = 0;
  #stderrTail = "";
  #closed = false;
  /** Sends waiting for the pipe to drain: all resolved on drain or close, one listener for all. */
  #drainWaiters: (() => void)[] = [];

  constructor(options: BoundedStdioOptions) {
    this.#options = {
      args: [],
      maxLineBytes: 4 * 1024 * 1024,
      maxStderrBytes: 8 * 1024,
      maxInvalidLines: 100,
      killGraceMs: 2000,
      maxQueuedBytes: 16 * 1024 * 1024,
      ...options,
    };
  }

  /** The last few KiB the server wrote to stderr. */
  get stderrTail(): string {
    return this.#stderrTail;
  }

  /** The child's process id while it runs. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  start(): Promise<void> {
    if (this.#child) throw new Error("BoundedStdioTransport already started");
    const { command, args, env, cwd } = this.#options;
    return new Promise((resolve, reject) => {
      const child = spawn(command, [...args], {
        cwd,
        env: minimalEnv(env),
        stdio: ["pipe", "pipe", "pipe"],
        shell: false,
        windowsHide: true,
      });
      this.#child = child;
      child.once("spawn", () => resolve());
      child.once("error", (error) => {
        if (child.pid === undefined) {
          this.#closed = true;
          this.closeReason = `could not start '${command}': ${error.message}`;
          reject(new Error(this.closeReason, { cause: error }));
        } else {
          this.#fail(`server process error: ${error.message}`);
        }
      });
      child.once("exit", (code, signal) => {
        const how = signal === null ? `exited with code ${code}` : `was killed by ${signal}`;
        // Read what it wrote before exiting, unless a grandchild keeps stdout open.
        const finish = () => this.#finish(`the server process ${how}`);
        if (!child.stdout || child.stdout.readableEnded) return finish();
        child.stdout.once("end", finish);
        setTimeout(finish, 200).unref();
      });
      child.stdout?.on("data", (chunk: Buffer) => this.#onStdout(chunk));
      child.stderr?.on("data", (chunk: Buffer) => this.#onStderr(chunk));
      // EPIPE when the server is gone: the exit handler reports it.
      child.stdin?.on("error", () => {});
      child.stdin?.on("drain", () => this.#releaseDrainWaiters());
      child.stdout?.on("error", () => {});
      child.stderr?.on("error", () => {});
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (this.#closed || !stdin || stdin.destroyed) {
      const why = this.closeReason ?? (this.#closed ? "closed by the client" : "not started");
      return Promise.reject(new Error(`not connected: ${why}`));
    }
    const queued = stdin.writableLength;
    if (queued > this.#options.maxQueuedBytes) {
      const reason = `the server stopped reading its stdin (${queued} bytes sent to it wait unread)`;
      this.#fail(reason);
      return Promise.reject(new Error(reason));
    }
    // Like the SDK's transport: resolve once the data is queued, wait only when the pipe is full.
    if (stdin.write(serializeMessage(message))) return Promise.resolve();
    return new Promise((resolve) => this.#drainWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.#finish(undefined);
  }

  #onStdout(chunk: Buffer): void {
    let start = 0;
    while (!this.#closed) {
      const newline = chunk.indexOf(10, start);
      if (newline === -1) {
        const rest = chunk.length - start;
        if (this.#pendingBytes + rest > this.#options.maxLineBytes) {
          this.#failOverLineCap();
          return;
        }
        if (rest > 0) {
          this.#pending.push(start === 0 ? chunk : chunk.subarray(start));
          this.#pendingBytes += rest;
        }
        return;
      }
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.#pendingBytes + piece.length > this.#options.maxLineBytes) {
        this.#failOverLineCap();
        return;
      }
      const line = this.#pending.length === 0 ? piece : Buffer.concat([...this.#pending, piece]);
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#onLine(line.toString("utf8"));
    }
  }

  #onLine(line: string): void {
    if (line.trim() === "") return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch {
      this.#invalidLines++;
      if (this.#invalidLines > this.#options.maxInvalidLines) {
        this.#fail(
          `the server wrote more than ${this.#options.maxInvalidLines} stdout lines that are not JSON-RPC messages`,
        );
      } else {
        this.onerror?.(new Error("the server wrote a stdout line that is not a JSON-RPC message"));
      }
      return;
    }
    this.onmessage?.(message);
  }

  #onStderr(chunk: Buffer): void {
    const max = this.#options.maxStderrBytes;
    const text = this.#stderrTail + chunk.toString("utf8", Math.max(0, chunk.length - max));
    this.#stderrTail = text.length > max ? text.slice(text.length - max) : text;
  }

  #fail(reason: string): void {
    if (this.#closed) return;
    this.onerror?.(new Error(reason));
    this.#finish(reason);
  }

  #failOverLineCap(): void {
    if (this.#closed) return;
    this.overLineCap = true;
    this.#fail(
      `the server sent a stdout line longer than ${this.#options.maxLineBytes} bytes (maxLineBytes)`,
    );
  }

  #releaseDrainWaiters(): void {
    const waiters = this.#drainWaiters;
    this.#drainWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Ends the connection; `reason` is why the server's side ended it, undefined when the client closes. */
  #finish(reason: string | undefined): void {
    if (this.#closed) return;
    this.#closed = true;
    this.closeReason = reason;
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#releaseDrainWaiters();
    const child = this.#child;
    if (child) {
      child.stdout?.removeAllListeners("data");
      child.stdin?.end();
      if (child.exitCode === null && child.signalCode === null) {
        this.#kill(child, "SIGTERM");
        const timer = setTimeout(() => this.#kill(child, "SIGKILL"), this.#options.killGraceMs);
        timer.unref();
        child.once("exit", () => clearTimeout(timer));
      }
    }
    this.onclose?.();
  }

  #kill(child: ChildProcess, signal: NodeJS.Signals): void {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}
