import { PracticeReadModel } from '@pp/platform';
import { KnowledgeHarness, startKnowledge, testPractice } from './knowledge-harness';

describe('knowledge keeps practices and locations from practice.changes', () => {
  let knowledge: KnowledgeHarness;

  beforeAll(async () => {
    knowledge = await startKnowledge('knowledge_read_model');
  });

  afterAll(async () => {
    await knowledge?.stop();
  });

  it("knows a practice's website, its locations and its time zone (the primary location's)", async () => {
    const practice = testPractice({
      locations: [
        {
          location_id: crypto.randomUUID(),
          name: 'Denver Loft',
          timezone: 'America/Denver',
          is_primary: false,
        },
        {
          location_id: crypto.randomUUID(),
          name: 'Main Office',
          timezone: 'America/Los_Angeles',
          is_primary: true,
        },
      ],
    });
    await knowledge.publishPractice(practice);
    const readModel = knowledge.service.app.get(PracticeReadModel);

    expect(await readModel.practice(practice.practice_id)).toMatchObject({
      name: practice.name,
      website_url: practice.website_url,
    });
    expect((await readModel.locations(practice.practice_id)).map((l) => l.name)).toEqual([
      'Main Office',
      'Denver Loft',
    ]);
    expect(await readModel.timezone(practice.practice_id)).toBe('America/Los_Angeles');
    expect(await readModel.location(practice.practice_id, practice.locations[0].location_id)).not.toBeNull();
  });

  it('keeps what the AI engine needs: automation level, site key, addresses and opening hours', async () => {
    const practice = testPractice();
    await knowledge.publishPractice(practice);
    const readModel = knowledge.service.app.get(PracticeReadModel);
    const siteKey = `site_${practice.practice_id.replace(/-/g, '').slice(0, 24)}`;

    expect(await readModel.practice(practice.practice_id)).toMatchObject({
      automation_level: 'manual',
      outreach_preferences: {},
      site_key: siteKey,
    });
    expect((await readModel.bySiteKey(siteKey))?.practice_id).toBe(practice.practice_id);
    expect(await readModel.bySiteKey('site_unknown')).toBeNull();
    expect((await readModel.locations(practice.practice_id))[0]).toMatchObject({
      address: '2100 McKinney Ave, Dallas, TX 75201',
      phone: '',
      business_hours: null,
    });
  });

  it("never answers another practice's location", async () => {
    const mine = testPractice();
    const theirs = testPractice();
    await knowledge.publishPractice(mine);
    await knowledge.publishPractice(theirs);
    const readModel = knowledge.service.app.get(PracticeReadModel);

    expect(await readModel.location(mine.practice_id, theirs.locations[0].location_id)).toBeNull();
    expect(await readModel.timezone(crypto.randomUUID())).toBe('America/New_York');
  });
});
