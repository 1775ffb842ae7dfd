// A stand-in for an LLM: its first turn asks for three calls that each need a person's yes (one
// with HTML in its arguments, as a model fed a hostile web page might write), its second turn
// answers from the results. No API key and no network: the example must run anywhere.
import type { ToolCall } from "@toolgate/registry";

/** The model's first turn: the tool calls it asks for, with its call ids. */
export function firstTurn(): ToolCall[] {
  return [
    { id: "call_note", name: "append_note", args: '{"text": "Lunch with Ada on Friday"}' },
    {
      id: "call_mail_ada",
      name: "send_email",
      args: JSON.stringify({ to: "ada@example.com", subject: "Friday", body: "See you at noon." }),
    },
    {
      id: "call_mail_eve",
      name: "send_email",
      args: JSON.stringify({
        to: "eve@example.com",
        subject: "<img src=x onerror=\"document.title='pwned'\">",
        body: "</pre><script>document.title='pwned'</script>",
      }),
    },
  ];
}

/** The model's second turn: what it tells the user once every call has an answer. */
export function finalTurn(results: readonly { tool: string; ran: boolean }[]): string {
  const ran = results.filter((result) => result.ran).map((result) => result.tool);
  return `Done: ${ran.length} of ${results.length} calls ran (${ran.join(", ") || "none"}); the rest were declined.`;
}
