import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { understandInquiry } from '@pp/ai';
import { PracticeReadModel } from '@pp/platform';
import { Job } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../engine/clock';
import { EngineTrigger } from '../../engine/engine-trigger';
import { isAllowedTime } from '../../engine/timing-rules';
import type { SendMessageJob } from '../../outreach/jobs/send-message.job';
import { OutreachQueue } from '../../outreach/outreach-queue';
import { SendLedger } from '../../outreach/send-ledger';
import { missingContact } from '../../outreach/send-rules';
import { Person } from '../../persons/person.entity';
import { CALLS_QUEUE } from '../../queues';
import { LeadActivity, updateEventContent } from '../../timeline/lead-activity';
import { callSummary, transcriptOf } from './call-turns';
import type { CallJob } from './calls-queue';
import type { CallRow } from './voice.service';

/** How far an inbound call's event has come: a later job never moves it back (jobs may run out of order). */
const INBOUND_RANK: Record<string, number> = { ringing: 0, answered: 1, missed: 1, voicemail: 2 };

/** The text-back after a missed call (one SMS, at most once per caller per day). */
export function missedCallText(practiceName: string, phone: string | null): string {
  const back = phone ? ` or call us back at ${phone}` : '';
  return `Hi, this is ${practiceName}. Sorry we missed your call! How can we help? Reply to this text${back}.`;
}

/** The calendar day of `at` in a time zone (YYYY-MM-DD): "once per caller per day" is the practice's day. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * The `calls` queue's worker (ROLE worker or all): what voice webhooks leave for later. Each job is idempotent
 * in the database (locked call row, event fields that only move forward, the send ledger's key for the text-back).
 */
@Processor(CALLS_QUEUE, { concurrency: 2 })
export class CallsProcessor extends WorkerHost {
  private readonly logger = new Logger(CallsProcessor.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: LeadActivity,
    private readonly numbers: PracticeReadModel,
    private readonly outreach: OutreachQueue,
    private readonly engine: EngineTrigger,
    private readonly clock: Clock,
    private readonly ledger: SendLedger,
  ) {
    super();
  }

  async process(job: Job<CallJob>): Promise<unknown> {
    const data = job.data;
    switch (data.kind) {
      case 'dial-ended':
        return this.dialEnded(data.call_id, data.dial_status);
      case 'voicemail-recorded':
        return this.inbound(data.call_id, async (manager, row, person) => {
          if (data.recording_url) {
            await manager.query(`UPDATE "people"."calls" SET "recording_url" = $2 WHERE "call_id" = $1`, [
              row.call_id,
              data.recording_url,
            ]);
          }
          await this.patchInbound(manager, row, person, 'voicemail', {
            recording_url: data.recording_url,
            duration_seconds: data.duration_seconds,
          });
        });
      case 'voicemail-transcribed':
        return this.voicemailTranscribed(data.call_id, data.transcript, data.recording_url);
      case 'call-ended':
        return this.callEnded(data.call_sid, data.status, data.duration_seconds);
      case 'recording':
        return this.recording(data.call_sid, data.recording_url);
      default:
        throw new Error(`Unknown calls job ${(data as { kind?: string }).kind}`);
    }
  }

  private async dialEnded(callId: string, dialStatus: string): Promise<void> {
    const answered = dialStatus === 'completed';
    let textBack: SendMessageJob | null = null;
    await this.inbound(callId, async (manager, row, person) => {
      await manager.query(
        `UPDATE "people"."calls" SET "dial_status" = COALESCE("dial_status", $2), "updated_at" = now() WHERE "call_id" = $1`,
        [row.call_id, dialStatus],
      );
      await this.patchInbound(manager, row, person, answered ? 'answered' : 'missed', {});
      if (!answered) textBack = await this.textBack(manager, row, person);
    });
    if (textBack) await this.outreach.dispatch(textBack);
  }

  /**
   * A missed call's text-back: one SMS per caller per practice day (the send ledger's key), never to a lead
   * who opted out or whose phone is refused, and never in quiet hours (08:00–21:00 in the practice's time zone).
   */
  private async textBack(
    manager: EntityManager,
    row: CallRow,
    person: Person,
  ): Promise<SendMessageJob | null> {
    if (missingContact(person, 'sms')) return null;
    const now = this.clock.now();
    const timeZone = await this.numbers.timezone(row.practice_id);
    if (!isAllowedTime('sms', now, timeZone)) {
      this.logger.log(`no text-back for call ${row.call_id}: quiet hours`);
      return null;
    }
    const practice = await this.numbers.practice(row.practice_id, manager);
    const [location] = await this.numbers.locations(row.practice_id, manager);
    const job: SendMessageJob = {
      idempotency_key: `missed-call:${row.practice_id}:${row.from_number}:${localDay(now, timeZone)}`,
      practice_id: row.practice_id,
      person_id: person.person_id,
      channel: 'sms',
      action_type: 'missed_call_text_back',
      message: missedCallText(practice?.name ?? 'our practice', location?.phone ?? null),
      subject: null,
      source: 'auto_reply',
      decision_id: null,
      edited: false,
      notes: null,
      requested_by_name: null,
    };
    return (await this.outreach.record(manager, job)) ? job : null;
  }

