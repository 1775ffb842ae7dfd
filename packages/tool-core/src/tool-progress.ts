/**
 * How far a running tool is, as it reports it: `context.progress(update)`, or a value a generator
 * `execute` yields. The shape of MCP's `notifications/progress`.
 */
export interface ToolProgress {
  /** Work done so far: a finite number, at least 0, greater than the last one reported. */
  readonly progress: number;
  /** The whole work, when known: a finite number above 0. */
  readonly total?: number;
  /** What the tool is doing, for a person (one line; long text is cut). */
  readonly message?: string;
}
