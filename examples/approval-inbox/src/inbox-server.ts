// The approval inbox: an agent's turn whose calls need a person, a page where that person
// approves or declines them, and the turn resuming with the grant in a new request.
// What a real app keeps in its database is kept here as it would be stored: the model's calls and
// each pending approval as plain JSON text. `pnpm --filter approval-inbox start` serves it.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { type PendingApproval, type ToolCall, ToolRegistry } from "@toolgate/registry";
import { tool } from "@toolgate/tool-core";
import { Type } from "typebox";
import { type CallOutcome, INBOX_SCRIPT, renderInbox } from "./render-inbox.js";
import { finalTurn, firstTurn } from "./scripted-model.js";

/** An email the fake `send_email` tool "sent". */
export interface SentEmail {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

/** A running inbox, and the side effects of its tools, so a test can check what really ran. */
export interface InboxServer {
  /** The page's address (`http://127.0.0.1:<port>/`). */
  readonly url: string;
  /** Lines the `append_note` tool appended. */
  readonly notes: readonly string[];
  /** Emails the `send_email` tool sent. */
  readonly outbox: readonly SentEmail[];
  /** Stops the server. */
  close(): Promise<void>;
}

// The person deciding; a real app takes it from its login session.
const APPROVER = "you@example.com";
const MAX_BODY_BYTES = 16 * 1024;

/** Starts an inbox on 127.0.0.1 at a free port. */
export async function startInboxServer(): Promise<InboxServer> {
  const notes: string[] = [];
  const outbox: SentEmail[] = [];
  const registry = new ToolRegistry({ approval: { key: randomBytes(32), ttlMs: 15 * 60_000 } });
  registry.register(
    tool({
      name: "append_note",
      description: "Append a line to the user's notes.",
      origin: "app",
      parameters: Type.Object({ text: Type.String({ minLength: 1, maxLength: 500 }) }),
      hints: { readOnly: false, destructive: false, openWorld: false },
      requiresConfirmation: true,
      execute: ({ text }) => {
        notes.push(text);
        return `Appended to the notes: ${text}`;
      },
    }),
  );
  registry.register(
    tool({
      name: "send_email",
      description: "Send an email on the user's behalf.",
      origin: "app",
      parameters: Type.Object({ to: Type.String(), subject: Type.String(), body: Type.String() }),
      hints: { readOnly: false, destructive: false, openWorld: true },
      requiresConfirmation: true,
      execute: (email) => {
        outbox.push(email);
        return `Sent "${email.subject}" to ${email.to}.`;
      },
    }),
  );

  // The app's stored state: calls by id, pendings as JSON text by pending id, answered calls.
  const calls = new Map<string, ToolCall>();
  const pendings = new Map<string, string>();
  const outcomes: CallOutcome[] = [];
  let reply: string | undefined;

  const stored = (id: string): PendingApproval | undefined => {
    const text = pendings.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as PendingApproval);
  };
  const answer = (callId: string, outcome: CallOutcome) => {
    outcomes.push(outcome);
    for (const [id, text] of pendings) {
      if ((JSON.parse(text) as PendingApproval).callId === callId) pendings.delete(id);
    }
    // The turn goes on once no call waits: the model reads the results and answers.
    if (pendings.size === 0) reply = finalTurn(outcomes);
  };

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const route = `${request.method} ${path}`;
    if (route === "GET /") {
      const view = {
        canStart: calls.size === 0,
        pendings: [...pendings.keys()].flatMap((id) => stored(id) ?? []),
        outcomes,
        reply,
      };
      return send(response, 200, "text/html; charset=utf-8", renderInbox(view));
    }
    if (route === "GET /inbox.js") {
      return send(response, 200, "text/javascript; charset=utf-8", INBOX_SCRIPT);
    }
    if (route === "POST /turn") {
      // The model's turn: every call answers at once; those that need a person leave a pending.
      if (calls.size === 0) {
        const turn = firstTurn();
        for (const call of turn) calls.set(call.id ?? "", call);
        for (const result of await registry.executeBatch(turn)) {
          if (result.pending !== undefined) {
            pendings.set(result.pending.id, JSON.stringify(result.pending));
          } else {
            const call = calls.get(result.callId ?? "");
            answer(result.callId ?? "", {
              callId: result.callId ?? "",
              tool: call?.name ?? "",
              ran: result.executed,
              text: result.response.text,
            });
          }
        }
      }
      response.writeHead(303, { location: "/" }).end();
      return;
    }
    if (route === "POST /approve") {
      const { id } = await readFields(request, ["id"]);
      const pending = stored(id);
      if (pending === undefined) return sendJson(response, 404, { error: `No pending '${id}'.` });
      const grant = await registry.approve(pending, { by: APPROVER });
      if (grant.status === "refused") return sendJson(response, 409, { error: grant.message });
      return sendJson(response, 200, { callId: grant.pending.callId, token: grant.token });
    }
    if (route === "POST /resume") {
      // A new request resumes the call with the grant; the registry checks the grant against the
      // call as the model made it, and runs it at most once.
      const { callId, token } = await readFields(request, ["callId", "token"]);
      const call = calls.get(callId);
      if (call === undefined) return sendJson(response, 404, { error: `No call '${callId}'.` });
      const result = await registry.executeChecked(call.name, call.args, {
        approval: token,
        callId,
      });
      if (!result.executed) return sendJson(response, 409, { error: result.response.text });
      answer(callId, { callId, tool: call.name, ran: true, text: result.response.text });
      return sendJson(response, 200, { text: result.response.text });
    }
    if (route === "POST /decline") {
      const { id } = await readFields(request, ["id"]);
      const pending = stored(id);
      if (pending === undefined) return sendJson(response, 404, { error: `No pending '${id}'.` });
      const declined = await registry.decline(pending, {
        by: APPROVER,
        reason: "declined in the inbox",
      });
      answer(pending.callId, {
        callId: pending.callId,
        tool: pending.tool,
        ran: false,
        text: declined.text,
      });
      return sendJson(response, 200, { text: declined.text });
    }
    sendJson(response, 404, { error: `No route ${route}.` });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const status = error instanceof BadRequest ? 400 : 500;
      if (status === 500) console.error(error);
      sendJson(response, status, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    notes,
    outbox,
    close: () =>
      new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

/** A request the server cannot read: answered 400 with the message. */
class BadRequest extends Error {}

/** Reads a small JSON body whose named fields are all strings. */
async function readFields<K extends string>(
  request: IncomingMessage,
  names: readonly K[],
): Promise<Record<K, string>> {
  let text = "";
  for await (const chunk of request) {
    text += chunk;
    if (text.length > MAX_BODY_BYTES)
      throw new BadRequest(`The body is over ${MAX_BODY_BYTES} bytes.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequest("The body is not JSON.");
  }
  const fields = {} as Record<K, string>;
  for (const name of names) {
    const value = (body as Record<string, unknown> | null)?.[name];
    if (typeof value !== "string") throw new BadRequest(`The body's '${name}' must be a string.`);
    fields[name] = value;
  }
  return fields;
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, {
    "content-type": type,
    // Only the page's own script runs: an HTML injection that escaping missed could not script.
    "content-security-policy":
      "default-src 'none'; script-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
  });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, "application/json", JSON.stringify(value));
}

// `pnpm start`: serve the inbox until Ctrl-C.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const inbox = await startInboxServer();
  console.log(`Approval inbox: ${inbox.url}`);
}
