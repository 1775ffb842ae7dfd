import type { MCPToolDefinition } from "./fingerprint-tool.js";

/**
 * A lock file as `toolgate-mcp pin` writes it (`toolgate.lock.json`) and `JSON.parse` reads it:
 * the pins of one server, and (version 2) the reviewed definition of each pinned tool, so its
 * tools can be registered and searched before the server runs (`MCPClient`'s `lock` option and
 * `loadTools({ lazy: true })`). Version 1 locks hold pins only: they still pin, never lazily.
 */
export interface MCPLockFile {
  /** 2 from `toolgate-mcp pin` now; 1 for older locks (no definitions). */
  readonly version: 1 | 2;
  /** The namespace the display names were made with; the client's must be the same. */
  readonly namespace: string;
  /** How the server was reached when pinned, for people (the pin is `fingerprints.$server`). */
  readonly server: string;
  /** `$server` → sha256 of the launch command or URL; display name → sha256 of the definition. */
  readonly fingerprints: Readonly<Record<string, string>>;
  /** Display name → what was pinned of that tool. @default {} */
  readonly tools?: Readonly<Record<string, MCPLockedTool>>;
}

/** One pinned tool in an {@link MCPLockFile}. */
export interface MCPLockedTool {
  /** The tool's name on the server. */
  readonly remoteName: string;
  /** sha256 of each definition field present, so `toolgate-mcp verify` can say what changed. */
  readonly parts: Readonly<Record<string, string>>;
  /**
   * Version 2: the definition exactly as the server sent it (the fingerprinted fields only); its
   * fingerprint is the tool's pin, or the lock is refused.
   */
  readonly definition?: MCPToolDefinition;
}
