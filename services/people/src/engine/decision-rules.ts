import { ESCALATE_BELOW_CONFIDENCE, type EscalationFinding, type Understanding } from '@pp/ai';
import type { BusinessHours, EscalationPriority, EscalationReason } from '@pp/contracts';
import { ConsentFacts, consentAllows, consentWhy } from './consent-rules';
import { ContactChannel, ContactClock, followUpTime, nextAllowedTime } from './timing-rules';

/**
 * What the engine does after reading a lead (docs/product/ai-engine.md#understanding-deciding-acting). Pure: the processors load the
 * facts, call `decide` or `nextFollowUp`, and apply the result in one transaction.
 */

export type ActionKind = 'first_contact' | 'reply' | 'follow_up' | 'reminder';
export type TriggerChannel = 'form' | 'sms' | 'email' | 'chat' | 'manual';

/** Stages where the engine starts nothing: the lead booked, or the practice closed it (or a person has it). */
export const QUIET_STAGES = [
  'Scheduled',
  'Post Consultation',
  'Booked Procedure',
  'Closed - Lost',
  'Escalated',
];

/** The follow-up cadence when a lead goes quiet after an outbound message: days after it, and channels in order. */
export const CADENCE: readonly { afterDays: number; channels: readonly ContactChannel[] }[] = [
  { afterDays: 1, channels: ['sms', 'email'] },
  { afterDays: 3, channels: ['email', 'sms'] },
  { afterDays: 7, channels: ['sms', 'email'] },
];

export interface LeadFacts {
  stage: string;
  control_mode: 'ai' | 'human';
  opted_out: boolean;
  has_phone: boolean;
  has_email: boolean;
  /** An outbound message (sms, email or call) was ever sent to the lead. */
  contacted_before: boolean;
  /**
   * What the lead agreed to (docs/product/ai-engine.md#consent-to-contact): only channels it opens are used.
   * Absent only where the caller cannot load it (planning a follow-up after a send): the action then checks
   * consent when it falls due.
   */
  consent?: ConsentFacts;
}

export interface PracticeFacts {
  /** Channels the practice enabled for outreach. */
  channels: Record<ContactChannel, boolean>;
  /** The location's time zone: its business hours and a follow-up's calendar days are read there. */
  timeZone: string;
  hours: BusinessHours | null;
  /** The lead's clock: texts and calls only inside its calling hours (timing-rules.ts). */
  contact: ContactClock;
}

export interface DecisionInput {
  understanding: Pick<
    Understanding,
    'intent' | 'escalation' | 'confidence' | 'preferred_contact_method' | 'urgency_level'
  >;
  trigger: { channel: TriggerChannel; text: string | null };
  lead: LeadFacts;
  practice: PracticeFacts;
  now: Date;
  /**
   * Set when the lead was contacted and has not written since (the engine looks again without a new message,
   * e.g. back from human control): the cadence goes on from there.
   */
  quiet?: { sent_follow_ups: number; last_outbound_at: Date };
}

export interface PlannedAction {
  kind: ActionKind;
  channel: ContactChannel;
  due_at: Date;
  reason: string;
  follow_up_number: number | null;
}

export type Decision =
  | { type: 'stop'; reason: 'opt_out' | 'spam' | 'wrong_number'; close: boolean }
  | {
      type: 'escalate';
      reason: EscalationReason;
      priority: EscalationPriority;
      message: string;
      /** The message also asks for no more messages: the opt-out is recorded with the escalation. */
      optOut?: true;
    }
  | { type: 'none'; why: string; reason?: 'no_consent' }
  | { type: 'act'; action: PlannedAction };

/** How much of the inbound text an escalation quotes for staff. */
const EXCERPT_LENGTH = 280;

export function excerpt(text: string | null): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > EXCERPT_LENGTH ? `${clean.slice(0, EXCERPT_LENGTH - 1)}…` : clean;
}

/**
 * The decision for a lead the engine just read. In order: an opt-out, spam or a wrong number stop outreach (an
 * opt-out that also tells a symptom or an emergency is recorded and escalated: a person still hears of it); a
 * finding that needs a person (or a reading too unsure to act on) escalates; a lead under human control or in a
 * quiet stage gets nothing; otherwise the next message, on the best channel, at the first allowed time.
 */
