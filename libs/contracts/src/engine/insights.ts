/**
 * What the AI outreach engine stores on a lead and the console shows (docs/product/ai-engine.md). Shared so that
 * people writes and the console reads one shape.
 */

/** current_outreach_state.ai_insights.intent_classification */
export const INTENTS = [
  'pricing',
  'booking',
  'reschedule',
  'cancel_appointment',
  'information',
  'medical_concern',
  'complaint',
  'human_requested',
  'opt_out',
  'wrong_number',
  'help',
  'spam',
] as const;
export type Intent = (typeof INTENTS)[number];

export const URGENCY_LEVELS = ['low', 'medium', 'high'] as const;
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];

/** Languages the engine understands and answers in. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Why the engine hands a lead to a human (content_data.reason of ai_escalation). */
export const ESCALATION_REASONS = [
  'medical_concern',
  'post_treatment_symptoms',
  'complaint',
  'billing_dispute',
  'legal_threat',
  'minor',
  'pregnancy',
  'human_requested',
  'low_confidence',
] as const;
export type EscalationReason = (typeof ESCALATION_REASONS)[number];
export type EscalationPriority = 'high' | 'medium' | 'low';

/** current_outreach_state.ai_insights as the engine writes it. */
export interface AiInsights {
  intent_classification: Intent;
  procedures_of_interest: string[];
  urgency_level: UrgencyLevel;
  key_concerns: string[];
  inquiry_summary: string;
  /** The language the lead writes in; replies are written in it. */
  language: Language;
  /** From 0 to 1. */
  confidence: number;
  /** ISO 8601. */
  analyzed_at: string;
  /** Which provider produced it ('built-in' or the endpoint's model name). */
  model: string;
}

/** The factors of the explainable lead score. */
export const SCORE_FACTORS = [
  'intent',
  'urgency',
  'procedure_value',
  'engagement',
  'recency',
  'reachability',
  'buying_signals',
] as const;
export type ScoreFactorKey = (typeof SCORE_FACTORS)[number];

/**
 * One factor of a lead score: behavioral_insights.lead_intelligence.score_factors. The score is the sum of the
 * contributions (rounded); contribution = weight × value.
 */
export interface ScoreFactor {
  factor: ScoreFactorKey;
  /** Shown in the tooltip, e.g. 'Intent'. */
  label: string;
  /** Points this factor can give at most; the weights add up to 100. */
  weight: number;
  /** From 0 to 1: how strongly this lead has it. */
  value: number;
  /** weight × value, in points, one decimal. */
  contribution: number;
  /** Why, in plain words, e.g. 'Asked about booking'. */
  explanation: string;
}

/** The engine's next action as it stands on the lead (current_outreach_state.scheduled_action). */
export interface ScheduledActionState {
  action_id: string;
  /** follow_up, reply, first_contact, reminder (of a booked appointment) */
  kind: 'first_contact' | 'reply' | 'follow_up' | 'reminder';
  channel: 'sms' | 'email' | 'phone';
  /** ISO 8601: when it runs. */
  due_at: string;
  reason: string;
}
