import { PracticeReadModel } from '@pp/platform';
import {
  eventually,
  practiceChangeEvents,
  publishEvents,
  publishPracticeSnapshot,
  testPracticeSnapshot,
  weekdayHours,
} from '@pp/testing';
import { PracticeSnapshot, Topics } from '@pp/contracts';
import { PeopleHarness, startPeople } from './people-harness';

describe('people keeps practices and locations from practice.changes (the engine reads them)', () => {
  let people: PeopleHarness;
  let readModel: PracticeReadModel;

  beforeAll(async () => {
    people = await startPeople('people_read_model');
    readModel = people.service.app.get(PracticeReadModel);
  });

  afterAll(async () => {
    await people?.stop();
  });

  it('stores the automation level, outreach preferences, site key, addresses, phones and hours', async () => {
    const snapshot = testPracticeSnapshot({ automation_level: 'full_auto' }, [
      { name: 'Uptown Dallas', business_hours: weekdayHours('08:00', '18:00') },
      { name: 'Plano', timezone: 'America/Chicago', phone: '(972) 555-0188', business_hours: null },
    ]);
    await publishPracticeSnapshot(people.service.config.KAFKA_BROKERS, snapshot);
    await eventually(
      async () => (await readModel.locations(snapshot.practice.practice_id)).length === 2,
      30_000,
    );

    expect(await readModel.practice(snapshot.practice.practice_id)).toMatchObject({
      name: 'Glow Aesthetics',
      automation_level: 'full_auto',
      outreach_preferences: snapshot.practice.outreach_preferences,
      site_key: snapshot.practice.site_key,
    });
    expect((await readModel.bySiteKey(snapshot.practice.site_key))?.practice_id).toBe(
      snapshot.practice.practice_id,
    );
    const [uptown, plano] = await readModel.locations(snapshot.practice.practice_id);
    expect(uptown).toMatchObject({
      name: 'Uptown Dallas',
      address: '2100 McKinney Ave, Dallas, TX 75201',
      phone: '(214) 555-0142',
      business_hours: weekdayHours('08:00', '18:00'),
    });
    expect(plano).toMatchObject({ name: 'Plano', phone: '(972) 555-0188', business_hours: null });
    // A location without hours of its own keeps the primary location's.
    expect(await readModel.businessHours(snapshot.practice.practice_id, plano.location_id)).toEqual(
      weekdayHours('08:00', '18:00'),
    );
  });

  it('follows a change of automation level, and keeps the site key when a snapshot lacks it', async () => {
    const snapshot = testPracticeSnapshot({ automation_level: 'manual' });
    await publishPracticeSnapshot(people.service.config.KAFKA_BROKERS, snapshot);
    await eventually(async () => (await readModel.practice(snapshot.practice.practice_id)) !== null, 30_000);

    // A snapshot published before site keys existed (a replay of the topic's oldest events) has none.
    const withoutKey: Partial<PracticeSnapshot> = { ...snapshot.practice, automation_level: 'full_auto' };
    delete withoutKey.site_key;
    const [changed] = practiceChangeEvents({ practice: withoutKey as PracticeSnapshot, locations: [] });
    await publishEvents(people.service.config.KAFKA_BROKERS, Topics.practiceChanges, [changed]);
    await eventually(
      async () => (await readModel.practice(snapshot.practice.practice_id))?.automation_level === 'full_auto',
      30_000,
    );
    expect((await readModel.practice(snapshot.practice.practice_id))?.site_key).toBe(
      snapshot.practice.site_key,
    );
  });

  it('gives a site key to the practice the latest snapshot names, never blocking the topic', async () => {
    const first = testPracticeSnapshot();
    const second = testPracticeSnapshot({ site_key: first.practice.site_key });
    await publishPracticeSnapshot(people.service.config.KAFKA_BROKERS, first);
    // Practices are on different partitions: the second is published once the first is applied.
    await eventually(async () => (await readModel.bySiteKey(first.practice.site_key)) !== null, 30_000);
    await publishPracticeSnapshot(people.service.config.KAFKA_BROKERS, second);
    await eventually(
      async () =>
        (await readModel.bySiteKey(first.practice.site_key))?.practice_id === second.practice.practice_id,
      30_000,
    );
    expect((await readModel.practice(first.practice.practice_id))?.site_key).toBeNull();
  });
});
