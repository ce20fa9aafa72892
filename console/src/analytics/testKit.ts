import type { LeadBroadcastMessage, RealtimePageview } from '@pp/contracts';

/** Test data of the analytics area. */
export function aPageview(changes: Partial<RealtimePageview> = {}): RealtimePageview {
  return {
    url: 'https://glow.example/botox',
    title: 'Botox | Glow',
    source: 'google',
    visitor_id: 'v-1',
    latitude: 30.2672,
    longitude: -97.7431,
    city: 'Austin',
    country: 'United States',
    duration_seconds: null,
    is_lead: false,
    person_id: null,
    person_name: null,
    timestamp: new Date().toISOString(),
    ...changes,
  };
}

let sequence = 0;

export function aLeadEvent(
  eventType: string,
  changes: Partial<LeadBroadcastMessage> = {},
): LeadBroadcastMessage {
  sequence += 1;
  return {
    type: 'event_appended',
    broadcast_type: 'event_appended',
    event_id: `ev-${sequence}`,
    event_type: eventType,
    practice_id: 'p-glow',
    person_id: 'lead-1',
    timestamp: new Date().toISOString(),
    person_data: {
      first_name: 'Sofia',
      last_name: 'Marquez',
      stage: 'new',
      primary_email: null,
      primary_phone: null,
      is_unseen: false,
      pending_review_type: null,
      last_activity_at: null,
    },
    content_data: {},
    ...changes,
  };
}
