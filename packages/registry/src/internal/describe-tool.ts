import type { Tool } from "@toolgate/tool-core";
import { isRecord } from "@toolgate/tool-core/internal";

const MAX_CATALOG_DESCRIPTION = 200;

/** `- name: first line of the description`, cut to 200 characters. */
export function catalogLine(tool: Tool<object>): string {
  const newline = tool.description.indexOf("\n");
  let summary = (newline === -1 ? tool.description : tool.description.slice(0, newline)).trim();
  if (summary.length > MAX_CATALOG_DESCRIPTION) {
    summary = `${summary.slice(0, MAX_CATALOG_DESCRIPTION - 1)}…`;
  }
  return summary === "" ? `- ${tool.name}` : `- ${tool.name}: ${summary}`;
}

/** A full block: name, description, behaviour and every top-level parameter. */
export function describeTool(tool: Tool<object>): string {
  const lines = [`## ${tool.name}`];
  if (tool.description.trim() !== "") lines.push(tool.description.trim());
  const { hints } = tool;
  const facts = [
    hints.readOnly ? "read-only" : hints.destructive ? "may change or delete data" : "changes data",
    hints.idempotent ? "idempotent" : undefined,
    hints.openWorld ? "reaches outside systems" : "closed world",
    tool.requiresConfirmation ? "asks for confirmation" : undefined,
    tool.externalContent ? "returns outside content" : undefined,
    `origin ${tool.origin}`,
  ].filter((fact) => fact !== undefined);
  lines.push(`Behaviour: ${facts.join(", ")}.`);
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
  const names = Object.keys(properties);
  if (names.length === 0) {
    lines.push("Parameters: none.");
  } else {
    const required = new Set(tool.inputSchema.required ?? []);
    lines.push("Parameters:");
    for (const name of names) {
      lines.push(describeParameter(name, properties[name], required.has(name)));
    }
  }
  return lines.join("\n");
}

function describeParameter(name: string, schema: unknown, required: boolean): string {
  const s = (typeof schema === "object" && schema !== null ? schema : {}) as Record<
    string,
    unknown
  >;
  const details = [schemaType(s), required ? "required" : "optional"];
  if (Array.isArray(s.enum))
    details.push(`one of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (s.default !== undefined) details.push(`default ${JSON.stringify(s.default)}`);
  if (typeof s.format === "string") details.push(`format ${s.format}`);
  const description = typeof s.description === "string" ? `: ${s.description.trim()}` : "";
  return `- ${name} (${details.join(", ")})${description}`;
}

function schemaType(schema: Record<string, unknown>, depth = 0): string {
  // Remote schemas can nest without end: past a few levels, say no more.
  if (depth > 4) return "any";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const { type } = schema;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array") {
    const items = schema.items;
    if (isRecord(items)) return `array of ${schemaType(items, depth + 1)}`;
    return "array";
  }
  if (typeof type === "string") return type;
  for (const combinator of ["anyOf", "oneOf"]) {
    const branches = schema[combinator];
    if (Array.isArray(branches)) {
      return branches
        .map((branch) => schemaType((branch ?? {}) as Record<string, unknown>, depth + 1))
        .join(" | ");
    }
  }
  return "any";
}
