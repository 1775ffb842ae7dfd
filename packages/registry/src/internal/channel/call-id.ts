let prefix: string | undefined;
let count = 0;

/**
 * An id for a call whose caller gave none, so that its events (and its span, and its pending
 * approval) can be told from a concurrent call's. Unique within the process: a counter, behind a
 * random prefix that keeps two processes' ids apart in one log. Not a secret, so no CSPRNG (and
 * no crypto.randomUUID, which costs several times a whole trivial call).
 */
export function newCallId(): string {
  prefix ??= `tg-${Math.random().toString(36).slice(2, 10)}-`;
  count++;
  return prefix + count.toString(36);
}
