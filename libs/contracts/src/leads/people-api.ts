/**
 * The people service's HTTP contract as the console sees it (docs/product/leads.md#calls, lead-panel.md). The
 * service's entities serialise to these shapes; the console reads them.
 */

/** docs/product/leads.md#constants and lead-panel.md#constants. */
export const LeadLimits = {
  pageSize: 50,
  maxPageSize: 200,
  eventLimit: 50,
  maxEventLimit: 500,
  searchLimit: 5,
  searchMinChars: 2,
  appointmentMinutes: 30,
} as const;

/** Messages of the people API that other services repeat (calendar books appointments for a lead). */
export const PeopleApiMessages = {
  personNotFound: 'Person not found',
} as const;

/** The escalation form's messages, checked by the console before sending and by people on receipt. */
export const LeadActionMessages = {
  smsMessage: 'Please enter the SMS message',
  emailMessage: 'Please enter the email message',
  /** The notes of the console's switch back to AI control, and the reason people records for it. */
  switchedToAi: 'Switched back to AI control',
} as const;

export type ControlMode = 'ai' | 'human';

/** What staff can log on a lead (docs/product/leads.md#escalations, lead-panel.md#quick-actions). */
export const ESCALATION_OUTCOMES = [
  'phone_call_sent',
  'sms_sent',
  'email_sent',
  'patient_scheduled',
  'patient_wants_removal',
  'snooze',
] as const;
export type EscalationOutcome = (typeof ESCALATION_OUTCOMES)[number];

/** Every action `POST /people/{id}/actions` accepts. */
export const LEAD_ACTIONS = [...ESCALATION_OUTCOMES, 'switch_control_mode'] as const;
export type LeadAction = (typeof LEAD_ACTIONS)[number];

export const FOLLOW_UP_HOURS = [1, 4, 24, 48, 72, 168] as const;
export const DEFAULT_FOLLOW_UP_HOURS = 24;

/** `pending_review_type` values: an escalation waits for an outcome; a decision waits for approval. */
export const PendingReviewTypes = { escalate: 'escalate', approval: 'approval' } as const;

export interface EnrichmentData {
  avatar?: string | null;
  linkedin?: string | null;
  age?: number | null;
  location?: string | null;
  title?: string | null;
  organization?: string | null;
  education?: { degree?: string | null; name?: string | null }[];
  details?: {
    profiles?: { linkedin?: { url?: string | null }; twitter?: { url?: string | null } };
    employment?: {
      current?: boolean;
      title?: string | null;
      name?: string | null;
      start?: { month?: number | null; year?: number | null };
    }[];
  };
  [key: string]: unknown;
}

export interface BehavioralInsights {
  lead_intelligence?: {
    lead_score?: number | null;
    conversion_probability?: number | null;
    procedure_interest?: { procedure_name: string; interest_score?: number }[];
    predicted_objections?: { objection_type: string; likelihood?: number | string }[];
    budget_indicator?: string | null;
    urgency_level?: string | null;
  };
  conversation_analysis?: {
    engagement_level?: string | null;
    engagement_score?: number | null;
    buying_signals?: string[];
    detected_objections?: string[];
    conversation_stage?: string | null;
  };
  response_patterns?: {
    communication_style?: string | null;
    preferred_contact_method?: 'phone' | 'sms' | 'email' | string | null;
    preferred_contact_time?: string | null;
  };
  calculated_metrics?: { total_sessions?: number; total_pages_viewed?: number; total_time_on_site?: number };
  confidence_score?: number | null;
  last_analysis_at?: string | null;
  [key: string]: unknown;
}

export interface OutreachStateDto {
  control_mode: ControlMode;
  /** The lead asked to be removed: the product sends nothing more. */
  opted_out?: boolean;
  ai_insights?: {
    procedures_of_interest?: string[];
    intent_classification?: string | null;
    inquiry_summary?: string | null;
    key_concerns?: string[];
    urgency_level?: string | null;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface PersonDto {
  person_id: string;
  practice_id: string;
  first_name: string | null;
  last_name: string | null;
  /** E.164 (+1XXXXXXXXXX) */
  primary_phone: string | null;
  primary_email: string | null;
  stage: string;
  created_at: string;
  updated_at: string;
  last_activity_at: string | null;
  is_unseen: boolean;
  last_seen_at: string | null;
  pending_review_type: string | null;
  current_outreach_state: OutreachStateDto;
  next_scheduled_action: string | null;
  enrichment_data: EnrichmentData | null;
  /** May arrive as JSON text (docs/product/leads.md#person); the console parses it. */
  behavioral_insights: BehavioralInsights | string | null;
  /** When the lead's first inquiry (a website form) was received: the start of speed to lead. */
  first_inquiry_at: string | null;
  /** Seconds from the first inquiry to the first outreach sent (or put up for review); set once. */
  speed_to_lead_seconds: number | null;
  /** The language the lead writes in ('en', 'es'), as the AI understood it; null until analysed. */
  language: string | null;
}

/** `GET /people/` */
export interface LeadListResponse {
  items: PersonDto[];
  /** Older leads: pass as `after`. Null at the end. */
  next_cursor: string | null;
  /** Newer leads: pass as `before`. Null at the top. */
  prev_cursor: string | null;
}

/** `GET /people/stats`: by_stage has every stage of LEAD_STAGES, zero included. */
export interface LeadStatsResponse {
  total: number;
  needs_review: number;
  by_stage: Record<string, number>;
}

/** The decision an AI left for review, carried by a pending_review event's content_data.original_decision. */
export interface OriginalDecision {
  decision_id: string;
  action_type: string;
  channel: 'sms' | 'email' | 'phone' | string;
  message: string | null;
  subject: string | null;
  reasoning: string | null;
}

/** `GET /people/{id}/events`: newest first. */
export interface TimelineEventDto {
  event_id: string;
  person_id: string;
  event_type: string;
  timestamp: string;
  session_id: string | null;
  source_identifier: string | null;
  content_data: Record<string, unknown>;
  event_metadata: Record<string, unknown>;
}

/** `POST /people/{id}/edit-decision` */
export interface EditDecisionRequest {
  corrected_message: string;
  remember_correction?: boolean;
}

/** `POST /people/{id}/actions` */
export interface LeadActionRequest {
  action: LeadAction;
  notes?: string;
  subject?: string;
  message?: string;
  follow_up_hours?: number;
  control_mode?: ControlMode;
}

export interface LeadActionResponse {
  person: PersonDto;
  next_scheduled_action: string | null;
}

/** `POST /calendar/appointments` (docs/product/leads.md#appointment-payload). */
export interface CreateAppointmentRequest {
  calendar_id?: string | null;
  person_id: string;
  title: string;
  start_time: string;
  end_time: string;
  description?: string | null;
  location?: string | null;
}
