/** A tool the server listed that was not loaded, and why. */
export interface SkippedTool {
  /** The server's name for it (sanitized for display). */
  readonly remoteName: string;
  /** Why it was not loaded (a non-object schema, not pinned, ...). */
  readonly reason: string;
}
