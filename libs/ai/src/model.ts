import type {
  EscalationPriority,
  EscalationReason,
  Intent,
  Language,
  ScoreFactor,
  UrgencyLevel,
} from '@pp/contracts';

/**
 * The one interface for language-model work (docs/architecture.md#the-ai): understand an inquiry, draft a
 * message, answer a question from retrieved passages. Two providers implement it: the built-in provider (rules,
 * the procedure catalogue with synonyms, templates, retrieval; no network) and an OpenAI-compatible provider.
 * Callers (the outreach engine in people) decide what to do; a provider only reads and words. Safety rules
 * (escalation, opt-out, quiet hours, prices) are never the provider's to override: see `SafeLanguageModel`.
 */

/** Which provider produced a result. */
export type LanguageModelProviderKind = 'openai-compatible' | 'built-in';

/** Options of any call. */
export interface ModelCallOptions {
  /** Aborts the call, e.g. when a job is shutting down. */
  signal?: AbortSignal;
  /** Correlation id of the request or event behind the call, for the provider's logs. */
  correlationId?: string;
}

/** What every result carries: who produced it and why. */
export interface ModelResult {
  /** The reasoning behind the result in plain words; kept with the decision and shown to staff. */
  reasoning: string;
  provider: LanguageModelProviderKind;
  /** The model that answered: the endpoint's model name, or 'built-in'. */
  model: string;
}

export type MessageChannel = 'sms' | 'email' | 'phone';
export type InquiryChannel = 'form' | 'sms' | 'email' | 'chat' | 'phone';

/** One turn of an earlier conversation with a lead, oldest first in a list. */
export interface ConversationTurn {
  from: 'contact' | 'practice';
  text: string;
  channel?: InquiryChannel;
  /** ISO 8601 timestamp. */
  at?: string;
}

/** A passage retrieved from the practice's knowledge base for a question. */
export interface RetrievedPassage {
  /** The knowledge chunk id, cited back in an answer. */
  id: string;
  text: string;
  url?: string;
  title?: string | null;
  /** Retrieval score, higher is closer; the order of the list is what counts. */
  score?: number;
}

/** The practice a message is written for or a question is answered about. */
export interface PracticeContext {
  name: string;
  locationName?: string | null;
  /** Display form, e.g. (555) 123-4567. */
  phone?: string | null;
  address?: string | null;
  /** IANA time zone of the location, for wording dates and times. */
  timezone?: string | null;
  bookingUrl?: string | null;
}

/** A price from the practice's own pricing data: the only prices a draft or an answer may quote. */
export interface PriceQuote {
  procedureName: string;
  priceMin: number | null;
  priceMax: number | null;
  /** ISO 4217, e.g. USD. */
  currency: string;
  /** What the price is per (session, unit, area...), when the pricing data says. */
  unit: string | null;
  /** Null means every location. */
  locationName: string | null;
}

/** A promotion from the practice's own data: the only promotions a draft or an answer may mention. */
export interface PromotionQuote {
  name: string;
  /** How the promotion reads to a lead, e.g. '20% off Botox'. */
  description: string;
  /** Procedure names it is for; empty means every procedure. */
  procedureNames: string[];
  locationName: string | null;
  /** ISO 8601 date, or null when open-ended. */
  endsAt: string | null;
}

/** The practice data a message or an answer may quote. */
export interface QuotableFacts {
  pricing: readonly PriceQuote[];
  promotions: readonly PromotionQuote[];
  /** Consultation fees as a lead reads them, e.g. 'Free consultation' or '$150 consultation (credited…)'. */
  consultationFees?: readonly string[];
}

// --- understand -------------------------------------------------------------------------------------

export interface UnderstandRequest {
  channel: InquiryChannel;
  /** The message: a form's message field, an SMS, an email body. */
  text: string;
  /** An email's subject. */
  subject?: string | null;
  /**
   * Form fields already mapped to their targets (procedure_interest, preferred_contact_method,
   * preferred_time, location_preference ...), which inform the analysis beside the text; `date_of_birth`, a date of
   * birth the form gave, is read as an age on `receivedAt`.
   */
  formFields?: Readonly<Record<string, string>>;
  /** The conversation before this message, oldest first. */
  conversation?: readonly ConversationTurn[];
  /**
   * Names of the procedures the practice offers. Procedures found in the text are reported by their catalogue
   * name; an offered procedure is preferred over its catalogue parent or child.
   */
  practiceProcedures: readonly string[];
  /**
   * When the message came in: a date of birth it gives reads as an age on that day ('born in 2010'). The time of
   * reading when not given.
   */
  receivedAt?: Date;
}

export interface EscalationFinding {
  reason: EscalationReason;
  priority: EscalationPriority;
  /** The words that triggered it, as written. */
  evidence: string;
}

/**
 * Below this confidence the engine does not send on its own, whatever the practice's automation level: the
 * drafted reply waits for staff review, with the reason 'low confidence'. The confidence is the calibrated
 * probability that the reading is right (docs/decisions/0035-calibrated-confidence.md): on held-out readings,
 * about 95 % of those at or above 0.8 are.
 */
export const REVIEW_BELOW_CONFIDENCE = 0.8;

/**
 * Below this confidence the engine does not trust its reading of a message at all and hands the lead to a person
 * (escalation 'low_confidence') instead of drafting a reply.
 */
export const ESCALATE_BELOW_CONFIDENCE = 0.4;

