import { Injectable, Logger } from '@nestjs/common';
import { ConsentWithdrawal, PendingReviewTypes } from '@pp/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { dismissOpenDecision } from '../decisions/review-items';
import { withdrawConsents } from '../engine/consent-store';
import { endScheduledActions, patchOutreachState } from '../engine/engine-store';
import type { SendMessageJob } from '../outreach/jobs/send-message.job';
import { RecipientRefusedHook } from '../outreach/recipient-refused-hook';
import type { TransportRefusal } from '../outreach/transports/transport-refusal';
import { Consent } from '../intake/consent.entity';
import { Person } from '../persons/person.entity';
import { LeadActivity } from '../timeline/lead-activity';

/**
 * The latest message counts: after an opt-out the lead reads as one in its insights (the AI's reading of earlier
 * messages stays on their timeline events). Nothing when the lead was never read.
 */
function optedOutReading(person: Person, reason: OptOutReason): Record<string, unknown> {
  const insights = person.current_outreach_state?.ai_insights;
  if (!insights) return {};
  return {
    ai_insights: {
      ...insights,
      intent_classification: 'opt_out',
      urgency_level: 'low',
      procedures_of_interest: [],
      key_concerns: [],
      inquiry_summary:
        reason === 'sms_keyword'
          ? 'Asked by text to receive no more messages.'
          : 'Unsubscribed from texts through the mobile carrier.',
      confidence: 1,
      analyzed_at: new Date().toISOString(),
    },
  };
}

/** Where an opt-out came from (content_data.reason of `outreach_stopped`, the consents' withdrawn_reason). */
export type OptOutReason = Extract<ConsentWithdrawal, 'sms_keyword' | 'carrier_unsubscribed'>;

/**
 * A lead's consent to be messaged (docs/product/channels.md#opt-out-keywords): an opt-out takes effect in the
 * transaction that records it — opted_out set, the AI's scheduled actions cancelled, a message waiting for
 * approval dismissed, `outreach_stopped` on the timeline — so nothing scheduled earlier goes out after it (the
 * send ledger and the engine's runner both check opted_out again at send time).
 */
@Injectable()
export class LeadConsent extends RecipientRefusedHook {
  private readonly logger = new Logger(LeadConsent.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: LeadActivity,
  ) {
    super();
  }

  /** Opts the locked lead out; false when it already was. */
  async optOut(
    manager: EntityManager,
    person: Person,
    reason: OptOutReason,
    metadata: Record<string, unknown>,
  ): Promise<boolean> {
    if (person.current_outreach_state?.opted_out === true) return false;
    await endScheduledActions(manager, person, 'cancelled', 'Removal requested');
    const dismissed = await dismissOpenDecision(manager, person.person_id, {
      at: new Date(),
      by: null,
      byName: null,
    });
    if (dismissed && person.pending_review_type === PendingReviewTypes.approval) {
      person.pending_review_type = null;
      await manager.update(Person, { person_id: person.person_id }, { pending_review_type: null });
    }
    await patchOutreachState(manager, person, { opted_out: true, ...optedOutReading(person, reason) });
    await withdrawConsents(manager, person.person_id, new Date(), reason);
    await this.activity.append(manager, person, {
      event_type: 'outreach_stopped',
      content_data: { reason, channel: 'sms' },
      event_metadata: metadata,
    });
    return true;
  }

  /**
   * START / UNSTOP: the lead may be messaged again, and its words are its consent to texts (a ledger row, source
   * sms_keyword); false when it was not opted out.
   */
  async optIn(
    manager: EntityManager,
    person: Person,
    words: string,
    metadata: Record<string, unknown>,
  ): Promise<boolean> {
    if (person.current_outreach_state?.opted_out !== true) return false;
    await patchOutreachState(manager, person, {}, ['opted_out']);
    await manager.insert(Consent, {
      practice_id: person.practice_id,
      person_id: person.person_id,
      channel: 'sms',
      source: 'sms_keyword',
      consent_text: words,
      given_at: new Date(),
      granted: true,
    });
    await this.activity.append(manager, person, {
      event_type: 'outreach_resumed',
      content_data: { reason: 'sms_keyword', channel: 'sms' },
      event_metadata: metadata,
    });
    return true;
  }

  /** A provider refused a message because of its recipient: 21610 opts the lead out, 21211 flags the phone. */
  async afterRefused(
    person: Person,
    job: SendMessageJob,
    refusal: TransportRefusal,
    to: string,
  ): Promise<void> {
    if (refusal.kind === 'rejected') return;
    await this.dataSource.transaction(async (manager) => {
      const locked = await manager.findOne(Person, {
        where: { person_id: person.person_id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked) return;
      const metadata = { source: 'twilio', error_code: refusal.code, idempotency_key: job.idempotency_key };
      if (refusal.kind === 'recipient_opted_out') {
        await this.optOut(manager, locked, 'carrier_unsubscribed', metadata);
      } else if (locked.primary_phone === to) {
        // Kept with the number it is about: a new phone number on the lead clears it (send-rules.ts).
        await patchOutreachState(manager, locked, { invalid_phone: to });
      }
    });
    this.logger.warn(`lead ${person.person_id}: ${refusal.kind} (Twilio ${refusal.code ?? '-'})`);
  }
}
