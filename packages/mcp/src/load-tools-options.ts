/**
 * Which of a server's tools `MCPClient.loadTools` loads. Each entry is a remote name (the server's
 * name for the tool, not the display name) or a glob: `*` matches any run of characters (none
 * too), `?` exactly one; every other character stands for itself. Globs, not regular
 * expressions: a pattern from a config file is matched in time linear in its length times the
 * name's, so no pattern can freeze the host.
 *
 * The filter is applied before pinning: tools it leaves out are not compared with the pins and
 * not in `fingerprints()`, and the client refuses to call them. Display names are given over the
 * whole listing, so a filter never renames a tool.
 *
 * @example
 * await client.loadTools({ include: ["search_*", "get_issue"], exclude: ["*_admin"] });
 */
export interface LoadToolsOptions {
  /** Load only the tools that match one of these. @default every tool */
  include?: readonly string[];
  /** Never load the tools that match one of these; wins over `include`. @default none */
  exclude?: readonly string[];
  /**
   * Make the tools from the client's `lock` (version 2) without starting the server or
   * connecting: the first call of any of them starts it, checks its listing against the same
   * pins (a server that changed is refused, the call answers why and never runs) and serves the
   * call; calls that arrive together share one start. On a client already connected, the same
   * as without it. Needs the `lock` option (else a `TypeError`). @default false
   */
  lazy?: boolean;
}
