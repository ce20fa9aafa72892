import { KnowledgePageV1, PracticeOfferV1 } from '@pp/contracts';
import { seedPracticePages } from '../src/knowledge/knowledge.seed';
import { GLOW_AESTHETICS_PAGES } from '../src/knowledge/knowledge-demo-pages';
import { catalogueId } from '../src/procedures/catalogue/catalogue-ids';
import { KnowledgeHarness, startKnowledge, TestPractice, testPractice } from './knowledge-harness';

const botox = catalogueId('procedure', 'botox');
const hydrafacial = catalogueId('procedure', 'hydrafacial');
const DAY = 86_400_000;

/** What the AI may quote and answer from, announced on knowledge.changes with every change (real PostgreSQL). */
describe('practice_offer and knowledge_page on knowledge.changes', () => {
  let h: KnowledgeHarness;
  let glow: TestPractice;
  let headers: Record<string, string>;
  const post = (path: string, body: object) =>
    h.http().post(`/api/v1/procedures/${glow.practice_id}${path}`).set(headers).send(body);
  const lastOffer = async () =>
    (await h.outbox(glow.practice_id)).filter((e) => e.type === 'practice_offer').at(-1) as
      PracticeOfferV1 | undefined;

  beforeAll(async () => {
    h = await startKnowledge('practice-offer');
    glow = testPractice();
    await h.publishPractice(glow);
    headers = await h.caller([glow.practice_id]).headers();
  }, 120_000);
  afterAll(() => h?.stop());

  it('publishes the whole offer after each price, fee and promotion change, in the same transaction', async () => {
    const [uptown] = glow.locations;
    await post('/create', { procedure_id: botox, price_min: 12, price_max: 14, unit: 'Unit' }).expect(200);
    expect((await lastOffer())?.procedures[0].prices).toEqual([
      expect.objectContaining({ location_id: null, location_name: null, price_min: 12, price_max: 14 }),
    ]);
    // An offering is for all locations or per location: a location's own price replaces the shared one.
    await post('/create', {
      procedure_id: botox,
      location_id: uptown.location_id,
      price_min: 13,
      price_max: 15,
      unit: 'Unit',
    }).expect(200);
    let offer = await lastOffer();
    expect(offer?.procedures).toEqual([
      expect.objectContaining({
        name: 'Botox',
        parent_name: 'Neurotoxins',
        prices: [
          expect.objectContaining({
            location_id: uptown.location_id,
            location_name: 'Uptown Clinic',
            price_min: 13,
            price_max: 15,
            unit: 'Unit',
            currency: 'USD',
          }),
        ],
      }),
    ]);

    await post('/consultation-fees', { location_id: null, modality: 'medspa', fee: 50 }).expect(200);
    offer = await lastOffer();
    expect(offer?.consultation_fees).toEqual([
      expect.objectContaining({ modality: 'medspa', location_id: null, fee: 50, is_free: false }),
    ]);

    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    await post('/promotions', {
      name: 'Glow Week',
      amount: 20,
      selected_procedures: [botox],
      start: `${today}T00:00:00.000Z`,
      end: `${later}T00:00:00.000Z`,
    }).expect(200);
    offer = await lastOffer();
    expect(offer?.promotions).toEqual([
      expect.objectContaining({ name: 'Glow Week', amount: 20, procedure_names: ['Botox'], end: later }),
    ]);

    await post('/create', { procedure_id: hydrafacial, price_min: 199 }).expect(200);
    await post('/update-offering', {
      procedure_id: hydrafacial,
      location_id: null,
      is_offered: false,
      end_pricing_when_disabled: true,
    }).expect(200);
    offer = await lastOffer();
    expect(offer?.procedures.map((p) => p.name)).toEqual(['Botox']);
  });

  it("publishes a changed page's passages, and their removal", async () => {
    // The seed writes pages without events; a delete through the API announces what is left.
    await seedPracticePages(h.dataSource, glow.practice_id, 'https://glow.example', GLOW_AESTHETICS_PAGES);
    const [page]: { source_url: string }[] = await h.dataSource.query(
      `SELECT "source_url" FROM "knowledge"."knowledge_pages" WHERE "practice_id" = $1 ORDER BY "source_url" LIMIT 1`,
      [glow.practice_id],
    );
    await h
      .http()
      .delete(`/api/v1/practices/${glow.practice_id}/knowledge`)
      .set(headers)
      .send({ urls: [page.source_url] })
      .expect(200);
    const pages = (await h.outbox(glow.practice_id)).filter(
      (e) => e.type === 'knowledge_page',
    ) as unknown as KnowledgePageV1[];
    expect(pages.at(-1)).toMatchObject({ source_url: page.source_url, chunks: [] });

    await h
      .http()
      .delete(`/api/v1/practices/${glow.practice_id}/knowledge`)
      .set(headers)
      .send({ delete_all: true })
      .expect(200);
    expect((await h.outbox(glow.practice_id)).at(-1)).toMatchObject({ type: 'knowledge_cleared' });
  });
});
