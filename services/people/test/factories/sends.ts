import { randomUUID } from 'node:crypto';
import type { SendMessageJob } from '../../src/outreach/jobs/send-message.job';
import type { Person } from '../../src/persons/person.entity';

/**
 * A send of an AI text staff approved (a decision, no engine action behind it) to the lead, under a fresh key;
 * `overrides` make it another channel, source or text.
 */
export function sendJob(
  person: Pick<Person, 'practice_id' | 'person_id'>,
  overrides: Partial<SendMessageJob> = {},
): SendMessageJob {
  return {
    idempotency_key: `decision:${randomUUID()}`,
    practice_id: person.practice_id,
    person_id: person.person_id,
    channel: 'sms',
    action_type: 'send_sms',
    message: 'Hi Sofia, Thursday at 3 pm is open. Shall I book it?',
    subject: null,
    source: 'ai_decision',
    decision_id: null,
    edited: false,
    notes: null,
    requested_by_name: 'Dana Reyes',
    ...overrides,
  };
}