export function decide(input: DecisionInput): Decision {
  const { understanding: u, lead, trigger } = input;
  if (u.intent === 'opt_out' && u.escalation) {
    const { reason, priority } = u.escalation;
    return { type: 'escalate', reason, priority, message: excerpt(trigger.text), optOut: true };
  }
  if (u.intent === 'opt_out') return { type: 'stop', reason: 'opt_out', close: true };
  if (u.intent === 'spam') return { type: 'stop', reason: 'spam', close: true };
  if (u.intent === 'wrong_number') return { type: 'stop', reason: 'wrong_number', close: false };

  const hasText = Boolean(trigger.text?.trim());
  const escalation: EscalationFinding | null =
    u.escalation ??
    (hasText && u.confidence < ESCALATE_BELOW_CONFIDENCE
      ? { reason: 'low_confidence', priority: 'medium', evidence: trigger.text ?? '' }
      : null);
  if (escalation) {
    return {
      type: 'escalate',
      reason: escalation.reason,
      priority: escalation.priority,
      message: excerpt(trigger.text),
    };
  }

  if (lead.control_mode === 'human') return { type: 'none', why: 'A person handles this lead' };
  if (lead.opted_out) return { type: 'none', why: 'The lead asked not to be contacted' };
  if (QUIET_STAGES.includes(lead.stage)) return { type: 'none', why: `The lead is in stage ${lead.stage}` };

  if (!hasText && input.quiet) {
    const followUp = nextFollowUp({ ...input.quiet, lead, practice: input.practice });
    if (!followUp) {
      const step = CADENCE[input.quiet.sent_follow_ups];
      if (!step) return { type: 'none', why: 'The follow-up cadence is over' };
      return noChannel(step.channels, lead, input.practice.channels);
    }
    const due = new Date(Math.max(followUp.due_at.getTime(), input.now.getTime()));
    return {
      type: 'act',
      action: { ...followUp, due_at: nextAllowedTime(followUp.channel, due, input.practice.contact) },
    };
  }

  const channel = chooseChannel({
    preferred: u.preferred_contact_method,
    inbound: trigger.channel,
    lead,
    enabled: input.practice.channels,
  });
  if (!channel) return noChannel(['sms', 'email', 'phone'], lead, input.practice.channels);
  const kind: ActionKind = lead.contacted_before ? 'reply' : 'first_contact';
  const { channel: now, due } = answerNow(channel, input);
  return {
    type: 'act',
    action: {
      kind,
      channel: now,
      due_at: due,
      reason: actionReason(kind, now, due.getTime() > input.now.getTime()),
      follow_up_number: null,
    },
  };
}

/**
 * When the message must wait for the quiet hours to end on the channel picked by default (the lead neither asked
 * for it nor wrote on it) and e-mail reaches the lead, the answer goes now by e-mail: a lead who writes at night
 * hears back in seconds, not the next morning. A lead who asked for SMS, or texted, gets the SMS at 08:00.
 */
export function answerNow(
  channel: ContactChannel,
  input: Pick<DecisionInput, 'understanding' | 'trigger' | 'lead' | 'practice' | 'now'>,
): { channel: ContactChannel; due: Date } {
  const due = nextAllowedTime(channel, input.now, input.practice.contact);
  const askedFor =
    input.understanding.preferred_contact_method === channel || input.trigger.channel === channel;
  if (
    due.getTime() > input.now.getTime() &&
    !askedFor &&
    reachable('email', input.lead, input.practice.channels)
  ) {
    return { channel: 'email', due: input.now };
  }
  return { channel, due };
}

/** Whether the lead has the address a channel the practice enabled needs. */
function addressable(
  channel: ContactChannel,
  lead: Pick<LeadFacts, 'has_phone' | 'has_email'>,
  enabled: Record<ContactChannel, boolean>,
) {
  if (!enabled[channel]) return false;
  return channel === 'email' ? lead.has_email : lead.has_phone;
}

/** Whether the AI may reach the lead on a channel: enabled, with its address, and one the lead agreed to. */
export function reachable(
  channel: ContactChannel,
  lead: Pick<LeadFacts, 'has_phone' | 'has_email' | 'consent'>,
  enabled: Record<ContactChannel, boolean>,
) {
  return addressable(channel, lead, enabled) && consentAllows(lead.consent, channel);
}

/**
 * Nothing to send because none of `channels` is reachable: for want of consent (staff are told why on the
 * timeline) when one of them has its address, else for want of a channel at all.
 */
