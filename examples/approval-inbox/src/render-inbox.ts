// The inbox page, as one HTML string. Every value on it may come from a model (arguments above
// all), so every value goes through escapeHtml; the page's one script is a separate file that the
// Content-Security-Policy allows, and no inline script runs even if escaping were ever missed.
import type { PendingApproval } from "@toolgate/registry";

/** One answered call, as the page lists it. */
export interface CallOutcome {
  /** The model's call id. */
  readonly callId: string;
  /** The tool's name. */
  readonly tool: string;
  /** Whether the tool ran (false: declined, or refused by the gate). */
  readonly ran: boolean;
  /** The response text the model gets. */
  readonly text: string;
}

/** Everything the page shows. */
export interface InboxView {
  /** Whether the agent's turn has not started yet (shows the start button). */
  readonly canStart: boolean;
  /** The calls that wait for a person, as stored (plain JSON). */
  readonly pendings: readonly PendingApproval[];
  /** The calls answered so far, in order. */
  readonly outcomes: readonly CallOutcome[];
  /** The model's closing message, once no call waits. */
  readonly reply: string | undefined;
}

// The five characters HTML gives meaning to, in text and in quoted attributes.
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const hintList = (pending: PendingApproval): string =>
  Object.entries(pending.hints)
    .map(([name, on]) => `${escapeHtml(name)}: ${on ? "yes" : "no"}`)
    .join(", ");

function renderPending(pending: PendingApproval): string {
  const id = escapeHtml(pending.id);
  return `<li class="pending" data-call="${escapeHtml(pending.callId)}">
  <h3><code>${escapeHtml(pending.tool)}</code> from <code>${escapeHtml(pending.origin)}</code></h3>
  <p class="reason">${escapeHtml(pending.reason)}</p>
  <p class="hints">Hints: ${hintList(pending)}</p>
  <pre class="arguments">${escapeHtml(JSON.stringify(pending.arguments, null, 2))}</pre>
  <p>Expires ${escapeHtml(new Date(pending.expiresAt).toISOString())}</p>
  <button type="button" data-action="approve" data-id="${id}">Approve</button>
  <button type="button" data-action="decline" data-id="${id}">Decline</button>
</li>`;
}

function renderOutcome(outcome: CallOutcome): string {
  return `<li class="outcome ${outcome.ran ? "ran" : "not-run"}" data-call="${escapeHtml(outcome.callId)}">
  <code>${escapeHtml(outcome.tool)}</code> ${outcome.ran ? "ran" : "did not run"}:
  <pre>${escapeHtml(outcome.text)}</pre>
</li>`;
}

/** The whole inbox page. */
export function renderInbox(view: InboxView): string {
  const start = view.canStart
    ? `<form method="post" action="/turn"><button type="submit">Run the agent's turn</button></form>`
    : "";
  const pendings = view.pendings.length
    ? `<ul id="pendings">${view.pendings.map(renderPending).join("\n")}</ul>`
    : "<p>Nothing waits for you.</p>";
  const reply = view.reply === undefined ? "" : `<p id="reply">${escapeHtml(view.reply)}</p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Approval inbox</title><script src="/inbox.js" defer></script></head>
<body>
<h1>Approval inbox</h1>
${start}
<h2>Waiting for you</h2>
${pendings}
<p id="status" role="status"></p>
<h2>Results</h2>
<ul id="outcomes">${view.outcomes.map(renderOutcome).join("\n")}</ul>
${reply}
</body>
</html>`;
}

/**
 * The page's script: Approve asks the server for a grant, then resumes the call with it in a new
 * request, as an app whose approver and agent run apart would; Decline declines. Then it reloads.
 */
export const INBOX_SCRIPT = `
async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error);
  return answer;
}
for (const button of document.querySelectorAll("button[data-action]")) {
  button.addEventListener("click", async () => {
    try {
      if (button.dataset.action === "decline") {
        await post("/decline", { id: button.dataset.id });
      } else {
        const grant = await post("/approve", { id: button.dataset.id });
        await post("/resume", { callId: grant.callId, token: grant.token });
      }
      location.reload();
    } catch (error) {
      document.getElementById("status").textContent = error.message;
    }
  });
}
`;
