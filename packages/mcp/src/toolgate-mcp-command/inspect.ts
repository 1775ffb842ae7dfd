import { hintsFromAnnotations } from "../internal/hints-from-annotations.js";
import { serverText } from "../internal/server-text.js";
import { SERVER_PIN_KEY } from "../mcp-client.js";
import { sanitizeDescription } from "../sanitize-description.js";
import { quotedText } from "./quoted-text.js";
import type { ServerSnapshot } from "./server-snapshot.js";
import { collisionWarnings, definitionWarnings, type Warning } from "./warnings.js";

/** One tool as `inspect --json` prints it. */
interface InspectedTool {
  name: string;
  remoteName: string;
  title?: string;
  description: string;
  /** Resolved hints: the server's annotations, worst case where absent. Unverified claims. */
  hints: { readOnly: boolean; destructive: boolean; idempotent: boolean; openWorld: boolean };
  /** Which hints the server stated (the rest are assumed). */
  claimedHints: string[];
  fingerprint: string;
  warnings: Warning[];
}

/** What `inspect --json` prints. */
export interface InspectReport {
  server: string;
  namespace: string;
  serverFingerprint: string;
  tools: InspectedTool[];
  skipped: { remoteName: string; reason: string }[];
  /** Warnings about the server as a whole. */
  warnings: Warning[];
  /** Number of warnings, tools' and server's. */
  warningCount: number;
}

/** The report for a snapshot taken with raw definitions. */
export function inspectReport(snapshot: ServerSnapshot): InspectReport {
  const collisions = collisionWarnings(snapshot.namespace, snapshot.tools);
  const tools = snapshot.tools.map((tool): InspectedTool => {
    const raw = snapshot.raw.get(tool.remoteName);
    const warnings = raw ? definitionWarnings(raw) : [];
    const collision = collisions.get(tool.name);
    if (collision) warnings.push(collision);
    return {
      name: tool.name,
      remoteName: tool.remoteName,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      description: tool.description,
      hints: { ...tool.hints },
      claimedHints: Object.keys(hintsFromAnnotations(raw?.annotations)),
      fingerprint: tool.fingerprint,
      warnings,
    };
  });
  const warnings: Warning[] = snapshot.inconsistent.map((remoteName) => ({
    code: "inconsistent-listing",
    where: quotedText(remoteName),
    message:
      "the server listed a different definition for it on a second connection: it changes without notice, so a pin will not hold",
  }));
  return {
    server: snapshot.identity,
    namespace: snapshot.namespace,
    serverFingerprint: snapshot.serverFingerprint,
    tools,
    skipped: snapshot.skipped.map((s) => ({ remoteName: s.remoteName, reason: s.reason })),
    warnings,
    warningCount: warnings.length + tools.reduce((sum, tool) => sum + tool.warnings.length, 0),
  };
}

/**
 * The report as text for a terminal. Every string from the server is cleaned again and clipped:
 * one-line fields stay on one line, and every line of a title or description is indented under
 * its field, so no server text can start a line that looks like the report's own.
 */
export function formatInspectReport(report: InspectReport): string {
  const lines = [
    `server:    ${serverText(report.server, 1000)}`,
    `namespace: ${report.namespace}`,
    `${SERVER_PIN_KEY}:   ${report.serverFingerprint}`,
    `${report.tools.length} tool${report.tools.length === 1 ? "" : "s"} loaded, ${report.skipped.length} skipped, ${report.warningCount} warning${report.warningCount === 1 ? "" : "s"}`,
  ];
  for (const tool of report.tools) {
    lines.push("", `${serverText(tool.name)}  (remote name: ${quotedText(tool.remoteName)})`);
    if (tool.title !== undefined) lines.push(`  title:       ${block(tool.title)}`);
    lines.push(`  description: ${block(tool.description) || "(none)"}`);
    const hints = (Object.keys(tool.hints) as (keyof InspectedTool["hints"])[])
      .map(
        (key) => `${key}=${tool.hints[key]}${tool.claimedHints.includes(key) ? "" : " (assumed)"}`,
      )
      .join(", ");
    lines.push(`  hints:       ${hints}`);
    lines.push("               (the server's unverified claims; absent ones assume the worst)");
    lines.push(`  fingerprint: ${tool.fingerprint}`);
    for (const warning of tool.warnings) lines.push(`  WARNING ${formatWarning(warning)}`);
  }
  if (report.skipped.length > 0) {
    lines.push("", "skipped (not loaded):");
    for (const s of report.skipped) {
      lines.push(`  ${quotedText(s.remoteName)}: ${serverText(s.reason, 1000)}`);
    }
  }
  for (const warning of report.warnings) lines.push("", `WARNING ${formatWarning(warning)}`);
  return `${lines.join("\n")}\n`;
}

/** `[code] where: message`, on one line (where and message quote the server). */
export function formatWarning(warning: Warning): string {
  return `[${warning.code}] ${serverText(warning.where, 300)}: ${serverText(warning.message, 1000)}`;
}

/** Long descriptions and titles are cut in the text output (`--json` has them whole). */
const SHOWN_DESCRIPTION_CHARS = 1500;
/** Where a field's value starts: its continuation lines start there too. */
const VALUE_INDENT = "               ";

/** A title or description: cleaned, clipped, every line after the first indented. */
function block(text: string): string {
  // Clean a little past the cut only, so a huge value costs no more than a shown one.
  const clean = sanitizeDescription(text.slice(0, SHOWN_DESCRIPTION_CHARS * 2), 100_000).trim();
  let shown = clean;
  if (text.length > SHOWN_DESCRIPTION_CHARS * 2 || clean.length > SHOWN_DESCRIPTION_CHARS) {
    const head = clean.slice(0, SHOWN_DESCRIPTION_CHARS).replace(/[\ud800-\udbff]$/, "");
    shown = `${head}… (${text.length} characters in all; --json shows all)`;
  }
  return shown.split("\n").join(`\n${VALUE_INDENT}`);
}
