import { ProcedureApiMessages } from '@pp/contracts';
import { randomUUID } from 'node:crypto';
import { catalogueId } from '../src/procedures/catalogue/catalogue-ids';
import { KnowledgeHarness, startKnowledge, TestPractice, testPractice } from './knowledge-harness';

const botox = catalogueId('procedure', 'botox');
const lipFiller = catalogueId('procedure', 'lip-filler');
const tummyTuck = catalogueId('procedure', 'tummy-tuck');

describe('procedure pricing', () => {
  let h: KnowledgeHarness;
  let glow: TestPractice;
  let other: TestPractice;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;
  const auth = () => ({ headers });
  const base = () => `/api/v1/procedures/${glow.practice_id}`;
  const post = (path: string, body: object) =>
    h.http().post(`${base()}${path}`).set(auth().headers).send(body);
  const get = (path: string) => h.http().get(`${base()}${path}`).set(auth().headers);

  beforeAll(async () => {
    h = await startKnowledge('procedures');
    glow = testPractice();
    other = testPractice({ name: 'Lakeview Plastic Surgery' });
    await h.publishPractice(glow);
    await h.publishPractice(other);
    headers = await h.caller([glow.practice_id]).headers();
    otherHeaders = await h.caller([other.practice_id]).headers();
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  it('finds catalogue procedures by synonym: botox is Botox under Neurotoxins, tummy tuck is Tummy Tuck', async () => {
    const found = await get('/search?q=botox').expect(200);
    expect(found.body[0]).toEqual({ procedure_id: botox, name: 'Botox', parent_name: 'Neurotoxins' });
    const abdominoplasty = await get('/search?q=abdominoplasty').expect(200);
    expect(abdominoplasty.body.map((row: { name: string }) => row.name)).toContain('Tummy Tuck');
    expect((await get('/search?q=').expect(200)).body).toEqual([]);
  });

  it('never loses a price: three edits, a switch to per location and back keep every old price with its dates', async () => {
    const [uptown, lakeside] = glow.locations.map((location) => location.location_id);
    await post('/create', {
      procedure_id: botox,
      location_id: null,
      price_min: 10,
      price_max: 12,
      unit: 'Unit',
    }).expect(200);
    for (const max of [13, 14, 15]) {
      await post('/update-offering', {
        procedure_id: botox,
        location_id: null,
        is_offered: true,
        price_max: max,
      }).expect(200);
    }
    const perLocation = await post('/update-offering', {
      procedure_id: botox,
      location_id: uptown,
      is_offered: true,
      price_min: 11,
      price_max: 16,
      unit: 'Unit',
    }).expect(200);
    expect(perLocation.body.offerings.all_locations).toMatchObject({ offered: false, pricing: null });
    expect(perLocation.body.offerings.locations[uptown]).toMatchObject({
      offered: true,
      pricing: { min: 11, max: 16, unit: 'Unit', currency: 'USD' },
      location_name: 'Uptown Clinic',
    });
    expect(perLocation.body.offerings.locations[lakeside]).toMatchObject({ offered: false, pricing: null });
    await post('/update-offering', {
      procedure_id: botox,
      location_id: null,
      is_offered: true,
      price_min: 12,
      price_max: 15,
      unit: 'Unit',
    }).expect(200);

    const history = (await get(`/history/${botox}`).expect(200)).body as {
      location_id: string | null;
      location_name: string;
      price_min: number;
      price_max: number;
      effective_start: string;
      effective_end: string | null;
    }[];
    expect(history.map((row) => [row.location_name, row.price_min, row.price_max])).toEqual([
      ['All locations', 12, 15],
      ['Uptown Clinic', 11, 16],
      ['All locations', 10, 15],
      ['All locations', 10, 14],
      ['All locations', 10, 13],
      ['All locations', 10, 12],
    ]);
    expect(history.filter((row) => row.effective_end === null)).toHaveLength(1);
    for (const [index, row] of history.entries()) {
      if (row.effective_end) expect(new Date(row.effective_end) >= new Date(row.effective_start)).toBe(true);
      if (index > 0) expect(row.effective_end).not.toBeNull();
    }
    const uptownOnly = (await get(`/history/${botox}?location_id=${uptown}`).expect(200)).body;
    expect(uptownOnly).toHaveLength(1);

    const summary = (await get('/summary').expect(200)).body as {
      procedure_id: string;
      history_count: number;
    }[];
    expect(summary.find((item) => item.procedure_id === botox)).toMatchObject({
      procedure_name: 'Botox',
      category_name: 'Injectables',
      parent_name: 'Neurotoxins',
      history_count: 6,
      offerings: {
        all_locations: { offered: true, pricing: { min: 12, max: 15, unit: 'Unit', currency: 'USD' } },
      },
    });
    const events = await h.outbox(glow.practice_id);
    expect(events.filter((event) => event.type === 'procedures_changed').length).toBeGreaterThanOrEqual(6);
  });

  it('turning a location off ends its pricing; removing everywhere ends all and drops it from the summary', async () => {
    const [uptown, lakeside] = glow.locations.map((location) => location.location_id);
    await post('/create', {
      procedure_id: lipFiller,
      location_id: uptown,
      price_min: 650,
      unit: 'Syringe',
    }).expect(200);
    await post('/update-offering', {
      procedure_id: lipFiller,
      location_id: lakeside,
      is_offered: true,
      price_min: 700,
      unit: 'Syringe',
    }).expect(200);
    const off = await post('/update-offering', {
      procedure_id: lipFiller,
      location_id: lakeside,
      is_offered: false,
      end_pricing_when_disabled: true,
    }).expect(200);
    expect(off.body.offerings.locations[lakeside]).toMatchObject({ offered: false, pricing: null });
    expect(off.body.offerings.locations[uptown]).toMatchObject({ offered: true, pricing: { min: 650 } });
    await post('/update-offering', { procedure_id: lipFiller, location_id: null, is_offered: false }).expect(
      200,
    );
    const summary = (await get('/summary').expect(200)).body as { procedure_id: string }[];
    expect(summary.map((item) => item.procedure_id)).not.toContain(lipFiller);
    const history = (await get(`/history/${lipFiller}`).expect(200)).body as {
      effective_end: string | null;
    }[];
    expect(history).toHaveLength(2);
    expect(history.every((row) => row.effective_end !== null)).toBe(true);
  });

  it('adds a practice-specific procedure under a parent, reuses a name in any case, and refuses a parent that is itself', async () => {
    const created = await post('/create', {
      procedure_name: 'Vampire Facial',
      parent_id: catalogueId('procedure', 'microneedling'),
      price_min: 800,
    }).expect(200);
    expect(created.body).toMatchObject({
      procedure_name: 'Vampire Facial',
      parent_name: 'Microneedling',
      category_name: 'Skin Treatments',
    });
    const again = await post('/create', { procedure_name: 'vampire facial' }).expect(200);
    expect(again.body.procedure_id).toBe(created.body.procedure_id);
    const self = await post('/create', {
      procedure_id: created.body.procedure_id,
      parent_id: created.body.procedure_id,
    }).expect(422);
    expect(self.body).toEqual({ detail: ProcedureApiMessages.parentIsSelf });
    // Another practice cannot see it.
    await h
      .http()
      .get(`/api/v1/procedures/${other.practice_id}/history/${created.body.procedure_id}`)
      .set(otherHeaders)
      .expect(404);
  });

  it('keeps one current price when edits of the same procedure arrive at once', async () => {
    const xeomin = catalogueId('procedure', 'xeomin');
    const responses = await Promise.all(
      [11, 12, 13, 14, 15, 16].map((min) =>
        post('/update-offering', {
          procedure_id: xeomin,
          location_id: null,
          is_offered: true,
          price_min: min,
          unit: 'Unit',
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const history = (await get(`/history/${xeomin}`).expect(200)).body as {
      price_min: number;
      effective_start: string;
      effective_end: string | null;
    }[];
    expect(history).toHaveLength(6);
    expect(history.filter((row) => row.effective_end === null)).toHaveLength(1);
    expect(new Set(history.map((row) => row.price_min))).toEqual(new Set([11, 12, 13, 14, 15, 16]));
    // One unbroken chain, newest first: each price ended exactly when the next one started, never before
    // its own start (an edit that waited for another is timed when it got its turn).
    for (const [index, row] of history.entries()) {
      if (row.effective_end !== null) {
        expect(Date.parse(row.effective_end)).toBeGreaterThanOrEqual(Date.parse(row.effective_start));
        expect(row.effective_end).toBe(history[index - 1].effective_start);
      }
    }
  });

  it('the inline edit changes only the fields it sends, and the same price again adds no history', async () => {
    const dysport = catalogueId('procedure', 'dysport');
    await post('/create', {
      procedure_id: dysport,
      price_min: 4,
      price_max: 5,
      unit: 'Unit',
      currency: 'USD',
    }).expect(200);
    const edited = await post('/update-offering', {
      procedure_id: dysport,
      is_offered: true,
      currency: 'CAD',
    }).expect(200);
    expect(edited.body.offerings.all_locations.pricing).toEqual({
      min: 4,
      max: 5,
      unit: 'Unit',
      currency: 'CAD',
    });
    const same = await post('/update-offering', {
      procedure_id: dysport,
      is_offered: true,
      price_min: 4,
      price_max: 5,
    }).expect(200);
    expect(same.body.history_count).toBe(2);
    const offeredOnly = await post('/update-offering', { procedure_id: dysport, is_offered: true }).expect(
      200,
    );
    expect(offeredOnly.body.offerings.all_locations.pricing).toMatchObject({ min: 4, currency: 'CAD' });
    const cleared = await post('/update-offering', {
      procedure_id: dysport,
      is_offered: true,
      price_min: '',
      price_max: null,
    }).expect(200);
    expect(cleared.body.offerings.all_locations.pricing).toEqual({
      min: null,
      max: null,
      unit: 'Unit',
      currency: 'CAD',
    });
  });

  it('refuses bad input with 422 and a clear detail', async () => {
    const cases: [object, string][] = [
      [{ procedure_id: botox, price_min: -1 }, ProcedureApiMessages.priceInvalid],
      [{ procedure_id: botox, price_min: 1e308 }, ProcedureApiMessages.priceInvalid],
      [{ procedure_id: botox, price_min: 1.234 }, ProcedureApiMessages.priceInvalid],
      [{ procedure_id: botox, unit: 'Bucket' }, ProcedureApiMessages.unitInvalid],
      [{ procedure_id: botox, currency: 'JPY' }, ProcedureApiMessages.currencyInvalid],
      [{}, ProcedureApiMessages.procedureRequired],
    ];
    for (const [body, detail] of cases) {
      const response = await post('/create', body).expect(422);
      expect(response.body).toEqual({ detail });
    }
    const longSearch = await get(`/search?q=${'a'.repeat(201)}`).expect(422);
    expect(longSearch.body).toEqual({ detail: ProcedureApiMessages.searchTooLong });
  });

  it('answers 404 for another practice, its location and unknown procedures on every route', async () => {
    const theirs = `/api/v1/procedures/${other.practice_id}`;
    const theirLocation = other.locations[0].location_id;
    const probes: [string, string, object?][] = [
      ['get', `${theirs}/summary`],
      ['get', `${theirs}/search?q=botox`],
      ['get', `${theirs}/history/${botox}`],
      ['post', `${theirs}/seed-from-extracted`],
      ['post', `${theirs}/create`, { procedure_id: botox }],
      ['post', `${theirs}/update-offering`, { procedure_id: botox, is_offered: false }],
      ['get', `${base()}/history/${botox}?location_id=${theirLocation}`],
      ['get', `${base()}/history/${randomUUID()}`],
      ['get', `${base()}/history/not-a-uuid`],
      ['post', `${base()}/create`, { procedure_id: botox, location_id: theirLocation }],
      ['post', `${base()}/create`, { procedure_id: randomUUID() }],
      ['post', `${base()}/create`, { procedure_name: 'New', parent_id: randomUUID() }],
      [
        'post',
        `${base()}/update-offering`,
        { procedure_id: botox, location_id: theirLocation, is_offered: true },
      ],
      ['post', `${base()}/update-offering`, { procedure_id: randomUUID(), is_offered: false }],
    ];
    for (const [method, url, body] of probes) {
      const call = h.http()[method as 'get'](url).set(auth().headers);
      const response = await (body ? call.send(body) : call);
      expect([url, response.status]).toEqual([url, 404]);
      expect(Object.keys(response.body)).toEqual(['detail']);
    }
  });

  it('seeds offerings and prices from the knowledge pages, keeping the history', async () => {
    // A processed pricing page, as the knowledge base stores it.
    const pageId = randomUUID();
    await h.dataSource.query(
      `INSERT INTO "knowledge"."knowledge_pages" ("page_id", "practice_id", "source_url", "page_title", "status", "last_updated")
       VALUES ($1, $2, $3, 'Pricing', 'ready', now())`,
      [pageId, glow.practice_id, 'https://glow-aesthetics.example/pricing'],
    );
    const chunks = [
      'Botox is $13/unit at both our clinics. Lip filler from $600 per syringe.',
      'Considering a tummy tuck? Abdominoplasty starts at $8,500.',
    ];
    for (const [position, content] of chunks.entries()) {
      await h.dataSource.query(
        `INSERT INTO "knowledge"."knowledge_chunks" ("chunk_id", "practice_id", "page_id", "source_url", "position", "content")
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          randomUUID(),
          glow.practice_id,
          pageId,
          'https://glow-aesthetics.example/pricing',
          position,
          content,
        ],
      );
    }
    const seeded = await h.http().post(`${base()}/seed-from-extracted`).set(auth().headers).expect(200);
    expect(seeded.body).toMatchObject({ chunks_scanned: 2, procedures_found: 3 });
    const summary = (await get('/summary').expect(200)).body as {
      procedure_id: string;
      offerings: { all_locations: { pricing: unknown } };
    }[];
    const byId = new Map(summary.map((item) => [item.procedure_id, item]));
    expect(byId.get(botox)?.offerings.all_locations.pricing).toEqual({
      min: 13,
      max: 13,
      unit: 'Unit',
      currency: 'USD',
    });
    expect(byId.get(lipFiller)?.offerings.all_locations.pricing).toEqual({
      min: 600,
      max: null,
      unit: 'Syringe',
      currency: 'USD',
    });
    expect(byId.get(tummyTuck)?.offerings.all_locations.pricing).toEqual({
      min: 8500,
      max: null,
      unit: 'None',
      currency: 'USD',
    });
    const history = (await get(`/history/${botox}`).expect(200)).body as { price_min: number }[];
    expect(history).toHaveLength(7);
    expect(history[1]).toMatchObject({ price_min: 12, price_max: 15 });
  });
});
