import { removeInvisibleCharacters } from "@toolgate/tool-core";
import { serverText } from "../internal/server-text.js";
import { sanitizeToolName } from "../sanitize-tool-name.js";

/** One thing a reviewer should look at before pinning a tool. */
export interface Warning {
  /** Stable identifier, e.g. `instruction-like`. */
  readonly code:
    | "invisible-characters"
    | "instruction-like"
    | "long-description"
    | "name-collision"
    | "inconsistent-listing";
  /** Where in the definition, e.g. `description` or `inputSchema.properties.query.description`. */
  readonly where: string;
  readonly message: string;
}

/** Descriptions longer than this (in characters, as sent) are reported. */
export const LONG_DESCRIPTION_CHARS = 1000;

/**
 * Wording typical of tool poisoning: text that addresses the model instead of describing the
 * tool. A match is a reason to read the description, not proof of an attack.
 */
export const INSTRUCTION_PATTERNS: readonly { readonly label: string; readonly pattern: RegExp }[] =
  [
    {
      label: "tells the model to ignore its instructions",
      pattern:
        /\b(ignore|disregard|forget)\s+(all\s+)?(the\s+)?(previous|prior|above|earlier)\s+(instructions|rules|messages)/i,
    },
    {
      label: "gives orders ('you must')",
      pattern: /\byou\s+(must|should always|are required to)\b/i,
    },
    {
      label: "asks to hide something from the user",
      pattern: /\b(do not|don't|never)\s+(tell|inform|mention|show|reveal)\b[^.]{0,40}\buser\b/i,
    },
    { label: "mentions the system prompt", pattern: /\bsystem\s+prompt\b/i },
    {
      label: "uses an attention tag like <IMPORTANT>",
      pattern: /<\s*\/?\s*(important|system|instructions?)\s*>/i,
    },
    {
      label: "sets conditions on the model's behaviour ('before using this tool')",
      pattern:
        /\b(before|after|instead of)\s+((using|calling|invoking)\s+(this|any|the|other)\b|(answering|responding|replying)\b)/i,
    },
    {
      label: "mentions secret files",
      pattern:
        /(~\/\.ssh|\bid_rsa\b|\bid_ed25519\b|(^|[\s/'"`])\.env\b|\.aws\/credentials|\.npmrc|\.netrc|\/etc\/passwd)/i,
    },
    {
      label: "asks to send the user's data",
      pattern:
        /\b(send|upload|post|forward|copy|email|exfiltrate|transmit|leak)\b[^.]{0,40}(\buser's|\busers'|\bprivate\b|\bsecrets?\b|\bcredentials?\b|\bapi[ _-]?keys?\b|\bpasswords?\b|\b(conversation|chat)\s+history\b|\benvironment\s+variables\b)/i,
    },
    {
      label: "asks to send data elsewhere",
      pattern:
        /\b(send|upload|post|forward|exfiltrate|transmit|leak)\b[^.]{0,60}\b(to|via)\s+(https?:|[\w.-]+\.[a-z]{2,}\b|the\s+(server|url|endpoint|webhook))/i,
    },
  ];

/** What a definition from the server looks like to the warnings: as sent, not sanitized. */
export type RawDefinition = Readonly<Record<string, unknown>>;

/**
 * Warnings for one tool's raw definition: invisible characters removed (with the hidden ASCII
 * text that Unicode tag characters spelled), instruction-like wording (in the visible and the
 * hidden text), and a very long description. Looks at the name, title, description and every
 * `description` / `title` nested in the input schema.
 */
export function definitionWarnings(raw: RawDefinition): Warning[] {
  const warnings: Warning[] = [];
  for (const { where, text } of texts(raw)) {
    const visible = removeInvisibleCharacters(text);
    const hidden = decodeTagCharacters(text);
    const removed = [...text.normalize("NFC")].length - [...visible].length;
    if (visible !== text.normalize("NFC") && (removed > 0 || hidden !== "")) {
      warnings.push({
        code: "invisible-characters",
        where,
        message:
          `${removed} invisible character${removed === 1 ? "" : "s"} or escape sequences removed` +
          (hidden === ""
            ? ""
            : `; hidden text spelled by Unicode tag characters: "${serverText(hidden)}"`),
      });
    }
    for (const [source, value] of [
      ["", visible],
      ["hidden text ", hidden],
    ] as const) {
      for (const { label, pattern } of INSTRUCTION_PATTERNS) {
        const match = pattern.exec(value);
        if (match) {
          warnings.push({
            code: "instruction-like",
            where,
            message: `${source}${label}: "${serverText(excerpt(value, match.index, match[0].length))}"`,
          });
        }
      }
    }
  }
  const description = raw.description;
  if (typeof description === "string" && description.length > LONG_DESCRIPTION_CHARS) {
    warnings.push({
      code: "long-description",
      where: "description",
      message: `${description.length} characters (over ${LONG_DESCRIPTION_CHARS}): long descriptions hide instructions and cost context`,
    });
  }
  return warnings;
}

/**
 * Warnings for tools whose names collide after sanitizing (`a.b` and `a_b` both become
 * `ns_a_b`; the one sorted later gets `_2`): display name → warning.
 */
export function collisionWarnings(
  namespace: string,
  tools: readonly { readonly name: string; readonly remoteName: string }[],
): Map<string, Warning> {
  const groups = new Map<string, { name: string; remoteName: string }[]>();
  for (const tool of tools) {
    const base = sanitizeToolName(`${namespace}_${tool.remoteName}`);
    groups.set(base, [...(groups.get(base) ?? []), tool]);
  }
  const result = new Map<string, Warning>();
  for (const [base, group] of groups) {
    if (group.length < 2) continue;
    for (const tool of group) {
      const others = group
        .filter((other) => other !== tool)
        .map((other) => `'${shown(other.remoteName)}' (${other.name})`)
        .join(", ");
      result.set(tool.name, {
        code: "name-collision",
        where: "name",
        message: `remote name '${shown(tool.remoteName)}' becomes '${base}' like ${others}; shown as ${tool.name}: check which tool a pin or permission means`,
      });
    }
  }
  return result;
}

/**
 * The ASCII text spelled by Unicode tag characters (U+E0020–U+E007E), which render as nothing
 * but are read by models. Other characters end a run; runs are joined by a space.
 */
export function decodeTagCharacters(text: string): string {
  const runs: string[] = [];
  let run = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xe0020 && code <= 0xe007e) {
      run += String.fromCharCode(code - 0xe0000);
    } else if (run !== "") {
      runs.push(run);
      run = "";
    }
  }
  if (run !== "") runs.push(run);
  return runs.join(" ").trim();
}

/** Every human-language string of a definition, with where it is. Iterative: any depth works. */
function texts(raw: RawDefinition): { where: string; text: string }[] {
  const found: { where: string; text: string }[] = [];
  for (const key of ["name", "title", "description"]) {
    const value = raw[key];
    if (typeof value === "string") found.push({ where: key, text: value });
  }
  const annotationTitle = (raw.annotations as Record<string, unknown> | undefined)?.title;
  if (typeof annotationTitle === "string") {
    found.push({ where: "annotations.title", text: annotationTitle });
  }
  const stack: { path: string; value: unknown }[] = [
    { path: "inputSchema", value: raw.inputSchema },
  ];
  while (stack.length > 0) {
    const { path, value } = stack.pop()!;
    if (typeof value !== "object" || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      // Keys come from the server too: shown sanitized.
      const childPath = `${path}.${shown(key)}`;
      if (typeof child === "string" && (key === "description" || key === "title")) {
        found.push({ where: childPath, text: child });
      } else if (typeof child === "object" && child !== null) {
        stack.push({ path: childPath, value: child });
      }
    }
  }
  return found;
}

function excerpt(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 20);
  const end = Math.min(text.length, index + length + 20);
  const body = text.slice(start, end).replace(/\s+/g, " ");
  return `${start > 0 ? "…" : ""}${body}${end < text.length ? "…" : ""}`;
}

/** A name or key from the server, on one line (a newline in it must not start a line). */
function shown(text: string): string {
  return serverText(text, 100);
}
