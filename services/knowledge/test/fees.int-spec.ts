import { ProcedureApiMessages } from '@pp/contracts';
import { KnowledgeHarness, startKnowledge, TestPractice, testPractice } from './knowledge-harness';

describe('consultation fees', () => {
  let h: KnowledgeHarness;
  let glow: TestPractice;
  let other: TestPractice;
  let headers: Record<string, string>;
  const url = (practice: TestPractice, path: string) => `/api/v1/procedures/${practice.practice_id}${path}`;
  const post = (practice: TestPractice, path: string, body: object) =>
    h.http().post(url(practice, path)).set(headers).send(body);
  const get = (practice: TestPractice, path: string) => h.http().get(url(practice, path)).set(headers);

  beforeAll(async () => {
    h = await startKnowledge('fees');
    glow = testPractice();
    other = testPractice({ name: 'Lakeview Plastic Surgery' });
    for (const practice of [glow, other]) await h.publishPractice(practice);
    headers = await h.caller([glow.practice_id]).headers();
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  it('sets fees for all locations or per location, each ending the other side, and archives a modality', async () => {
    const [uptown, lakeside] = glow.locations.map((location) => location.location_id);
    expect((await get(glow, '/consultation-fees').expect(200)).body).toEqual({});
    const all = await post(glow, '/consultation-fees', {
      location_id: null,
      modality: 'medspa',
      fee: 50,
      currency: 'USD',
      is_free: false,
    }).expect(200);
    expect(all.body.medspa).toMatchObject({
      all_locations: { fee: 50, currency: 'USD', is_free: false },
      locations: {},
    });
    await post(glow, '/consultation-fees', { location_id: uptown, modality: 'medspa', fee: 75 }).expect(200);
    const per = await post(glow, '/consultation-fees', {
      location_id: lakeside,
      modality: 'medspa',
      is_free: true,
      fee: 20,
    }).expect(200);
    expect(per.body.medspa).toEqual({
      all_locations: null,
      locations: {
        [uptown]: { fee: 75, currency: 'USD', is_free: false },
        [lakeside]: { fee: null, currency: 'USD', is_free: true },
      },
    });
    const back = await post(glow, '/consultation-fees', {
      location_id: null,
      modality: 'medspa',
      fee: 60,
    }).expect(200);
    expect(back.body.medspa.locations).toEqual({});
    await post(glow, '/consultation-fees', { modality: 'surgery', fee: 150 }).expect(200);
    const archived = await h
      .http()
      .delete(url(glow, '/consultation-fees/modality/medspa'))
      .set(headers)
      .expect(200);
    expect(Object.keys(archived.body)).toEqual(['surgery']);
    const [{ total, ended }] = await h.dataSource.query(
      `SELECT count(*)::int AS total, count("effective_end")::int AS ended FROM "knowledge"."consultation_fee_policies"
       WHERE "practice_id" = $1 AND "modality" = 'medspa'`,
      [glow.practice_id],
    );
    expect({ total, ended }).toEqual({ total: 4, ended: 4 });
    expect((await post(glow, '/consultation-fees', { modality: 'medspa' }).expect(422)).body).toEqual({
      detail: ProcedureApiMessages.feeRequired,
    });
    await post(glow, '/consultation-fees', { modality: 'dental', fee: 1 }).expect(422);
    await h.http().delete(url(glow, '/consultation-fees/modality/dental')).set(headers).expect(422);
    await post(glow, '/consultation-fees', {
      modality: 'medspa',
      fee: 1,
      location_id: other.locations[0].location_id,
    }).expect(404);
    await get(other, '/consultation-fees').expect(404);
    await h.http().delete(url(other, '/consultation-fees/modality/medspa')).set(headers).expect(404);
    const events = await h.outbox(glow.practice_id);
    expect(events.filter((event) => event.type === 'consultation_fees_changed').length).toBe(6);
  });
});
