import { LeadStage, TimelineEventDto } from '@pp/contracts';
import { DecisionChannel, NamedLead } from './named-leads';
import { SeedPractice } from './practices';

/** A row of people.persons as the seed inserts it (timestamps as ISO text). */
export interface PersonRow {
  person_id: string;
  practice_id: string;
  first_name: string | null;
  last_name: string | null;
  primary_phone: string | null;
  primary_email: string | null;
  stage: LeadStage;
  created_at: string;
  updated_at: string;
  last_activity_at: string;
  is_unseen: boolean;
  last_seen_at: string | null;
  pending_review_type: string | null;
  current_outreach_state: Record<string, unknown>;
  next_scheduled_action: string | null;
  enrichment_data: Record<string, unknown> | null;
  /** An object, or (docs/product/leads.md#person: "may arrive as JSON text") a JSON string holding the object. */
  behavioral_insights: Record<string, unknown> | string | null;
}

/** A row of people.events: the timeline event as the API shows it, with its practice. */
export type EventRow = TimelineEventDto & { practice_id: string };

/** A row of people.pending_decisions (always open: status pending, resolved_at null). */
export interface DecisionRow {
  decision_id: string;
  practice_id: string;
  person_id: string;
  event_id: string;
  action_type: string;
  channel: DecisionChannel;
  message: string;
  subject: string | null;
  reasoning: string;
  created_at: string;
}

export interface PracticeSeed {
  practice: SeedPractice;
  persons: PersonRow[];
  events: EventRow[];
  decisions: DecisionRow[];
}

/** Who a lead is and where they stand, decided before their timeline is written. */
export interface LeadPlan {
  /** Stable key: the lead's id, its random stream and its event ids all derive from it. */
  key: string;
  person_id: string;
  named?: NamedLead;
  stage: LeadStage;
  /** When the lead came in, in days before the seed runs (fractional). */
  daysAgo: number;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  email: string | null;
  procedures: string[];
  approval?: DecisionChannel;
  markup: boolean;
}