function noChannel(
  channels: readonly ContactChannel[],
  lead: Pick<LeadFacts, 'has_phone' | 'has_email' | 'consent'>,
  enabled: Record<ContactChannel, boolean>,
): Decision {
  const closed = channels.filter((c) => addressable(c, lead, enabled) && !consentAllows(lead.consent, c));
  if (closed.length > 0 && lead.consent) {
    return { type: 'none', reason: 'no_consent', why: consentWhy(lead.consent, closed) };
  }
  return { type: 'none', why: 'No channel the practice enabled reaches this lead' };
}

/**
 * The channel of the next message: the one the lead asked for, else the one they wrote on, else SMS, then
 * email, then a call, among those the practice enabled, the lead can be reached on and agreed to.
 */
export function chooseChannel(input: {
  preferred: ContactChannel | null;
  inbound: TriggerChannel;
  lead: Pick<LeadFacts, 'has_phone' | 'has_email' | 'consent'>;
  enabled: Record<ContactChannel, boolean>;
}): ContactChannel | null {
  const order: ContactChannel[] = [];
  if (input.preferred) order.push(input.preferred);
  if (input.inbound === 'sms' || input.inbound === 'email') order.push(input.inbound);
  order.push('sms', 'email', 'phone');
  return order.find((channel) => reachable(channel, input.lead, input.enabled)) ?? null;
}

function actionReason(kind: ActionKind, channel: ContactChannel, delayed: boolean): string {
  const what =
    kind === 'first_contact'
      ? 'First contact with the new lead'
      : kind === 'reply'
        ? 'Reply to the lead’s message'
        : 'Follow up';
  const how = channel === 'phone' ? 'by phone' : channel === 'sms' ? 'by SMS' : 'by email';
  return delayed ? `${what} ${how} at the first allowed time (the lead's calling hours)` : `${what} ${how}`;
}

export interface FollowUpInput {
  /** How many follow-ups were already sent since the lead last wrote. */
  sent_follow_ups: number;
  /** When the last outbound message went out. */
  last_outbound_at: Date;
  lead: LeadFacts;
  practice: PracticeFacts;
}

/**
 * The next follow-up after an outbound message, or null when the cadence is over or the lead should not hear
 * from the AI (human control, opted out, booked, closed, escalated, or unreachable).
 */
export function nextFollowUp(input: FollowUpInput): PlannedAction | null {
  const { lead } = input;
  if (lead.control_mode === 'human' || lead.opted_out || QUIET_STAGES.includes(lead.stage)) return null;
  const step = CADENCE[input.sent_follow_ups];
  if (!step) return null;
  const channel = step.channels.find((c) => reachable(c, lead, input.practice.channels));
  if (!channel) return null;
  const number = input.sent_follow_ups + 1;
  return {
    kind: 'follow_up',
    channel,
    due_at: followUpTime(
      channel,
      input.last_outbound_at,
      step.afterDays,
      input.practice.timeZone,
      input.practice.hours,
      input.practice.contact,
    ),
    reason: `Follow-up ${number} of ${CADENCE.length}: no reply ${step.afterDays === 1 ? '1 day' : `${step.afterDays} days`} after the last message`,
    follow_up_number: number,
  };
}

/**
 * The channel a planned action goes on when it falls due (docs/product/ai-engine.md#consent-to-contact): its own
 * while the AI may still reach the lead on it; a follow-up may take the other channel of its cadence step (one
 * planned right after a send was chosen before consent was read); otherwise none.
 */
export function channelWhenDue(
  action: { kind: ActionKind; channel: ContactChannel; follow_up_number: number | null },
  lead: Pick<LeadFacts, 'has_phone' | 'has_email' | 'consent'>,
  enabled: Record<ContactChannel, boolean>,
): ContactChannel | null {
  if (reachable(action.channel, lead, enabled)) return action.channel;
  if (action.kind !== 'follow_up' || !action.follow_up_number) return null;
  const step = CADENCE[action.follow_up_number - 1];
  return step?.channels.find((channel) => reachable(channel, lead, enabled)) ?? null;
}

/** A follow-up is still worth sending only when the lead has not written, booked, opted out or been closed. */
export function followUpStillDue(input: { lead: LeadFacts; inbound_since_scheduled: boolean }): boolean {
  const { lead } = input;
  return (
    !input.inbound_since_scheduled &&
    lead.control_mode === 'ai' &&
    !lead.opted_out &&
    !QUIET_STAGES.includes(lead.stage)
  );
}
