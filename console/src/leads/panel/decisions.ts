import type { OriginalDecision, TimelineEventDto } from '@pp/contracts';
import { en } from '../../i18n/en';

/** A decision waiting for review, as the side panel's review box shows it (docs/product/leads.md, docs/product/lead-panel.md). */
export interface ReviewItem {
  eventId: string;
  timestamp: string;
  decision: OriginalDecision;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * The open decision: the newest pending_review event that carries an original decision and has not been
 * resolved (no resolved_at on the event or on the decision). Null when there is none.
 */
export function openDecision(events: readonly TimelineEventDto[] | undefined): ReviewItem | null {
  const candidates = (events ?? [])
    .filter((event) => event.event_type === 'pending_review')
    .filter((event) => isRecord(event.content_data.original_decision) && !event.content_data.resolved_at)
    .filter((event) => !(event.content_data.original_decision as Record<string, unknown>).resolved_at)
    .sort((a, b) => new Date(b.timestamp).getTime() - new Date(a.timestamp).getTime());
  const newest = candidates[0];
  if (!newest) return null;
  const raw = newest.content_data.original_decision as Record<string, unknown>;
  const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  return {
    eventId: newest.event_id,
    timestamp: newest.timestamp,
    decision: {
      decision_id: textOf(raw.decision_id) ?? newest.event_id,
      action_type: textOf(raw.action_type) ?? textOf(newest.content_data.action_type) ?? '',
      channel: textOf(raw.channel) ?? textOf(newest.content_data.channel) ?? '',
      message: textOf(raw.message),
      subject: textOf(raw.subject),
      reasoning: textOf(raw.reasoning),
    },
  };
}

export type DecisionKind = 'sms' | 'email' | 'call' | 'other';

/** send_sms/sms_initial → SMS, send_email/email_initial → email, schedule_call/phone_call_* → call. */
export function decisionKind(actionType: string | null | undefined): DecisionKind {
  const type = (actionType ?? '').trim().toLowerCase();
  if (type === 'send_sms' || type === 'sms_initial') return 'sms';
  if (type === 'send_email' || type === 'email_initial') return 'email';
  if (type === 'schedule_call' || type.startsWith('phone_call_')) return 'call';
  return 'other';
}

/** 'SMS Ready to Send', 'Email Ready to Send', 'Call to Schedule', else 'Action Ready' (docs/product/lead-panel.md). */
export function decisionLabel(actionType: string | null | undefined): string {
  const t = en.pp.leads.panel;
  return { sms: t.sms_ready, email: t.email_ready, call: t.call_ready, other: t.action_ready }[
    decisionKind(actionType)
  ];
}
