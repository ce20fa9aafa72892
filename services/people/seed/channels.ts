import { SeedPractice } from './practices';
import { Rng } from './prng';
import * as T from './texts';
import { LeadPlan } from './types';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** An event before it gets its id: `at` is epoch milliseconds. */
export interface Draft {
  type: string;
  at: number;
  session_id?: string | null;
  source_identifier?: string | null;
  content?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/** What the AI made of the lead; repeated on inbound events (event_metadata.ai_content_analysis). */
export interface Analysis {
  urgency_level: 'low' | 'medium' | 'high';
  intent_classification: string;
  inquiry_summary: string;
  key_concerns: string[];
  lead_score: number;
}

export type Meta = Record<string, unknown>;

/**
 * The primitives of a lead's timeline: texts filled for the lead, SMS, email and calls between the
 * lead and the practice's number/address, and who acted (the AI with its reasoning, or a staff member).
 */
export class Channels {
  readonly vars: Record<string, string>;
  private markupUsed = 0;

  constructor(
    protected readonly rng: Rng,
    protected readonly practice: SeedPractice,
    protected readonly plan: LeadPlan,
    private readonly analysis: Analysis,
  ) {
    this.vars = {
      first: plan.first_name ?? 'there',
      proc: plan.procedures[0],
      practice: practice.name,
      assistant: practice.assistantName,
      day: rng.pick(T.DAYS),
      time: rng.pick(T.TIMES),
    };
  }

  text(templates: readonly string[]): string {
    return T.fill(this.rng.pick(templates), this.vars);
  }

  /** What a lead typed. For leads with markup, the markup texts in turn (so the named leads get each). */
  protected inbound(templates: readonly string[], markup: boolean): string {
    if (!markup) return this.text(templates);
    return T.fill(T.MARKUP_TEXTS[this.markupUsed++ % T.MARKUP_TEXTS.length], this.vars);
  }

  /** Metadata of an inbound event: the AI's reading of it and the lead score it led to. */
  protected analysed(extra: Meta = {}): Meta {
    const { lead_score, ...analysis } = this.analysis;
    return {
      ai_content_analysis: { ...analysis, reasoning: `Inquiry about ${this.plan.procedures.join(', ')}.` },
      calculated_lead_score: lead_score,
      ...extra,
    };
  }

  byAi(why: keyof typeof T.ORCHESTRATOR_REASONS): Meta {
    return { orchestrator_decision: { reasoning: T.ORCHESTRATOR_REASONS[why] } };
  }

  byStaff(): Meta {
    return { performed_by_name: this.rng.pick(this.practice.staff), source: 'human_action' };
  }

  /** An SMS; `meta` says who sent an outbound one (the AI by default). */
  sms(type: 'sms_sent' | 'sms_received', at: number, message: string, meta?: Meta): Draft {
    const lead = this.plan.phone ?? '';
    const practice = this.practice.practiceNumber;
    const sent = type === 'sms_sent';
    return {
      type,
      at,
      source_identifier: lead,
      content: {
        message,
        to_number: sent ? lead : practice,
        from_number: sent ? practice : lead,
        channel: 'sms',
        ...(sent ? { mock_execution: true } : {}),
      },
      meta: sent ? (meta ?? this.byAi('reply')) : this.analysed(),
    };
  }

  email(
    type: 'email_sent' | 'email_received',
    at: number,
    subject: string,
    message: string,
    meta?: Meta,
  ): Draft {
    const sent = type === 'email_sent';
    return {
      type,
      at,
      source_identifier: this.plan.email,
      content: {
        subject,
        message,
        to_email: sent ? this.plan.email : this.practice.emailFrom,
        from_email: sent ? this.practice.emailFrom : this.plan.email,
        channel: 'email',
        ...(sent ? { mock_execution: true } : {}),
      },
      meta: sent ? (meta ?? this.byAi('reply')) : this.analysed(),
    };
  }

  /** A message from the practice by SMS when the lead has a phone, else by email. */
  message(at: number, text: string, subject: string, meta: Meta): Draft {
    return this.plan.phone
      ? this.sms('sms_sent', at, text, meta)
      : this.email('email_sent', at, subject, text, meta);
  }

  /** What the lead wrote back, by SMS when they have a phone, else by email. */
  reply(at: number, text: string, subject: string): Draft {
    return this.plan.phone
      ? this.sms('sms_received', at, text)
      : this.email('email_received', at, subject, text);
  }

  /** A call and its completed-call event, sharing the call_sid (the console merges them by it). */
  call(t: number, direction: 'sent' | 'received', answered: boolean, meta: Meta): Draft[] {
    const r = this.rng;
    const sid = `CA${r.hex(32)}`;
    const lead = this.plan.phone ?? '';
    const practice = this.practice.practiceNumber;
    const outbound = direction === 'sent';
    const duration = answered ? r.int(95, 520) : r.int(18, 45);
    const voicemail = `AI: Hi ${this.vars.first}, this is ${this.vars.assistant} from ${this.vars.practice}. Please call us back at your convenience.`;
    return [
      {
        type: outbound ? 'phone_call_sent' : 'phone_call_received',
        at: t,
        source_identifier: lead,
        content: {
          call_sid: sid,
          from_number: outbound ? practice : lead,
          to_number: outbound ? lead : practice,
        },
        meta,
      },
      {
        type: 'phone_call_completed',
        at: t + duration * SECOND,
        source_identifier: lead,
        content: {
          call_sid: sid,
          duration_seconds: duration,
          status: 'completed',
          summary: this.text(answered ? T.CALL_SUMMARIES_ANSWERED : T.CALL_SUMMARIES_VOICEMAIL),
          transcript: answered ? T.fill(T.TRANSCRIPT, this.vars) : voicemail,
          recording_url: `https://recordings.practicepilot.example/${sid}.mp3`,
        },
        meta: answered ? this.analysed() : {},
      },
    ];
  }
}
