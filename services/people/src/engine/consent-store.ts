import type { ConsentWithdrawal } from '@pp/contracts';
import { returnedRows } from '@pp/platform';
import { EntityManager } from 'typeorm';
import type { ConsentFacts, ConsentRecord } from './consent-rules';
import type { ContactChannel } from './timing-rules';

/** The inbound events that show the lead used a channel itself. */
const WROTE_ON: Record<string, ContactChannel> = {
  sms_received: 'sms',
  email_received: 'email',
  phone_call_received: 'phone',
};

/**
 * What the lead agreed to, read in the caller's transaction (the one holding the lead's lock)
 * (docs/product/ai-engine.md#consent-to-contact): its consents not withdrawn, whether a website form made it (a
 * submission taken in by the transaction that created the lead: both rows carry that transaction's now()), and
 * when it last wrote on each channel.
 */
export async function readConsentFacts(manager: EntityManager, personId: string): Promise<ConsentFacts> {
  return (await readConsentFactsOf(manager, [personId])).get(personId) as ConsentFacts;
}

/** `readConsentFacts` of several leads in one statement (a batch of leads, ADR 0032). */
export async function readConsentFactsOf(
  manager: EntityManager,
  personIds: readonly string[],
): Promise<Map<string, ConsentFacts>> {
  // One round trip (read at every stage of every lead).
  const rows: {
    person_id: string;
    records: { channel: ContactChannel; granted: boolean; given_at: string }[];
    from_form: boolean;
    inbound: { event_type: string; at: string }[];
  }[] = await manager.query(
    `SELECT p."person_id",
       COALESCE((
         SELECT json_agg(json_build_object('channel', c."channel", 'granted', c."granted", 'given_at', c."given_at"))
         FROM "people"."consents" c WHERE c."person_id" = p."person_id" AND c."withdrawn_at" IS NULL
       ), '[]'::json) AS "records",
       EXISTS (
         SELECT 1 FROM "people"."form_submissions" s
         WHERE s."person_id" = p."person_id" AND s."created_at" <= p."created_at"
       ) AS "from_form",
       COALESCE((
         SELECT json_agg(json_build_object('event_type', i."event_type", 'at', i."at"))
         FROM (
           SELECT "event_type", max("timestamp") AS "at" FROM "people"."events"
           WHERE "person_id" = p."person_id" AND "event_type" = ANY($2)
             -- an out-of-office is not the lead writing
             AND coalesce("content_data"->>'status', '') <> 'auto_reply'
           GROUP BY "event_type"
         ) i
       ), '[]'::json) AS "inbound"
     FROM "people"."persons" p WHERE p."person_id" = ANY($1::uuid[])`,
    [[...new Set(personIds)], Object.keys(WROTE_ON)],
  );
  const facts = new Map<string, ConsentFacts>();
  // A lead that does not exist (any more) agreed to nothing.
  for (const id of personIds) facts.set(id, { from_form: false, records: [], wrote: {} });
  for (const row of rows) {
    const wrote: ConsentFacts['wrote'] = {};
    for (const entry of row.inbound) wrote[WROTE_ON[entry.event_type]] = new Date(entry.at);
    facts.set(row.person_id, {
      from_form: row.from_form === true,
      records: row.records.map((record): ConsentRecord => ({
        channel: record.channel,
        granted: record.granted,
        at: new Date(record.given_at),
      })),
      wrote,
    });
  }
  return facts;
}

/**
 * An opt-out withdraws every consent the lead gave or refused (docs/product/ai-engine.md#consent-to-contact), an
 * e-mail unsubscribe those of e-mail (`channels`): the rows stay as evidence, marked withdrawn with the reason.
 * Returns how many.
 */
export async function withdrawConsents(
  manager: EntityManager,
  personId: string,
  at: Date,
  reason: ConsentWithdrawal,
  channels: readonly ContactChannel[] = ['sms', 'phone', 'email'],
): Promise<number> {
  const result: unknown[] = await manager.query(
    `UPDATE "people"."consents" SET "withdrawn_at" = $2, "withdrawn_reason" = $3
     WHERE "person_id" = $1 AND "withdrawn_at" IS NULL AND "channel" = ANY($4)
     RETURNING "consent_id"`,
    [personId, at, reason, channels],
  );
  return returnedRows(result).length;
}
