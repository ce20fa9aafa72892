import type { ConsentWithdrawal } from '@pp/contracts';
import { EntityManager } from 'typeorm';
import { withdrawConsents } from '../engine/consent-store';
import { Person } from '../persons/person.entity';
import { LeadActivity } from '../timeline/lead-activity';

/** How a lead stopped e-mail: the one-click link (RFC 8058), or a reply asking to stop. */
export type EmailOptOutReason = Extract<ConsentWithdrawal, 'email_unsubscribe' | 'email_reply'>;

/**
 * Stops e-mail to the locked lead at once (send-rules.ts refuses it from then on): `email_opted_out` set, its
 * e-mail consents withdrawn with the reason (the consent ledger), `outreach_stopped` on the timeline. Texts and
 * calls are unaffected. False when e-mail was already stopped.
 */
export async function stopEmail(
  manager: EntityManager,
  activity: LeadActivity,
  lead: Person,
  reason: EmailOptOutReason,
  metadata: Record<string, unknown> = {},
): Promise<boolean> {
  if (lead.current_outreach_state?.email_opted_out === true) return false;
  // Merged in SQL: the other keys of the state (control mode, insights) stay as they are.
  await manager.query(
    `UPDATE "people"."persons" SET "current_outreach_state" =
       coalesce("current_outreach_state", '{}'::jsonb) || '{"email_opted_out": true}'::jsonb
     WHERE "person_id" = $1`,
    [lead.person_id],
  );
  lead.current_outreach_state = { ...lead.current_outreach_state, email_opted_out: true };
  await withdrawConsents(manager, lead.person_id, new Date(), reason, ['email']);
  await activity.append(manager, lead, {
    event_type: 'outreach_stopped',
    content_data: { channel: 'email', reason },
    event_metadata: metadata,
  });
  return true;
}
