import { EventEnvelope } from './envelope';

/** Payloads on `people.lead-events` (docs/product/live-connection.md#broadcasts). */
export type LeadBroadcastType = 'lead_created' | 'lead_updated' | 'event_appended';

/** The person fields a live console needs to refresh its views without another call. */
export interface LeadPersonData {
  first_name: string | null;
  last_name: string | null;
  stage: string;
  primary_email: string | null;
  primary_phone: string | null;
  is_unseen: boolean;
  pending_review_type: string | null;
  last_activity_at: string | null;
  /** When the lead was created (ISO): analytics counts new leads by it. */
  created_at?: string;
  /** The procedures the AI found the lead interested in (analytics' procedure interests). */
  procedures_of_interest?: string[];
  /** The lead's score 0..100 from the AI's analysis, null before any (analytics' interest score). */
  lead_score?: number | null;
}

export interface LeadEventV1 extends EventEnvelope<LeadBroadcastType> {
  person_id: string;
  person_data: LeadPersonData;
  /** The timeline event behind this broadcast, when there is one. */
  timeline_event?: {
    event_id: string;
    event_type: string;
    timestamp: string;
    content_data: Record<string, unknown>;
    /** Who or what wrote it (event_metadata.source: ai_decision, human_action, twilio...): analytics' automation. */
    source?: string | null;
  };
}

/** The message the gateway pushes to a practice's sockets for each lead event. */
export interface LeadBroadcastMessage {
  type: LeadBroadcastType;
  broadcast_type: LeadBroadcastType;
  event_id: string;
  event_type: string;
  practice_id: string;
  person_id: string;
  timestamp: string;
  person_data: LeadPersonData;
  content_data: Record<string, unknown>;
}

export function toLeadBroadcast(event: LeadEventV1): LeadBroadcastMessage {
  return {
    type: event.type,
    broadcast_type: event.type,
    event_id: event.timeline_event?.event_id ?? event.event_id,
    event_type: event.timeline_event?.event_type ?? event.type,
    practice_id: event.practice_id,
    person_id: event.person_id,
    timestamp: event.timeline_event?.timestamp ?? event.occurred_at,
    person_data: event.person_data,
    content_data: event.timeline_event?.content_data ?? {},
  };
}
