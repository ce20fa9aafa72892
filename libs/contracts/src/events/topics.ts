/**
 * Kafka topic names. The one place they are spelled (docs/architecture.md#how-events-flow).
 * Every topic is keyed by practice id so that one practice's events stay in order.
 */
export const Topics = {
  leadEvents: 'people.lead-events',
  trackingPageviews: 'tracking.pageviews',
  trackingForms: 'tracking.forms',
  calendarAppointments: 'calendar.appointments',
  practiceChanges: 'practice.changes',
  knowledgeChanges: 'knowledge.changes',
  analyticsLeadPageviews: 'analytics.lead-pageviews',
  twilioWebhooks: 'gateway.twilio-webhooks',
} as const;

export type Topic = (typeof Topics)[keyof typeof Topics];

export const ALL_TOPICS: readonly Topic[] = Object.values(Topics);
