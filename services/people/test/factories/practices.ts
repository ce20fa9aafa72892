import type { PracticeUpdatedV1, VirtualNumberSnapshot } from '@pp/contracts';
import { randomUUID } from 'node:crypto';

/** An active number of the practice, as the gateway's snapshot carries it (the default with SMS and voice unless told). */
export function virtualNumber(
  phone_number: string,
  overrides: Partial<Omit<VirtualNumberSnapshot, 'phone_number'>> = {},
): VirtualNumberSnapshot {
  return {
    phone_number,
    is_active: true,
    assignment_type: 'practice_default',
    capabilities: { voice: true, sms: true },
    ...overrides,
  };
}

/**
 * The practice as the gateway publishes it on practice.changes, with its numbers (left out: "unchanged"), for
 * `PracticeReadModel.apply` in tests of the channels.
 */
export function practiceSnapshot(
  practiceId: string,
  name: string,
  numbers?: VirtualNumberSnapshot[],
): PracticeUpdatedV1 {
  return {
    v: 1,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: new Date().toISOString(),
    type: 'practice_updated',
    practice: {
      practice_id: practiceId,
      name,
      website_url: null,
      automation_level: 'semi_auto',
      outreach_preferences: {},
      site_key: `pk_${randomUUID()}`,
      ...(numbers ? { virtual_numbers: numbers } : {}),
    },
  };
}
