import { ESCALATION_REASONS, INTENTS, LANGUAGES, URGENCY_LEVELS } from '@pp/contracts';
import { z } from 'zod';

/**
 * What the endpoint must answer for each call: sent as the response's JSON schema (strict) and checked again
 * here before anything is used, because an OpenAI-compatible server may not enforce the schema. Only keywords
 * that strict structured outputs accept are used (no optional fields: absent is null; bounds on numbers only);
 * rules a JSON schema cannot say (non-empty text) are refinements checked after parsing.
 */

const text = z.string().refine((value) => value.trim().length > 0, 'must not be empty');
const share = z.number().min(0).max(1);

export const understandingOutput = z.object({
  language: z.enum(LANGUAGES),
  intent: z.enum(INTENTS),
  intent_confidence: share,
  procedures_of_interest: z.array(z.string()),
  urgency_level: z.enum(URGENCY_LEVELS),
  key_concerns: z.array(z.string()),
  inquiry_summary: text,
  escalations: z.array(
    z.object({
      reason: z.enum(ESCALATION_REASONS),
      priority: z.enum(['high', 'medium', 'low']),
      evidence: z.string(),
    }),
  ),
  buying_signals: z.array(z.string()),
  objections: z.array(z.object({ objection_type: z.string(), likelihood: share })),
  budget_indicator: z.enum(['low', 'moderate', 'high', 'premium']).nullable(),
  preferred_contact_method: z.enum(['sms', 'email', 'phone']).nullable(),
  preferred_contact_time: z.string().nullable(),
  communication_style: z.enum(['brief', 'detailed', 'casual', 'formal']),
  confidence: share,
  reasoning: text,
});
export type UnderstandingOutput = z.infer<typeof understandingOutput>;

export const draftOutput = z.object({
  /** Email only; null for SMS and calls. */
  subject: z.string().nullable(),
  body: text,
  used_correction: z.boolean(),
  reasoning: text,
});
export type DraftOutput = z.infer<typeof draftOutput>;

export const answerOutput = z.object({
  answer: text,
  citations: z.array(z.string()),
  grounded: z.boolean(),
  reasoning: text,
});
export type AnswerOutput = z.infer<typeof answerOutput>;

/** A fact read on a practice's website, with the number of the page it is written on (1-based). */
const sourced = z.object({ value: text, page: z.number().int().min(1) });

export const practiceFactsOutput = z.object({
  practice_name: sourced.nullable(),
  about_summary: sourced.nullable(),
  doctors_names: z.array(sourced),
  specialties: z.array(sourced),
  key_services: z.array(sourced),
  booking_info: sourced.nullable(),
});
