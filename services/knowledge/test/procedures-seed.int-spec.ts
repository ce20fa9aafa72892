import { DemoTenants } from '@pp/contracts';
import { seedPricing } from '../src/database/seed-pricing';
import { catalogueId } from '../src/procedures/catalogue/catalogue-ids';
import { KnowledgeHarness, startKnowledge, testPractice } from './knowledge-harness';

describe('the demo pricing seed', () => {
  let h: KnowledgeHarness;
  let headers: Record<string, string>;
  const glow = testPractice({
    practice_id: DemoTenants.glowAestheticsId,
    locations: [
      {
        location_id: DemoTenants.glowUptownLocationId,
        name: 'Glow Aesthetics - Uptown Dallas',
        timezone: 'America/Chicago',
        is_primary: true,
      },
      {
        location_id: DemoTenants.glowPlanoLocationId,
        name: 'Glow Aesthetics - Plano',
        timezone: 'America/Chicago',
        is_primary: false,
      },
    ],
  });
  const get = (path: string) =>
    h.http().get(`/api/v1/procedures/${DemoTenants.glowAestheticsId}${path}`).set(headers);

  beforeAll(async () => {
    h = await startKnowledge('procedures_seed');
    await h.publishPractice(glow);
    headers = await h.caller([DemoTenants.glowAestheticsId]).headers();
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  it('gives Glow medspa prices per location with history, its fees and a promotion of each status, once', async () => {
    expect(await seedPricing(h.dataSource)).toBe('pricing seeded for 3 practice(s)');
    expect(await seedPricing(h.dataSource)).toBe('pricing seeded for 0 practice(s)');

    const summary = (await get('/summary').expect(200)).body as {
      procedure_id: string;
      category_name: string;
      history_count: number;
      offerings: { locations: Record<string, { offered: boolean; pricing: { min: number } | null }> };
    }[];
    expect(new Set(summary.map((item) => item.category_name))).toEqual(
      new Set(['Injectables', 'Skin Treatments', 'Lasers & Light', 'Wellness']),
    );
    const botox = summary.find((item) => item.procedure_id === catalogueId('procedure', 'botox'));
    expect(botox?.history_count).toBe(3);
    expect(botox?.offerings.locations[DemoTenants.glowUptownLocationId]).toMatchObject({
      offered: true,
      pricing: { min: 13 },
    });
    expect(botox?.offerings.locations[DemoTenants.glowPlanoLocationId]).toMatchObject({
      offered: true,
      pricing: { min: 12 },
    });
    const history = (
      await get(
        `/history/${catalogueId('procedure', 'botox')}?location_id=${DemoTenants.glowUptownLocationId}`,
      ).expect(200)
    ).body as { price_min: number; effective_end: string | null }[];
    expect(history.map((row) => row.price_min)).toEqual([13, 12]);
    expect(new Date(history[1].effective_end as string).getTime()).toBeLessThan(Date.now() - 60 * 86_400_000);

    const fees = (await get('/consultation-fees').expect(200)).body;
    expect(fees.medspa.locations).toEqual({
      [DemoTenants.glowUptownLocationId]: { fee: 50, currency: 'USD', is_free: false },
      [DemoTenants.glowPlanoLocationId]: { fee: null, currency: 'USD', is_free: true },
    });
    const statuses = ((await get('/promotions').expect(200)).body as { status: string }[])
      .map((p) => p.status)
      .sort();
    expect(statuses).toEqual(['current', 'expired', 'scheduled']);
  });
});