export interface Understanding extends ModelResult {
  language: Language;
  intent: Intent;
  /** From 0 to 1. */
  intent_confidence: number;
  /** Catalogue procedure names ('Tummy Tuck', 'Dysport' …), most prominent first, no duplicates. */
  procedures_of_interest: string[];
  urgency_level: UrgencyLevel;
  /** Short phrases, e.g. 'price', 'downtime', 'pain'. */
  key_concerns: string[];
  /** One or two sentences for staff, in English. */
  inquiry_summary: string;
  /** Null when nothing calls for a human. Every trigger found is in `escalations`; this is the first. */
  escalation: EscalationFinding | null;
  escalations: EscalationFinding[];
  buying_signals: string[];
  objections: { objection_type: string; likelihood: number }[];
  budget_indicator: 'low' | 'moderate' | 'high' | 'premium' | null;
  preferred_contact_method: MessageChannel | null;
  /** e.g. 'morning', 'evening', 'weekends', or as the lead wrote it. */
  preferred_contact_time: string | null;
  communication_style: 'brief' | 'detailed' | 'casual' | 'formal';
  /** From 0 to 1: how sure the provider is of the whole reading; low confidence escalates. */
  confidence: number;
}

// --- draft ------------------------------------------------------------------------------------------

/** What a drafted message is for. */
export type MessagePurpose =
  | 'first_contact'
  | 'reply'
  | 'follow_up'
  | 'escalation_ack'
  | 'opt_out_confirmation'
  | 'wrong_number_ack'
  | 'appointment_reminder';

/** The appointment an `appointment_reminder` reminds of: its start on the location's clock, what and where. */
export interface ReminderAppointment {
  /** ISO 8601 instant. */
  startsAt: string;
  /** The location's IANA time zone: the date and time are written on its clock. */
  timeZone: string;
  title: string | null;
  place: string | null;
}

/** A correction staff asked to remember, for drafts of the same situation. */
export interface CorrectionExample {
  /** The situation it was made for (see `situationKey`). */
  situation: string;
  original: string;
  corrected: string;
  /** The recipient's first name, the procedure and practice/location names of the corrected draft, to
   * generalise it into a template. */
  firstName?: string | null;
  procedureName?: string | null;
  practiceName?: string | null;
  locationName?: string | null;
}

export interface DraftRequest extends QuotableFacts {
  channel: MessageChannel;
  purpose: MessagePurpose;
  language: Language;
  intent: Intent;
  procedures: readonly string[];
  key_concerns?: readonly string[];
  recipient: { firstName: string | null; lastName: string | null };
  practice: PracticeContext;
  conversation?: readonly ConversationTurn[];
  /** The message being answered, if any. */
  inbound?: string | null;
  /** Passages retrieved for the inbound message's question. */
  passages?: readonly RetrievedPassage[];
  /** 1 for the first follow-up … */
  followUpNumber?: number;
  /** Corrections of the same situation, newest first. */
  corrections?: readonly CorrectionExample[];
  /** SMS: at most this many segments (2). */
  maxSmsSegments?: number;
  /** The appointment of an `appointment_reminder`. */
  appointment?: ReminderAppointment;
}

export interface Draft extends ModelResult {
  /** The email subject; null for other channels. */
  subject: string | null;
  /** The message text, or the script of a call. */
  body: string;
  /** True when a remembered correction shaped it. */
  used_correction: boolean;
}

// --- answer with retrieved context ------------------------------------------------------------------

export interface AnswerRequest extends QuotableFacts {
  question: string;
  /** Passages retrieved from the practice's knowledge, best first: the answer rests on these only. */
  context: readonly RetrievedPassage[];
  practice: PracticeContext;
  /** Facts about one lead (its timeline as turns, its insights) when staff ask about a lead. */
  lead?: {
    name: string | null;
    summary: string | null;
    procedures: readonly string[];
    stage: string;
    timeline: readonly ConversationTurn[];
  };
  language?: Language;
}

export interface Answer extends ModelResult {
  answer: string;
  /** Ids of the passages the answer rests on. */
  citations: string[];
  /** False when the context did not hold the answer; the answer then says so instead of guessing. */
  grounded: boolean;
}

// --- the interface ----------------------------------------------------------------------------------

/** One language model, whichever provider serves it. */
export interface LanguageModel {
  readonly provider: LanguageModelProviderKind;
  readonly model: string;
  understand(request: UnderstandRequest, options?: ModelCallOptions): Promise<Understanding>;
  draft(request: DraftRequest, options?: ModelCallOptions): Promise<Draft>;
  answer(request: AnswerRequest, options?: ModelCallOptions): Promise<Answer>;
}

// --- scoring (pure, provider-independent) -----------------------------------------------------------

export interface ScoreInput {
  intent: Intent;
  urgency: UrgencyLevel;
  /** The highest price (max, else min) among the lead's procedures in the practice's pricing; null unknown. */
  procedureValue: number | null;
  engagement: {
    inboundMessages: number;
    outboundMessages: number;
    sessions: number;
    pagesViewed: number;
    secondsOnSite: number;
  };
  /** ISO 8601 of the lead's last inbound activity. */
  lastInboundAt: string | null;
  now: string;
  reachability: { phone: boolean; email: boolean; optedOut: boolean };
  buyingSignals: readonly string[];
}

export interface LeadScore {
  /** 0–100, the sum of the contributions, rounded. */
  lead_score: number;
  /** 0–1, two decimals. */
  conversion_probability: number;
  factors: ScoreFactor[];
}
