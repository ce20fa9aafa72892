import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, KnownLocation, PracticeReadModel } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { PeopleConfig } from '../../config';
import { Person } from '../../persons/person.entity';
import { LeadActivity, writeTimelineEvent } from '../../timeline/lead-activity';
import { ChannelException, ChannelExceptionCode, ChannelMessages } from '../channel.exception';
import { e164, leadForPhone, TwilioForm } from '../twilio-inbound.service';
import { CallTurn, nextTurn, shortTurn } from './call-turns';
import { CallsQueue } from './calls-queue';
import {
  callerLabel,
  forwardTwiml,
  gatherTwiml,
  hangupTwiml,
  TurnAnswer,
  turnTwiml,
  VOICE_PATHS,
  voicemailTwiml,
  VoicemailInput,
  voiceUrl,
  whisperTwiml,
} from './twiml';

/** A call as `people.calls` keeps it. */
export interface CallRow {
  call_id: string;
  call_sid: string | null;
  idempotency_key: string | null;
  practice_id: string;
  person_id: string | null;
  direction: 'inbound' | 'outbound';
  from_number: string;
  to_number: string;
  script: string | null;
  turns: CallTurn[];
  answers: Record<string, TurnAnswer>;
  handed_over: boolean;
  dial_status: string | null;
  recording_url: string | null;
  event_id: string | null;
  completed_event_id: string | null;
}

