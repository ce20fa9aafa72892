import type { FormSubmittedV1 } from '@pp/contracts';
import { randomUUID } from 'node:crypto';

/** A form as the public tracking ingress publishes it on tracking.forms, submitted a moment ago. */
export function formSubmitted(
  practiceId: string,
  fields: Record<string, string>,
  overrides: Partial<FormSubmittedV1> = {},
): FormSubmittedV1 {
  const now = new Date();
  return {
    v: 1,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: now.toISOString(),
    type: 'form_submitted',
    tracking_event_id: randomUUID(),
    visitor_id: `visitor-${randomUUID().slice(0, 8)}`,
    session_id: `session-${randomUUID().slice(0, 8)}`,
    url: 'https://glow.example/contact',
    title: 'Book a consultation',
    referrer: 'https://www.google.com/',
    submitted_at: new Date(now.getTime() - 1500).toISOString(),
    received_at: now.toISOString(),
    fields,
    ip: '203.0.113.9',
    user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
    ...overrides,
  };
}
