// The inbox, tested as a person uses it: a real headless Chromium (Debian's `chromium` package,
// driven by playwright-core) runs the agent's turn, approves one call, declines another, and the
// test checks what really ran. It also replays a grant and presents one for other arguments, as an
// attacker would, and checks both are refused. Exits non-zero on the first claim that fails.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { startInboxServer } from "./inbox-server.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  console.error(
    `approval-inbox: no Chromium at ${CHROMIUM}. Install it with\n` +
      "  command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)\n" +
      "(.ci/run does this), or set CHROMIUM_PATH to a Chromium binary.",
  );
  process.exit(1);
}

const inbox = await startInboxServer();
let browser: Browser | undefined;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM });
  const page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("dialog", (dialog) => problems.push(`dialog: ${dialog.message()}`));
  await run(page);
  assert.deepEqual(problems, [], "the page raised no error and opened no dialog");
  console.log("approval-inbox: every check passed");
} finally {
  await browser?.close();
  await inbox.close();
}

async function run(page: Page): Promise<void> {
  const pendingFor = (callId: string) => page.locator(`li.pending[data-call="${callId}"]`);
  const outcomeFor = (callId: string) => page.locator(`li.outcome[data-call="${callId}"]`);
  const text = async (locator: Locator) => (await locator.textContent()) ?? "";
  const resume = (callId: string, token: string) =>
    page.request.post(`${inbox.url}resume`, { data: { callId, token }, failOnStatusCode: false });

  await page.goto(inbox.url);
  await page.getByRole("button", { name: "Run the agent's turn" }).click();
  await pendingFor("call_note").waitFor();
  assert.equal(await page.locator("li.pending").count(), 3, "each call waits for a person");
  assert.deepEqual([inbox.notes.length, inbox.outbox.length], [0, 0], "nothing ran before a yes");
  const note = pendingFor("call_note");
  assert.match(await text(note.locator("h3")), /^append_note from app$/);
  assert.match(await text(note.locator(".reason")), /approval/i, "the page says why");
  assert.match(await text(note.locator(".hints")), /readOnly: no/, "the page shows the hints");
  console.log("ok: the turn left 3 pending approvals, with tool, origin, reason and hints");

  // HTML in a model's arguments is text on the page: no element made, no script run.
  const eve = await text(pendingFor("call_mail_eve").locator("pre.arguments"));
  assert.ok(
    eve.includes("<script>document.title='pwned'</script>"),
    "the script tag is shown as text",
  );
  assert.ok(eve.includes("<img src=x onerror=\\\"document.title='pwned'\\\">"), "the img tag too");
  assert.equal(
    await page.locator("body img, body script").count(),
    0,
    "no element came from the arguments",
  );
  assert.equal(await page.title(), "Approval inbox", "no injected script ran");
  console.log("ok: HTML in arguments is shown as text");

  // Approve: the page gets a grant, resumes the call with it in a new request, then shows the result.
  // The grant is read off the page's resume request, as an attacker watching the wire would.
  const resumed = page.waitForRequest((request) => request.url().endsWith("/resume"));
  await note.getByRole("button", { name: "Approve" }).click();
  const { token } = (await resumed).postDataJSON() as { token: string };
  await outcomeFor("call_note").waitFor();
  assert.match(
    await text(outcomeFor("call_note")),
    /ran:\s+Appended to the notes: Lunch with Ada on Friday/,
  );
  assert.deepEqual(inbox.notes, ["Lunch with Ada on Friday"], "the approved tool ran once");
  console.log("ok: approved, the tool ran once and the page shows its result");

  // The same grant again: refused, and the tool does not run a second time.
  const replayed = await resume("call_note", token);
  assert.equal(replayed.status(), 409);
  assert.match(((await replayed.json()) as { error: string }).error, /replayed/);
  assert.equal(inbox.notes.length, 1, "a replayed grant did not run the tool again");
  console.log("ok: a replayed grant is refused");

  // A grant for Ada's email, presented for the call with Eve's arguments: refused.
  const adaPending = await pendingFor("call_mail_ada")
    .locator("button[data-action=approve]")
    .getAttribute("data-id");
  const approved = await page.request.post(`${inbox.url}approve`, { data: { id: adaPending } });
  const adaGrant = (await approved.json()) as { token: string };
  const swapped = await resume("call_mail_eve", adaGrant.token);
  assert.equal(swapped.status(), 409);
  assert.match(((await swapped.json()) as { error: string }).error, /other-arguments/);
  assert.equal(inbox.outbox.length, 0, "no email went out on a grant for other arguments");
  console.log("ok: a grant for changed arguments is refused");

  // Decline Eve's email in the page: it never runs, not even with a grant issued before the no.
  const evePending = await pendingFor("call_mail_eve")
    .locator("button[data-action=decline]")
    .getAttribute("data-id");
  const early = await page.request.post(`${inbox.url}approve`, { data: { id: evePending } });
  const earlyGrant = (await early.json()) as { token: string };
  await page.reload();
  await pendingFor("call_mail_eve").getByRole("button", { name: "Decline" }).click();
  await outcomeFor("call_mail_eve").waitFor();
  assert.match(await text(outcomeFor("call_mail_eve")), /did not run:[\s\S]*declined/);
  const late = await resume("call_mail_eve", earlyGrant.token);
  assert.equal(late.status(), 409, "a grant issued before the decline is refused after it");
  assert.match(((await late.json()) as { error: string }).error, /replayed|declined/);
  assert.equal(inbox.outbox.length, 0, "the declined email was not sent");
  console.log("ok: a declined call never runs");

  // Ada's email, approved in the page: the last call answered, so the model's turn ends.
  await pendingFor("call_mail_ada").getByRole("button", { name: "Approve" }).click();
  await page.locator("#reply").waitFor();
  assert.deepEqual(
    inbox.outbox.map((email) => email.to),
    ["ada@example.com"],
  );
  assert.equal(await page.locator("li.pending").count(), 0, "nothing waits any more");
  assert.match(await text(page.locator("#reply")), /Done: 2 of 3 calls ran/);
  console.log("ok: the turn resumed and ended with the model's reply");
}
