import {
  BusinessHours,
  LocationSnapshot,
  PracticeChangeV1,
  PracticeSnapshot,
  Topics,
  WEEKDAYS,
} from '@pp/contracts';
import { randomUUID } from 'node:crypto';
import { publishEvents } from './kafka';

/** 09:00–17:00 Monday to Friday, weekends closed (the gateway's default for a new location). */
export function weekdayHours(open = '09:00', close = '17:00'): BusinessHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      day === 'saturday' || day === 'sunday'
        ? { open: '09:00', close: '17:00', closed: true }
        : { open, close, closed: false },
    ]),
  ) as BusinessHours;
}

export interface TestPracticeSnapshot {
  practice: PracticeSnapshot;
  locations: LocationSnapshot[];
}

/**
 * A practice as the gateway would publish it on practice.changes: fresh ids, a unique site key, one primary
 * location in Dallas with weekday hours; override any part.
 */
export function testPracticeSnapshot(
  practice: Partial<PracticeSnapshot> = {},
  locations?: Partial<LocationSnapshot>[],
): TestPracticeSnapshot {
  const practiceId = practice.practice_id ?? randomUUID();
  return {
    practice: {
      practice_id: practiceId,
      name: 'Glow Aesthetics',
      website_url: 'https://glow-aesthetics.example',
      automation_level: 'semi_auto',
      outreach_preferences: { enabled: true, channels: { sms: { enabled: true }, email: { enabled: true } } },
      site_key: `site_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      ...practice,
    },
    locations: (locations ?? [{}]).map((location, index) => ({
      location_id: randomUUID(),
      practice_id: practiceId,
      name: index === 0 ? 'Uptown Dallas' : `Location ${index + 1}`,
      address: '2100 McKinney Ave, Dallas, TX 75201',
      timezone: 'America/Chicago',
      phone: '(214) 555-0142',
      is_primary: index === 0,
      is_active: true,
      business_hours: index === 0 ? weekdayHours() : null,
      ...location,
    })),
  };
}

/** The practice_updated and location_created events of a snapshot, in the gateway's order. */
export function practiceChangeEvents(snapshot: TestPracticeSnapshot): PracticeChangeV1[] {
  const envelope = () => ({
    v: 1 as const,
    event_id: randomUUID(),
    practice_id: snapshot.practice.practice_id,
    occurred_at: new Date().toISOString(),
  });
  return [
    { ...envelope(), type: 'practice_updated', practice: snapshot.practice },
    ...snapshot.locations.map((location): PracticeChangeV1 => ({
      ...envelope(),
      type: 'location_created',
      location,
    })),
  ];
}

/**
 * Publishes a practice and its locations on practice.changes (real Kafka) as the gateway would; the caller
 * waits for its read model (e.g. `eventually(() => readModel.practice(id))`).
 */
export async function publishPracticeSnapshot(
  brokers: string[],
  snapshot: TestPracticeSnapshot,
): Promise<void> {
  await publishEvents(brokers, Topics.practiceChanges, practiceChangeEvents(snapshot));
}
