import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How many earlier messages a reply names in References (RFC 5322 allows more; mail clients need few). */
export const MAX_REFERENCES = 10;

/**
 * The Message-ID of an outreach e-mail: derived from its idempotency key, so a retried send carries the same
 * id (a mailbox that got it once shows it once), on the sending mailbox's domain.
 */
export function messageIdFor(idempotencyKey: string, fromAddress: string): string {
  const domain = fromAddress.split('@')[1] ?? 'practicepilot.invalid';
  const digest = createHash('sha256').update(idempotencyKey, 'utf8').digest('hex').slice(0, 32);
  return `<pp.${digest}@${domain}>`;
}

/**
 * Threading (RFC 5322 section 3.6.4): a message to a lead who already got e-mail from the practice replies to
 * the latest one and references the thread, newest last. `earlier` is newest first, as the ledger lists it.
 */
export function threadHeaders(earlier: string[]): { inReplyTo?: string; references?: string[] } {
  const ids = earlier.filter((id) => /^<[^<>\s]+@[^<>\s]+>$/.test(id)).slice(0, MAX_REFERENCES);
  if (ids.length === 0) return {};
  return { inReplyTo: ids[0], references: [...ids].reverse() };
}

/** RFC 8058 one-click unsubscribe: an HTTPS URI the mailbox provider POSTs `List-Unsubscribe=One-Click` to. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * The unsubscribe token of a lead: its practice, its id and an HMAC over both, so the link works without a
 * sign-in and cannot be made for another lead.
 */
export function unsubscribeToken(secret: Buffer, practiceId: string, personId: string): string {
  return `${practiceId}.${personId}.${signature(secret, practiceId, personId)}`;
}

/** The lead a token names when its signature holds, else null. */
export function verifyUnsubscribeToken(
  secret: Buffer,
  token: string,
): { practiceId: string; personId: string } | null {
  const [practiceId, personId, given, extra] = token.split('.');
  if (!practiceId || !personId || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, practiceId, personId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected)
    ? { practiceId, personId }
    : null;
}

function signature(secret: Buffer, practiceId: string, personId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${practiceId}:${personId}`).digest('base64url');
}
