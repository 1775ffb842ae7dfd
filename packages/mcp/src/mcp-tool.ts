import {
  type Hints,
  type JsonObjectSchema,
  Tool,
  type ToolContext,
  type ToolResponse,
} from "@toolgate/tool-core";
import type { MCPClient } from "./mcp-client.js";

/** What `MCPClient.loadTools` passes when it makes an {@link MCPTool}. */
export interface MCPToolOptions {
  /** The connected client the tool's calls go through. */
  client: MCPClient;
  /** Display name, within the name rule (`namespace_remote`, deduplicated). */
  name: string;
  /** The tool's name on the server, used on the wire. */
  remoteName: string;
  /** Sanitized description. */
  description: string;
  /** Sanitized title, when the server gave one. */
  title?: string;
  /** Input schema with every nested description sanitized. */
  inputSchema: JsonObjectSchema;
  /** Hints read from the server's annotations; left-out hints assume the worst. */
  hints: Partial<Hints>;
  /** Ask a human before every call. */
  requiresConfirmation: boolean;
  /** sha256 of the raw definition (see `fingerprintTool`). */
  fingerprint: string;
}

/**
 * A tool offered by an MCP server, made by `MCPClient.loadTools`. Its origin is
 * `mcp:<namespace>`, its results count as external content, and its hints come from the
 * server's annotations, so they are claims by an untrusted party (`hintsTrusted` is false).
 * Calls go to the server under `remoteName`.
 */
export class MCPTool extends Tool {
  /** The tool's name on the server. */
  readonly remoteName: string;
  /** sha256 of the definition the server sent when the tool was approved. */
  readonly fingerprint: string;
  /** The client the calls go through. */
  readonly client: MCPClient;
  /** Sanitized human-readable title from the server, if any. */
  readonly title: string | undefined;
  /** Always false: the hints are the server's claims, not facts checked by anyone. */
  readonly hintsTrusted = false;

  constructor(options: MCPToolOptions) {
    super({
      name: options.name,
      description: options.description,
      inputSchema: options.inputSchema,
      origin: options.client.origin,
      hints: options.hints,
      requiresConfirmation: options.requiresConfirmation,
      externalContent: true,
    });
    this.remoteName = options.remoteName;
    this.fingerprint = options.fingerprint;
    this.client = options.client;
    this.title = options.title;
  }

  run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResponse> {
    // The registry's output budget cuts an oversized result where it arrives, unless the client
    // has a `maxResultChars` of its own. The server is asked for progress only when someone
    // listens (the context then has `progress`).
    const { signal, maxResultChars, progress } = context;
    const options =
      progress === undefined
        ? { signal, maxResultChars }
        : { signal, maxResultChars, onProgress: progress };
    return this.client.callTool(this.remoteName, args, options);
  }
}
