import type { ConsentWithdrawal } from '@pp/contracts';
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
  const records: { channel: ContactChannel; granted: boolean; given_at: Date }[] = await manager.query(
    `SELECT "channel", "granted", "given_at" FROM "people"."consents"
     WHERE "person_id" = $1 AND "withdrawn_at" IS NULL`,
    [personId],
  );
  const [made]: { from_form: boolean }[] = await manager.query(
    `SELECT EXISTS (
       SELECT 1 FROM "people"."form_submissions" s JOIN "people"."persons" p ON p."person_id" = s."person_id"
       WHERE s."person_id" = $1 AND s."created_at" <= p."created_at"
     ) AS "from_form"`,
    [personId],
  );
  const inbound: { event_type: string; at: Date }[] = await manager.query(
    `SELECT "event_type", max("timestamp") AS "at" FROM "people"."events"
     WHERE "person_id" = $1 AND "event_type" = ANY($2)
       AND coalesce("content_data"->>'status', '') <> 'auto_reply' -- an out-of-office is not the lead writing
     GROUP BY "event_type"`,
    [personId, Object.keys(WROTE_ON)],
  );
  const wrote: ConsentFacts['wrote'] = {};
  for (const row of inbound) wrote[WROTE_ON[row.event_type]] = new Date(row.at);
  return {
    from_form: made?.from_form === true,
    records: records.map((row): ConsentRecord => ({
      channel: row.channel,
      granted: row.granted,
      at: new Date(row.given_at),
    })),
    wrote,
  };
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
  return Array.isArray(result[0]) ? (result[0] as unknown[]).length : result.length;
}
