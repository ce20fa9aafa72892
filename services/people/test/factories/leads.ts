import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Person } from '../../src/persons/person.entity';
import { TimelineEvent } from '../../src/timeline/timeline-event.entity';

const FIRST = ['Sofia', 'Hannah', 'Priya', 'Jessica', 'Daniel', 'Maria', 'Olivia', 'Noah', 'Grace', 'Mateo'];
const LAST = [
  'Marquez',
  'Lindqvist',
  'Raman',
  'Okafor',
  'Kowalski',
  'Santos',
  'Tanaka',
  'Reyes',
  'Chen',
  'Novak',
];

let counter = 0;

/** Builders of realistic leads and timeline events, written straight to the people schema. */
export class Leads {
  constructor(private readonly dataSource: DataSource) {}

  /** A lead of the practice; every field can be overridden. Unique email and phone by default. */
  async person(practiceId: string, overrides: Partial<Person> = {}): Promise<Person> {
    const n = ++counter;
    const first = FIRST[n % FIRST.length];
    const last = LAST[(n * 7) % LAST.length];
    const suffix = randomUUID().slice(0, 6);
    const repo = this.dataSource.getRepository(Person);
    return repo.save(
      repo.create({
        practice_id: practiceId,
        first_name: first,
        last_name: last,
        primary_phone: `+1214555${String(1000 + (n % 9000)).padStart(4, '0')}`,
        primary_email: `${first}.${last}.${suffix}@mail.example`.toLowerCase(),
        stage: 'Lead',
        last_activity_at: new Date(),
        current_outreach_state: { control_mode: 'ai', ai_insights: { procedures_of_interest: ['Botox'] } },
        ...overrides,
      }),
    );
  }

  /** `count` leads created one second apart, newest last; returns them newest first (list order). */
  async many(practiceId: string, count: number, overrides: Partial<Person> = {}): Promise<Person[]> {
    const base = Date.now() - count * 1000;
    const made: Person[] = [];
    for (let i = 0; i < count; i++) {
      made.push(await this.person(practiceId, { created_at: new Date(base + i * 1000), ...overrides }));
    }
    return made.reverse();
  }

  async event(
    person: Person,
    overrides: Partial<TimelineEvent> & Pick<TimelineEvent, 'event_type'>,
  ): Promise<TimelineEvent> {
    const repo = this.dataSource.getRepository(TimelineEvent);
    return repo.save(
      repo.create({
        practice_id: person.practice_id,
        person_id: person.person_id,
        timestamp: new Date(),
        content_data: {},
        event_metadata: {},
        ...overrides,
      }),
    );
  }
}
