import { Injectable } from '@nestjs/common';
import { PracticeReadModel } from '@pp/platform';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DataSource, EntityManager } from 'typeorm';
import { EngineTrigger, InquiryTrigger } from '../engine/engine-trigger';
import { SendMessageJob } from '../outreach/jobs/send-message.job';
import { OutreachQueue } from '../outreach/outreach-queue';
import { SendLedger } from '../outreach/send-ledger';
import { Person } from '../persons/person.entity';
import { LeadActivity, updateEventContent, writeTimelineEvent } from '../timeline/lead-activity';
import { TimelineEvent } from '../timeline/timeline-event.entity';
import { ChannelException, ChannelExceptionCode, ChannelMessages } from './channel.exception';
import { LeadConsent } from './lead-consent';
import { messageStatus, nextStatus } from './message-status';
import { freeTextOptOut, helpText, optInConfirmation, optOutConfirmation, smsKeyword } from './sms-keywords';

/** The form fields of Twilio's webhooks the product reads (already verified by the gateway). */
export type TwilioForm = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** E.164 of a number as Twilio sends it (already E.164; a national US number is read as such). */
export function e164(value: string): string | null {
  const phone = parsePhoneNumberFromString(value, 'US');
  return phone ? phone.number : null;
}

/**
 * Twilio's inbound SMS and status callbacks (docs/product/channels.md): each MessageSid is handled once.
 * An inbound SMS is appended as `sms_received` to the lead with that number in the practice that owns the `To`
 * number (a new lead when none), then either a keyword (STOP, START, HELP) is answered at once or the engine
 * reads it.
 */
