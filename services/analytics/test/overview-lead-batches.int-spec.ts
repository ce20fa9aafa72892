import { LeadEventV1, Topics } from '@pp/contracts';
import { eventually, leadPersonData, publishEvents, TestPracticeSnapshot } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { AnalyticsHarness, startAnalytics } from './analytics-harness';

/**
 * The Overview's leads and communication events from people.lead-events taken a fetched batch at a time (real
 * Kafka; the events of one producer send arrive in one fetch): each lead ends on its newest announcement and is
 * counted once, on its day, in the daily rollup; a batch delivered again changes nothing. The practice is in
 * Dallas (America/Chicago).
 */
describe('the Overview from lead events, a batch at a time', () => {
  let analytics: AnalyticsHarness;
  let glow: TestPracticeSnapshot;
  let practiceId: string;

  beforeAll(async () => {
    analytics = await startAnalytics('analytics_overview_batches');
    glow = await analytics.publishPractice();
    practiceId = glow.practice.practice_id;
  }, 120_000);

  afterAll(async () => {
    await analytics?.stop();
  });

  const announced = (
    personId: string,
    type: LeadEventV1['type'],
    data: Partial<LeadEventV1['person_data']>,
    timeline?: LeadEventV1['timeline_event'],
  ): LeadEventV1 => ({
    v: 1,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: '2030-04-02T20:00:00.000Z',
    type,
    person_id: personId,
    person_data: leadPersonData(data),
    ...(timeline ? { timeline_event: timeline } : {}),
  });

  const lead = async (personId: string) => {
    const [row] = await analytics.dataSource.query(
      `SELECT "practice_id", "name", to_char("day", 'YYYY-MM-DD') AS "day", "procedures", "lead_score",
              "created_at", "updated_at"
         FROM "analytics"."overview_leads" WHERE "person_id" = $1`,
      [personId],
    );
    return row as Record<string, unknown> | undefined;
  };

  const daily = async () =>
    analytics.dataSource.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", "leads", "automated_actions", "minutes_saved"
         FROM "analytics"."overview_daily" WHERE "practice_id" = $1 ORDER BY "day"`,
      [practiceId],
    ) as Promise<Record<string, unknown>[]>;

  const communications = async (eventId: string) =>
    analytics.dataSource.query(
      `SELECT "status", "source", to_char("day", 'YYYY-MM-DD') AS "day" FROM "analytics"."overview_communications"
        WHERE "event_id" = $1`,
      [eventId],
    ) as Promise<Record<string, unknown>[]>;

  /** Waits until the Overview's inbox holds every one of these events. */
  const handled = (events: readonly LeadEventV1[]) =>
    eventually(async () => {
      const ids = [...new Set(events.map((event) => event.event_id))];
      const [row]: { count: string }[] = await analytics.dataSource.query(
        `SELECT count(*) FROM "analytics"."inbox" WHERE "consumer" = 'analytics.overview-leads'
            AND "event_id" = ANY($1::uuid[])`,
        [ids],
      );
      return Number(row.count) === ids.length;
    }, 30_000);

  it('ends each lead on its newest announcement and counts it once, on its newest day, in the rollup', async () => {
    const kai = randomUUID();
    const zoe = randomUUID();
    const sms = randomUUID();
    // 10:00 CDT on 1 April; the correction: 10:00 CDT on 2 April.
    const created = announced(kai, 'lead_created', {
      first_name: 'Kai',
      last_name: 'Old',
      created_at: '2030-04-01T15:00:00.000Z',
      procedures_of_interest: ['Botox'],
      lead_score: 40,
    });
    const zoeCreated = announced(zoe, 'lead_created', {
      first_name: 'Zoe',
      created_at: '2030-04-01T16:00:00.000Z',
      procedures_of_interest: ['Laser'],
    });
    // No procedures and no score announced: the known ones stay.
    const corrected = announced(kai, 'lead_updated', {
      first_name: 'Kai',
      last_name: 'New',
      created_at: '2030-04-02T15:00:00.000Z',
    });
    const smsAt = '2030-04-02T17:00:00.000Z';
    const queued = announced(
      kai,
      'event_appended',
      { first_name: 'Kai', last_name: 'New' },
      { event_id: sms, event_type: 'sms_sent', timestamp: smsAt, content_data: {}, source: 'ai_decision' },
    );
    const delivered = announced(
      kai,
      'lead_updated',
      { first_name: 'Kai', last_name: 'New' },
      {
        event_id: sms,
        event_type: 'sms_sent',
        timestamp: smsAt,
        content_data: { status: 'delivered' },
        source: 'ai_decision',
      },
    );
    const batch = [created, zoeCreated, corrected, queued, delivered, created];
    await publishEvents(analytics.service.config.KAFKA_BROKERS, Topics.leadEvents, batch);
    await handled(batch);

    expect(await lead(kai)).toMatchObject({
      practice_id: practiceId,
      name: 'Kai New',
      day: '2030-04-02',
      procedures: ['Botox'],
      lead_score: 40,
      created_at: new Date('2030-04-02T15:00:00.000Z'),
    });
    expect(await lead(zoe)).toMatchObject({ name: 'Zoe', day: '2030-04-01', procedures: ['Laser'] });
    expect(await communications(sms)).toEqual([
      { status: 'delivered', source: 'ai_decision', day: '2030-04-02' },
    ]);
    expect(await daily()).toEqual([
      { day: '2030-04-01', leads: 1, automated_actions: 0, minutes_saved: 0 },
      { day: '2030-04-02', leads: 1, automated_actions: 1, minutes_saved: expect.any(Number) },
    ]);

    // The whole batch again (a consumer that failed before committing): the inbox knows every event.
    const before = { kai: await lead(kai), zoe: await lead(zoe), daily: await daily() };
    await publishEvents(analytics.service.config.KAFKA_BROKERS, Topics.leadEvents, batch);
    // A later lead of the practice (same partition): once it is in, the batch before it was handled.
    const marker = announced(randomUUID(), 'lead_created', { created_at: '2030-04-03T15:00:00.000Z' });
    await publishEvents(analytics.service.config.KAFKA_BROKERS, Topics.leadEvents, [marker]);
    await handled([marker]);
    expect({ kai: await lead(kai), zoe: await lead(zoe) }).toEqual({ kai: before.kai, zoe: before.zoe });
    expect(await daily()).toEqual([
      ...before.daily,
      { day: '2030-04-03', leads: 1, automated_actions: 0, minutes_saved: 0 },
    ]);
  });
});
