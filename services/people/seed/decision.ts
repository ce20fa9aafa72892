import { Draft } from './channels';
import { Episodes } from './episodes';
import { SeedPractice } from './practices';
import { Rng, seedId } from './prng';
import * as T from './texts';
import { DecisionRow, LeadPlan } from './types';

export type OpenDecision = Omit<DecisionRow, 'event_id' | 'created_at'>;

const REASONS = [
  '{first} asked about {proc} and has not booked yet; offering two concrete consult times usually converts.',
  'Lead engaged with the {proc} page twice this week; a personal follow-up with availability is timely.',
  'No reply to the last message in 48 hours; a short, friendly nudge by the preferred channel.',
];

const CHECK_IN_SMS =
  "Hi {first}, it's {assistant} from {practice}. Just checking in about {proc} - we have a consult opening {day} at {time}. Want me to hold it for you?";

/**
 * The AI decision waiting for approval (docs/product/lead-panel.md#pending-decision): on a new lead it is the
 * first message (sms_initial / email_initial), later a follow-up (send_sms / send_email) or a call.
 */
export function draftDecision(plan: LeadPlan, practice: SeedPractice, ep: Episodes, rng: Rng): OpenDecision {
  const first = plan.stage === 'Lead';
  const fill = (template: string) => T.fill(template, ep.vars);
  const base = {
    decision_id: seedId(`${plan.key}:decision`),
    practice_id: practice.practiceId,
    person_id: plan.person_id,
    reasoning: fill(rng.pick(REASONS)),
  };
  if (plan.approval === 'email') {
    return {
      ...base,
      action_type: first ? 'email_initial' : 'send_email',
      channel: 'email',
      subject: fill('Your {proc} consultation at {practice}'),
      message: fill(rng.pick(T.AI_EMAILS)),
    };
  }
  if (plan.approval === 'phone') {
    return {
      ...base,
      action_type: 'schedule_call',
      channel: 'phone',
      subject: null,
      message: fill('Call {first} to answer questions about {proc} and offer {day} at {time}.'),
    };
  }
  return {
    ...base,
    action_type: first ? 'sms_initial' : 'send_sms',
    channel: 'sms',
    subject: null,
    message: fill(first ? rng.pick(T.AI_FIRST_SMS) : CHECK_IN_SMS),
  };
}

/** The pending_review event that shows the decision in the console (docs/product/leads.md#event). */
export function pendingReview(t: number, d: OpenDecision): Draft {
  const { decision_id, action_type, channel, message, subject, reasoning } = d;
  return {
    type: 'pending_review',
    at: t,
    content: {
      original_decision: { decision_id, action_type, channel, message, subject, reasoning },
      resolved_at: null,
    },
    meta: { ai_reasoning: reasoning },
  };
}