@Injectable()
export class TwilioInboundService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly numbers: PracticeReadModel,
    private readonly activity: LeadActivity,
    private readonly consent: LeadConsent,
    private readonly engine: EngineTrigger,
    private readonly outreach: OutreachQueue,
    private readonly ledger: SendLedger,
  ) {}

  /** True when the message was new. */
  async receiveSms(form: TwilioForm): Promise<boolean> {
    const sid = text(form.MessageSid) || text(form.SmsSid);
    const from = e164(text(form.From));
    const to = e164(text(form.To));
    if (!sid || !from || !to) {
      throw new ChannelException(ChannelExceptionCode.MalformedWebhook, ChannelMessages.malformed);
    }
    const owner = await this.numbers.numberOwner(to);
    if (!owner) throw new ChannelException(ChannelExceptionCode.UnknownNumber, ChannelMessages.unknownNumber);
    const body = typeof form.Body === 'string' ? form.Body : '';
    return this.receive(owner.practice_id, { sid, from, to, body, source: 'twilio' });
  }

  /**
   * An inbound SMS from `from` to the practice, once per `sid`: recorded as `sms_received` on the lead with that
   * number (a new lead when none), then a keyword is answered or the engine reads it. Twilio's webhook and the
   * sandbox's simulated reply (`source: 'sandbox'`) both come here. True when the message was new.
   */
  async receive(
    practiceId: string,
    message: {
      sid: string;
      from: string;
      to: string | null;
      body: string;
      source: 'twilio' | 'sandbox';
      /** The lead it is from, when the caller knows (a simulated reply); else the lead with that number. */
      personId?: string;
    },
    metadata: Record<string, unknown> = {},
  ): Promise<boolean> {
    const { sid, from, to, body } = message;
    const reply = await this.dataSource.transaction(async (manager) => {
      const claimed: unknown[] = await manager.query(
        `INSERT INTO "people"."inbound_messages" ("provider_id", "practice_id")
         VALUES ($1, $2)
         ON CONFLICT ("provider_id") DO NOTHING RETURNING "provider_id"`,
        [sid, practiceId],
      );
      if (claimed.length === 0) return undefined;
      const person = message.personId
        ? {
            lead: await manager.findOneOrFail(Person, {
              where: { person_id: message.personId, practice_id: practiceId },
              lock: { mode: 'pessimistic_write' },
            }),
            created: false,
          }
        : await leadForPhone(manager, practiceId, from);
      const received = new Date();
      const input = {
        event_type: 'sms_received',
        timestamp: received,
        content_data: { from_number: from, to_number: to, message: body, channel: 'sms' },
        event_metadata: { ...metadata, source: message.source, message_sid: sid },
      };
      let event: TimelineEvent;
      if (person.created) {
        event = await writeTimelineEvent(manager, person.lead, input);
        await this.activity.announce(manager, person.lead, 'lead_created', event);
      } else {
        event = await this.activity.append(manager, person.lead, input, { markUnseen: true });
      }
      await manager.query(
        `UPDATE "people"."inbound_messages" SET "person_id" = $2, "event_id" = $3 WHERE "provider_id" = $1`,
        [sid, person.lead.person_id, event.event_id],
      );
      return this.answer(manager, person.lead, body, { sid, event, received });
    });
    if (reply === undefined) return false;
    if (reply) await this.outreach.dispatch(reply);
    return true;
  }

  /**
   * A status callback: the outbound event shows the new status (never moving back). One that arrives while the
   * message's event is still being written is kept on its ledger row, and the event starts at it.
   */
  async statusChanged(form: TwilioForm): Promise<void> {
    const sid = text(form.MessageSid) || text(form.SmsSid);
    if (!sid) throw new ChannelException(ChannelExceptionCode.MalformedWebhook, ChannelMessages.malformed);
    const reported = messageStatus(text(form.MessageStatus) || text(form.SmsStatus));
    if (!reported) return;
    await this.dataSource.transaction(async (manager) => {
      const send = await this.ledger.lockByProviderId(manager, sid);
      if (!send) return;
      const errorCode = text(form.ErrorCode);
      if (!send.event_id) {
        const earlier = send.payload.reported;
        const status = nextStatus(earlier?.status, reported);
        if (send.status === 'sent' && status) {
          const kept = { status, ...(errorCode ? { error_code: errorCode } : {}) };
          await this.ledger.keepReportedStatus(manager, send.idempotency_key, kept);
        }
        return;
      }
      const changed = await updateEventContent(manager, send.event_id, (content) => {
        const status = nextStatus(content.status, reported);
        return status ? { status, ...(errorCode ? { error_code: errorCode } : {}) } : null;
      });
      // An open lead page shows the new status without a reload (the live connection's lead_updated).
      const person = changed ? await manager.findOneBy(Person, { person_id: send.payload.person_id }) : null;
      if (person) await this.activity.announce(manager, person);
    });
  }

  /**
   * A keyword, or a wish to stop told in other words, is answered here, at once, with one SMS (source
   * 'compliance'); any other text goes to the engine, and so does an opt-out that also tells a symptom or an
   * emergency (the engine escalates it) or a keyword that says more in its conversation (CANCEL answering an
   * appointment reminder). Returns the reply to dispatch after commit, or null.
   */
  private async answer(
    manager: EntityManager,
    person: Person,
    body: string,
    inbound: { sid: string; event: TimelineEvent; received: Date },
  ): Promise<SendMessageJob | null> {
    const keyword = smsKeyword(body);
    const freeText = keyword ? null : freeTextOptOut(body);
    const metadata = { source: 'sms_keyword', message_sid: inbound.sid };
    const practice = await this.numbers.practice(person.practice_id);
    const name = practice?.name ?? 'Our practice';
    let message: string | null = null;
    const trigger: InquiryTrigger = {
      practice_id: person.practice_id,
      person_id: person.person_id,
      event_id: inbound.event.event_id,
      channel: 'sms',
      received_at: inbound.received,
    };
    if (freeText && (!freeText.optOut || freeText.needsPerson)) {
      await this.engine.inquiryReceived(manager, trigger);
      if (!freeText.optOut) return null;
    }
    if (keyword === 'opt_out' || freeText?.optOut) {
      const changed = await this.consent.optOut(manager, person, 'sms_keyword', metadata);
      if (changed) message = optOutConfirmation(name);
      // The carriers' CANCEL answering the lead's appointment reminder: the engine reads the cancellation too.
      if (keyword === 'opt_out') await this.engine.optOutKeywordReceived(manager, trigger, body);
    } else if (keyword === 'opt_in') {
      if (await this.consent.optIn(manager, person, body.trim(), metadata)) message = optInConfirmation(name);
    } else if (keyword === 'help') {
      const [location] = await this.numbers.locations(person.practice_id);
      message = helpText(name, location?.phone ?? null);
    }
    if (!message) return null;
    const job: SendMessageJob = {
      idempotency_key: `keyword:${inbound.sid}`,
      practice_id: person.practice_id,
      person_id: person.person_id,
      channel: 'sms',
      action_type: `keyword_${keyword}`,
      message,
      subject: null,
      source: 'compliance',
      decision_id: null,
      edited: false,
      notes: null,
      requested_by_name: null,
    };
    await this.outreach.record(manager, job);
    return job;
  }
}

/** The lead with this phone number in the practice, locked; a new lead when none has it (SMS and calls). */
export async function leadForPhone(
  manager: EntityManager,
  practiceId: string,
  phone: string,
): Promise<{ lead: Person; created: boolean }> {
  const existing = await manager.findOne(Person, {
    where: { practice_id: practiceId, primary_phone: phone },
    order: { created_at: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
  if (existing) return { lead: existing, created: false };
  const now = new Date();
  const lead = await manager.save(
    manager.create(Person, {
      practice_id: practiceId,
      primary_phone: phone,
      stage: 'Lead',
      first_inquiry_at: now,
      last_activity_at: now,
      is_unseen: true,
    }),
  );
  return { lead, created: true };
}