  private async voicemailTranscribed(
    callId: string,
    transcript: string | null,
    recordingUrl: string | null,
  ): Promise<void> {
    await this.inbound(callId, async (manager, row, person) => {
      if (!row.event_id) return;
      const summary = transcript
        ? understandInquiry({ channel: 'phone', text: transcript, practiceProcedures: [] }).inquiry_summary
        : null;
      const changed = await updateEventContent(manager, row.event_id, (content) => {
        if (typeof content.transcript === 'string' || content.transcription_status === 'failed') return null;
        return {
          status: 'voicemail',
          ...(transcript ? { transcript, summary } : { transcription_status: 'failed' }),
          recording_url: recordingUrl ?? content.recording_url ?? row.recording_url ?? null,
        };
      });
      if (!changed) return;
      await this.activity.announce(manager, person);
      // What the caller said goes to the engine, as an inbound message does.
      if (transcript && !missingContact(person, 'phone')) {
        await this.engine.inquiryReceived(manager, {
          practice_id: row.practice_id,
          person_id: person.person_id,
          event_id: row.event_id,
          channel: 'phone',
          received_at: this.clock.now(),
        });
      }
    });
  }

  /** An AI call ended: `phone_call_completed` once, with its transcript and summary; the engine reads it. */
  private async callEnded(callSid: string, status: string, duration: number | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.lockBySid(manager, callSid);
      if (!row || row.direction !== 'outbound' || row.completed_event_id || !row.person_id) return;
      const person = await lockPerson(manager, row.person_id);
      if (!person) return;
      if (status !== 'completed') {
        // Nobody spoke (busy, no answer, failed, canceled): the call's phone_call_sent shows it; no completed call.
        const send = await this.ledger.byProviderId(manager, callSid);
        if (!send?.event_id) return;
        const changed = await updateEventContent(manager, send.event_id, (content) =>
          content.status === status ? null : { status },
        );
        if (changed) await this.activity.announce(manager, person);
        return;
      }
      const spoke = row.turns.some((turn) => turn.from === 'contact');
      const event = await this.activity.append(manager, person, {
        event_type: 'phone_call_completed',
        content_data: {
          call_sid: callSid,
          from_number: row.from_number,
          to_number: row.to_number,
          channel: 'phone',
          status,
          duration_seconds: duration ?? 0,
          recording_url: row.recording_url,
          transcript: row.turns.length ? transcriptOf(row.turns) : null,
          summary: callSummary(row.turns, { handedOver: row.handed_over, status }),
          handed_over: row.handed_over,
        },
        event_metadata: { source: 'twilio', call_sid: callSid, idempotency_key: row.idempotency_key },
      });
      await manager.query(
        `UPDATE "people"."calls" SET "completed_event_id" = $2, "updated_at" = now() WHERE "call_id" = $1`,
        [row.call_id, event.event_id],
      );
      if (spoke && !missingContact(person, 'phone')) {
        await this.engine.inquiryReceived(manager, {
          practice_id: row.practice_id,
          person_id: person.person_id,
          event_id: event.event_id,
          channel: 'phone',
          received_at: this.clock.now(),
        });
      }
    });
  }

  private async recording(callSid: string, recordingUrl: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.lockBySid(manager, callSid);
      if (!row) return;
      await manager.query(`UPDATE "people"."calls" SET "recording_url" = $2 WHERE "call_id" = $1`, [
        row.call_id,
        recordingUrl,
      ]);
      const eventId = row.completed_event_id ?? row.event_id;
      if (!eventId) return;
      await updateEventContent(manager, eventId, (content) =>
        content.recording_url === recordingUrl ? null : { recording_url: recordingUrl },
      );
    });
  }

  /** Runs `work` on a locked inbound call and its lead. */
  private async inbound(
    callId: string,
    work: (manager: EntityManager, row: CallRow, person: Person) => Promise<void>,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [row]: CallRow[] = await manager.query(
        `SELECT * FROM "people"."calls" WHERE "call_id" = $1 FOR UPDATE`,
        [callId],
      );
      if (!row?.person_id || row.direction !== 'inbound') return;
      const person = await lockPerson(manager, row.person_id);
      if (person) await work(manager, row, person);
    });
  }

  /** Moves an inbound call's event forward (ringing → answered/missed → voicemail), never back. */
  private async patchInbound(
    manager: EntityManager,
    row: CallRow,
    person: Person,
    status: string,
    fields: Record<string, unknown>,
  ): Promise<void> {
    if (!row.event_id) return;
    const changed = await updateEventContent(manager, row.event_id, (content) => {
      const current = INBOUND_RANK[String(content.status)] ?? 0;
      const moves = INBOUND_RANK[status] > current;
      const patch: Record<string, unknown> = moves ? { status } : {};
      for (const [key, value] of Object.entries(fields)) {
        if (value !== null && value !== undefined && content[key] == null) patch[key] = value;
      }
      return Object.keys(patch).length ? patch : null;
    });
    if (changed) await this.activity.announce(manager, person);
  }

  private async lockBySid(manager: EntityManager, callSid: string): Promise<CallRow | null> {
    const [row]: CallRow[] = await manager.query(
      `SELECT * FROM "people"."calls" WHERE "call_sid" = $1 FOR UPDATE`,
      [callSid],
    );
    return row ?? null;
  }
}

function lockPerson(manager: EntityManager, personId: string): Promise<Person | null> {
  return manager.findOne(Person, { where: { person_id: personId }, lock: { mode: 'pessimistic_write' } });
}
