import type { ConversationTurn, LeadScore, Understanding } from '@pp/ai';
import type { AiInsights } from '@pp/contracts';

/**
 * What the engine stores on a lead after reading it (docs/product/ai-engine.md#understanding-deciding-acting): the insights, the
 * behavioural analysis with the explainable score, and the analysis of the inbound event. Pure.
 */

/** A timeline event as the engine reads it. */
export interface TimelineFact {
  event_id: string;
  event_type: string;
  timestamp: Date;
  session_id: string | null;
  content_data: Record<string, unknown>;
}

export const INBOUND_TYPES = ['form_submission', 'sms_received', 'email_received', 'phone_call_received'];
export const OUTBOUND_TYPES = ['sms_sent', 'email_sent', 'phone_call_sent'];

export interface TimelineMetrics {
  total_sessions: number;
  total_pages_viewed: number;
  /** Seconds. */
  total_time_on_site: number;
}

/** Sessions, pages and time on site from the lead's pageviews and visits. */
export function calculatedMetrics(events: readonly TimelineFact[]): TimelineMetrics {
  const sessions = new Set<string>();
  let pages = 0;
  let seconds = 0;
  for (const event of events) {
    if (event.event_type !== 'pageview' && event.event_type !== 'website_visit') continue;
    if (event.session_id) sessions.add(event.session_id);
    if (event.event_type === 'pageview') {
      pages++;
      const duration = Number(event.content_data.duration_seconds);
      if (Number.isFinite(duration) && duration > 0) seconds += duration;
    }
  }
  return {
    total_sessions: sessions.size,
    total_pages_viewed: pages,
    total_time_on_site: Math.round(seconds),
  };
}

/** The text of an inbound or outbound event: a message, or a form's message-like field. */
export function eventText(event: Pick<TimelineFact, 'content_data'>): string | null {
  const c = event.content_data;
  if (typeof c.message === 'string' && c.message.trim()) return c.message;
  const mapped = c.mapped as Record<string, unknown> | undefined;
  if (mapped && typeof mapped.message === 'string' && mapped.message.trim()) return mapped.message;
  const form = c.form_data;
  if (form && typeof form === 'object') {
    const fields = form as Record<string, unknown>;
    for (const key of ['message', 'comments', 'questions', 'question', 'notes']) {
      const value = fields[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  if (typeof c.transcript === 'string' && c.transcript.trim()) return c.transcript;
  return null;
}

/** A form field that gives a date of birth, whatever the website named it ('dob', 'your-birthday', 'fecha_nacimiento'). */
const BIRTH_FIELD = /birth|(^|[^a-z])dob([^a-z]|$)|nacimiento|nascimento/i;

/**
 * A form's mapped fields other than the message, for the model (procedure_interest, preferred_time …), and a date
 * of birth the practice's mapping keeps as additional info, as `date_of_birth` (the model reads it as an age on the
 * day the form came in).
 */
export function formFields(event: Pick<TimelineFact, 'content_data'>): Record<string, string> {
  const form = event.content_data.mapped ?? event.content_data.form_data;
  if (!form || typeof form !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(form as Record<string, unknown>)) {
    if (typeof value === 'string' && value.trim()) fields[key] = value;
  }
  const additional = event.content_data.additional_info;
  if (additional && typeof additional === 'object') {
    for (const [key, value] of Object.entries(additional as Record<string, unknown>)) {
      if (BIRTH_FIELD.test(key) && typeof value === 'string' && value.trim()) {
        fields.date_of_birth = value;
        break;
      }
    }
  }
  return fields;
}

const CHANNEL_OF: Record<string, ConversationTurn['channel']> = {
  form_submission: 'form',
  sms_received: 'sms',
  sms_sent: 'sms',
  email_received: 'email',
  email_sent: 'email',
  phone_call_received: 'phone',
  phone_call_sent: 'phone',
};

/** The conversation before an event, oldest first, at most `limit` turns. */
export function conversation(
  events: readonly TimelineFact[],
  beforeEventId: string | null,
  limit = 10,
): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  const ordered = [...events].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  for (const event of ordered) {
    if (event.event_id === beforeEventId) break;
    const inbound = INBOUND_TYPES.includes(event.event_type);
    if (!inbound && !OUTBOUND_TYPES.includes(event.event_type)) continue;
    const text = eventText(event);
    if (!text) continue;
    turns.push({
      from: inbound ? 'contact' : 'practice',
      text,
      channel: CHANNEL_OF[event.event_type],
      at: event.timestamp.toISOString(),
    });
  }
  return turns.slice(-limit);
}

export function aiInsights(u: Understanding, now: Date): AiInsights {
  return {
    intent_classification: u.intent,
    procedures_of_interest: u.procedures_of_interest,
    urgency_level: u.urgency_level,
    key_concerns: u.key_concerns,
    inquiry_summary: u.inquiry_summary,
    language: u.language,
    confidence: round2(u.confidence),
    analyzed_at: now.toISOString(),
    model: u.model,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function engagement(inbound: number, outbound: number, metrics: TimelineMetrics) {
  const score = Math.min(
    100,
    Math.round(
      inbound * 25 + Math.min(outbound, 4) * 5 + metrics.total_sessions * 10 + metrics.total_pages_viewed * 3,
    ),
  );
  const level = score >= 60 ? 'high' : score >= 30 ? 'medium' : 'low';
  return { score, level };
}

function conversationStage(inbound: number, outbound: number, intent: string): string {
  if (intent === 'booking' || intent === 'reschedule') return 'ready_to_book';
  if (outbound === 0) return 'new_inquiry';
  if (inbound > 1) return 'in_conversation';
  return 'awaiting_reply';
}

/** behavioral_insights as the lead panel reads it, with the explainable score's factors. */
export function behavioralInsights(input: {
  understanding: Understanding;
  score: LeadScore;
  metrics: TimelineMetrics;
  inboundMessages: number;
  outboundMessages: number;
  now: Date;
}): Record<string, unknown> {
  const { understanding: u, score, metrics } = input;
  const engaged = engagement(input.inboundMessages, input.outboundMessages, metrics);
  return {
    lead_intelligence: {
      lead_score: score.lead_score,
      conversion_probability: score.conversion_probability,
      score_factors: score.factors,
      procedure_interest: u.procedures_of_interest.map((procedure_name) => ({ procedure_name })),
      predicted_objections: u.objections,
      budget_indicator: u.budget_indicator,
      urgency_level: u.urgency_level,
    },
    conversation_analysis: {
      engagement_level: engaged.level,
      engagement_score: engaged.score,
      buying_signals: u.buying_signals,
      detected_objections: u.objections.map((o) => o.objection_type),
      conversation_stage: conversationStage(input.inboundMessages, input.outboundMessages, u.intent),
    },
    response_patterns: {
      communication_style: u.communication_style,
      preferred_contact_method: u.preferred_contact_method,
      preferred_contact_time: u.preferred_contact_time,
    },
    calculated_metrics: metrics,
    confidence_score: round2(u.confidence),
    last_analysis_at: input.now.toISOString(),
  };
}

/** event_metadata.ai_content_analysis of the inbound event. */
export function contentAnalysis(u: Understanding): Record<string, unknown> {
  return {
    urgency_level: u.urgency_level,
    intent_classification: u.intent,
    inquiry_summary: u.inquiry_summary,
    key_concerns: u.key_concerns,
    reasoning: u.reasoning,
  };
}