/** Twilio's final call statuses (a status callback with one of these ends the call). */
const FINAL_STATUSES = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const seconds = (value: unknown): number | null => {
  const parsed = Number.parseInt(text(value), 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const VoiceMessages = {
  malformed: 'CallSid, From and To are required',
  unknownCall: 'No such call',
} as const;

/**
 * Twilio's voice webhooks (docs/product/channels.md#voice): each answers TwiML at once from what the database
 * holds; anything heavier (timeline events, text-back, the engine) is a `calls` job. Every webhook is idempotent on
 * its CallSid (and turn): a retry gets the same TwiML and changes nothing.
 */
@Injectable()
export class VoiceService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly numbers: PracticeReadModel,
    private readonly activity: LeadActivity,
    private readonly calls: CallsQueue,
    @Inject(CONFIG) private readonly config: PeopleConfig,
  ) {}

  /** An inbound call to a practice number: forward to the practice line with a whisper, then voicemail. */
  async incoming(form: TwilioForm): Promise<string> {
    const sid = text(form.CallSid);
    const from = e164(text(form.From));
    const to = e164(text(form.To));
    if (!sid || !from || !to) {
      throw new ChannelException(ChannelExceptionCode.MalformedWebhook, VoiceMessages.malformed);
    }
    const owner = await this.numbers.numberOwner(to);
    if (!owner) throw new ChannelException(ChannelExceptionCode.UnknownNumber, ChannelMessages.unknownNumber);
    const call = await this.dataSource.transaction(async (manager) => {
      const [claimed]: CallRow[] = await manager.query(
        `INSERT INTO "people"."calls" ("call_sid", "practice_id", "direction", "from_number", "to_number")
         VALUES ($1, $2, 'inbound', $3, $4) ON CONFLICT ("call_sid") DO NOTHING RETURNING *`,
        [sid, owner.practice_id, from, to],
      );
      if (!claimed) return null;
      const person = await leadForPhone(manager, owner.practice_id, from);
      const input = {
        event_type: 'phone_call_received',
        content_data: {
          from_number: from,
          to_number: to,
          call_sid: sid,
          channel: 'phone',
          status: 'ringing',
        },
        event_metadata: { source: 'twilio', call_sid: sid },
      };
      let eventId: string;
      if (person.created) {
        const event = await writeTimelineEvent(manager, person.lead, input);
        await this.activity.announce(manager, person.lead, 'lead_created', event);
        eventId = event.event_id;
      } else {
        eventId = (await this.activity.append(manager, person.lead, input, { markUnseen: true })).event_id;
      }
      await manager.query(
        `UPDATE "people"."calls" SET "person_id" = $2, "event_id" = $3 WHERE "call_id" = $1`,
        [claimed.call_id, person.lead.person_id, eventId],
      );
      return claimed;
    });
    // A retried webhook (same CallSid): the same answer, nothing written.
    const row = call ?? (await this.bySid(sid));
    if (!row || row.practice_id !== owner.practice_id) {
      throw new ChannelException(ChannelExceptionCode.UnknownNumber, ChannelMessages.unknownNumber);
    }
    const practiceLine = await this.practiceLine(row.practice_id);
    return forwardTwiml({
      practiceLine,
      callerId: row.from_number,
      whisperUrl: this.url(VOICE_PATHS.whisper, row),
      dialAction: this.url(VOICE_PATHS.dial, row),
      voicemail: await this.voicemailInput(row),
    });
  }

  /** What staff hear when they pick up a forwarded call: who is calling. */
  async whisper(query: Record<string, unknown>): Promise<string> {
    const row = await this.byId(query.call);
    const practice = await this.numbers.practice(row.practice_id);
    const person = row.person_id
      ? await this.dataSource.getRepository(Person).findOneBy({ person_id: row.person_id })
      : null;
    const isNew = !person || person.created_at.getTime() >= Date.now() - 5 * 60_000;
    return whisperTwiml({
      practiceName: practice?.name ?? 'your practice',
      caller: callerLabel({
        firstName: person?.first_name ?? null,
        lastName: person?.last_name ?? null,
        phone: row.from_number,
        isNew,
      }),
    });
  }

  /** The forward ended: answered → done; otherwise voicemail (and a text-back, by the calls job). */
  async dialEnded(query: Record<string, unknown>, form: TwilioForm): Promise<string> {
    const row = await this.byId(query.call, form);
    const status = text(form.DialCallStatus) || 'no-answer';
    await this.calls.add({ kind: 'dial-ended', call_id: row.call_id, dial_status: status }, row.call_id);
    if (status === 'completed') return hangupTwiml();
    return voicemailTwiml(await this.voicemailInput(row));
  }

  /** The caller finished a voicemail (Record's action). */
  async voicemailRecorded(query: Record<string, unknown>, form: TwilioForm): Promise<string> {
    const row = await this.byId(query.call, form);
    const recording = text(form.RecordingUrl) || null;
    await this.calls.add(
      {
        kind: 'voicemail-recorded',
        call_id: row.call_id,
        recording_url: recording,
        duration_seconds: seconds(form.RecordingDuration),
      },
      row.call_id,
    );
    return hangupTwiml('Thank you, we got your message. Goodbye.');
  }

  /** Twilio's transcription of a voicemail. */
  async voicemailTranscribed(query: Record<string, unknown>, form: TwilioForm): Promise<void> {
    const row = await this.byId(query.call, form);
    const status = text(form.TranscriptionStatus);
    await this.calls.add(
      {
        kind: 'voicemail-transcribed',
        call_id: row.call_id,
        transcript: status === 'failed' ? null : text(form.TranscriptionText) || null,
        recording_url: text(form.RecordingUrl) || null,
      },
      row.call_id,
    );
  }

  /** An AI call was answered: its first turn (the opening of the call script). */
  async aiAnswered(query: Record<string, unknown>, form: TwilioForm): Promise<string> {
    const sid = text(form.CallSid);
    if (!sid) throw new ChannelException(ChannelExceptionCode.MalformedWebhook, VoiceMessages.malformed);
    const opening = await this.dataSource.transaction(async (manager) => {
      const row = await this.lockById(manager, query.call);
      if (row.direction !== 'outbound' || (row.call_sid && row.call_sid !== sid)) throw unknownCall();
      if (row.turns.length > 0) return row.turns[0].text;
      const first = shortTurn(row.script ?? '', 3) || 'Hello, this is your dental practice calling.';
      await manager.query(
        `UPDATE "people"."calls" SET "call_sid" = $2, "turns" = $3::jsonb, "updated_at" = now() WHERE "call_id" = $1`,
        [row.call_id, sid, JSON.stringify([{ from: 'practice', text: first }])],
      );
      return first;
    });
    const id = text(query.call);
    return gatherTwiml({
      text: opening,
      gatherAction: this.url(VOICE_PATHS.gather, { call_id: id }, { turn: 1 }),
    });
  }

  /** The lead answered a turn of an AI call (Gather's SpeechResult; none when silent). */
  async gathered(query: Record<string, unknown>, form: TwilioForm): Promise<string> {
    const turn = Number.parseInt(text(query.turn), 10);
    if (!Number.isInteger(turn) || turn < 1 || turn > 50) throw unknownCall();
    const { row, answer } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.lockById(manager, query.call);
      if (locked.direction !== 'outbound' || locked.call_sid !== text(form.CallSid)) throw unknownCall();
      const stored = locked.answers[String(turn)];
      if (stored) return { row: locked, answer: stored };
      const speech = text(form.SpeechResult);
      const person = locked.person_id
        ? await manager.findOneBy(Person, { person_id: locked.person_id })
        : null;
      const practice = await this.numbers.practice(locked.practice_id, manager);
      const [location] = await this.numbers.locations(locked.practice_id, manager);
      const next = await nextTurn({
        speech,
        turns: locked.turns,
        practice: {
          name: practice?.name ?? 'our practice',
          // On the phone already: no 'call us at'.
          phone: null,
          locationName: location?.name,
        },
        procedures: [],
        firstName: person?.first_name ?? null,
        lastName: person?.last_name ?? null,
      });
      const turns: CallTurn[] = [...locked.turns];
      if (speech) turns.push({ from: 'contact', text: speech });
      if (next.answer.kind !== 'hand_over') turns.push({ from: 'practice', text: next.answer.text });
      else turns.push({ from: 'practice', text: 'Connecting you with our team.' });
      await manager.query(
        `UPDATE "people"."calls"
         SET "turns" = $2::jsonb, "answers" = "answers" || $3::jsonb, "handed_over" = "handed_over" OR $4,
             "updated_at" = now()
         WHERE "call_id" = $1`,
        [
          locked.call_id,
          JSON.stringify(turns),
          JSON.stringify({ [String(turn)]: next.answer }),
          next.answer.kind === 'hand_over',
        ],
      );
      return { row: locked, answer: next.answer };
    });
    return turnTwiml(answer, {
      gatherAction: this.url(VOICE_PATHS.gather, row, { turn: turn + 1 }),
      practiceLine: await this.practiceLine(row.practice_id),
      callerId: row.from_number,
    });
  }

  /** A call's status callback: a final status ends the call (phone_call_completed, by the calls job). */
  async statusChanged(form: TwilioForm): Promise<void> {
    const sid = text(form.CallSid);
    if (!sid) throw new ChannelException(ChannelExceptionCode.MalformedWebhook, VoiceMessages.malformed);
    const status = text(form.CallStatus);
    if (!FINAL_STATUSES.has(status)) return;
    await this.calls.add(
      { kind: 'call-ended', call_sid: sid, status, duration_seconds: seconds(form.CallDuration) },
      sid,
    );
  }

  /** A call's recording is available. */
  async recordingReady(form: TwilioForm): Promise<void> {
    const sid = text(form.CallSid);
    const url = text(form.RecordingUrl);
    if (!sid) throw new ChannelException(ChannelExceptionCode.MalformedWebhook, VoiceMessages.malformed);
    if (!url || (text(form.RecordingStatus) && text(form.RecordingStatus) !== 'completed')) return;
    await this.calls.add(
      { kind: 'recording', call_sid: sid, recording_url: url },
      text(form.RecordingSid) || sid,
    );
  }

  /** The practice line calls are forwarded to: the primary location's phone (E.164), or null. */
  async practiceLine(practiceId: string): Promise<string | null> {
    const locations: KnownLocation[] = await this.numbers.locations(practiceId);
    for (const location of locations) {
      const phone = location.phone ? e164(location.phone) : null;
      if (phone) return phone;
    }
    return null;
  }

  private async voicemailInput(row: CallRow): Promise<VoicemailInput> {
    const practice = await this.numbers.practice(row.practice_id);
    return {
      practiceName: practice?.name ?? 'our practice',
      recordAction: this.url(VOICE_PATHS.voicemail, row),
      transcribeCallback: this.url(VOICE_PATHS.transcription, row),
    };
  }

  private url(
    path: string,
    row: Pick<CallRow, 'call_id'>,
    extra: Record<string, string | number> = {},
  ): string {
    return voiceUrl(this.config.PUBLIC_BASE_URL, path, { call: row.call_id, ...extra });
  }

  private async bySid(sid: string): Promise<CallRow | null> {
    const [row]: CallRow[] = await this.dataSource.query(
      `SELECT * FROM "people"."calls" WHERE "call_sid" = $1`,
      [sid],
    );
    return row ?? null;
  }

  /** The call a callback names; with the callback's form, its CallSid must be the call's own. */
  private async byId(id: unknown, form?: TwilioForm): Promise<CallRow> {
    const callId = text(id);
    if (!UUID.test(callId)) throw unknownCall();
    const [row]: CallRow[] = await this.dataSource.query(
      `SELECT * FROM "people"."calls" WHERE "call_id" = $1`,
      [callId],
    );
    if (!row || (form && row.call_sid !== text(form.CallSid))) throw unknownCall();
    return row;
  }

  private async lockById(manager: EntityManager, id: unknown): Promise<CallRow> {
    const callId = text(id);
    if (!UUID.test(callId)) throw unknownCall();
    const [row]: CallRow[] = await manager.query(
      `SELECT * FROM "people"."calls" WHERE "call_id" = $1 FOR UPDATE`,
      [callId],
    );
    if (!row) throw unknownCall();
    return row;
  }
}

function unknownCall(): ChannelException {
  return new ChannelException(ChannelExceptionCode.UnknownCall, VoiceMessages.unknownCall);
}
