import { calendarDayIn, ProcedureApiMessages } from '@pp/contracts';
import { randomUUID } from 'node:crypto';
import { catalogueId } from '../src/procedures/catalogue/catalogue-ids';
import { KnowledgeHarness, startKnowledge, TestPractice, testPractice } from './knowledge-harness';

const botox = catalogueId('procedure', 'botox');
const DAY = 86_400_000;

describe('promotions', () => {
  let h: KnowledgeHarness;
  let glow: TestPractice;
  let honolulu: TestPractice;
  let kiritimati: TestPractice;
  let other: TestPractice;
  let headers: Record<string, string>;
  const url = (practice: TestPractice, path: string) => `/api/v1/procedures/${practice.practice_id}${path}`;
  const post = (practice: TestPractice, path: string, body: object) =>
    h.http().post(url(practice, path)).set(headers).send(body);
  const get = (practice: TestPractice, path: string) => h.http().get(url(practice, path)).set(headers);
  const day = (zone: string, offsetDays: number) =>
    calendarDayIn(new Date(Date.now() + offsetDays * DAY), zone);

  beforeAll(async () => {
    h = await startKnowledge('promotions');
    glow = testPractice();
    honolulu = testPractice({
      name: 'Aloha Aesthetics',
      locations: [
        { location_id: randomUUID(), name: 'Kahala', timezone: 'Pacific/Honolulu', is_primary: true },
      ],
    });
    kiritimati = testPractice({
      name: 'Line Islands Dental',
      locations: [
        { location_id: randomUUID(), name: 'London', timezone: 'Pacific/Kiritimati', is_primary: true },
      ],
    });
    other = testPractice({ name: 'Lakeview Plastic Surgery' });
    for (const practice of [glow, honolulu, kiritimati, other]) await h.publishPractice(practice);
    headers = await h.caller([glow.practice_id, honolulu.practice_id, kiritimati.practice_id]).headers();
    await post(glow, '/create', { procedure_id: botox, price_min: 12, unit: 'Unit' }).expect(200);
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  it('derives current, scheduled and expired from the days, lists by status, and marks promoted procedures', async () => {
    const zone = 'America/Chicago';
    const current = await post(glow, '/promotions', {
      name: 'Botox Week',
      amount: 20,
      selected_procedures: [botox],
      start: `${day(zone, -2)}T00:00:00.000Z`,
      end: `${day(zone, 2)}T00:00:00.000Z`,
      terms: 'ignored',
    }).expect(200);
    expect(current.body).toMatchObject({
      type: 'percent_discount',
      amount: 20,
      scope: 'Botox',
      selected_procedures: [botox],
      is_all_procedures: false,
      start: day(zone, -2),
      end: day(zone, 2),
      terms: null,
      status: 'current',
      location_id: null,
    });
    await post(glow, '/promotions', {
      name: 'Holiday Free Consult',
      type: 'free_consultation',
      amount: 99,
      is_all_procedures: true,
      location_id: glow.locations[1].location_id,
      start: day(zone, 10),
      end: day(zone, 20),
    }).expect(200);
    await post(glow, '/promotions', {
      name: 'Spring',
      type: 'monetary_discount',
      amount: 50,
      start: day(zone, -30),
      end: day(zone, -10),
    }).expect(200);
    const statuses = async (status: string) =>
      ((await get(glow, `/promotions?status=${status}`).expect(200)).body as { name: string }[]).map(
        (p) => p.name,
      );
    expect(await statuses('current')).toEqual(['Botox Week']);
    expect(await statuses('scheduled')).toEqual(['Holiday Free Consult']);
    expect(await statuses('expired')).toEqual(['Spring']);
    const scheduled = (await get(glow, '/promotions?status=scheduled').expect(200)).body[0];
    expect(scheduled).toMatchObject({
      amount: null,
      scope: 'All procedures',
      location_name: 'Lakeside Studio',
    });
    const summary = (await get(glow, '/summary').expect(200)).body as {
      procedure_id: string;
      has_promotion: boolean;
    }[];
    expect(summary.find((item) => item.procedure_id === botox)?.has_promotion).toBe(true);

    // Edit moves it; end early archives only a current one.
    const edited = await post(glow, '/promotions', {
      promotion_id: current.body.promotion_id,
      name: 'Botox Fortnight',
      amount: 25,
      start: day(zone, -2),
      end: day(zone, 12),
    }).expect(200);
    expect(edited.body).toMatchObject({
      name: 'Botox Fortnight',
      scope: 'All procedures',
      status: 'current',
    });
    const ended = await h
      .http()
      .delete(url(glow, `/promotions/${current.body.promotion_id}`))
      .set(headers)
      .expect(200);
    expect(ended.body).toMatchObject({ status: 'expired', end: day(zone, 0) });
    const again = await h
      .http()
      .delete(url(glow, `/promotions/${current.body.promotion_id}`))
      .set(headers)
      .expect(409);
    expect(again.body).toEqual({ detail: ProcedureApiMessages.promotionNotCurrent });
    // An ended promotion stays ended: moving its dates would show a future end with an 'expired' badge.
    const revived = await post(glow, '/promotions', {
      promotion_id: current.body.promotion_id,
      name: 'Botox Fortnight',
      amount: 25,
      start: day(zone, 1),
      end: day(zone, 12),
    }).expect(409);
    expect(revived.body).toEqual({ detail: ProcedureApiMessages.promotionEnded });
    expect(
      (await h.outbox(glow.practice_id)).filter((event) => event.type === 'promotions_changed'),
    ).toHaveLength(5);
  });

  it("decides a one-day promotion by the practice's own day, not UTC's", async () => {
    // A practice whose day differs from UTC's right now: Honolulu (UTC-10) before 10:00 UTC, when it is still
    // yesterday there; Kiritimati (UTC+14) from 10:00 UTC, when it is already tomorrow there. A promotion for
    // that practice's today is current there; decided by UTC's day it would read expired or scheduled.
    const utcToday = calendarDayIn(new Date(), 'UTC');
    const [practice, zone] =
      day('Pacific/Honolulu', 0) !== utcToday
        ? [honolulu, 'Pacific/Honolulu']
        : [kiritimati, 'Pacific/Kiritimati'];
    const today = day(zone, 0);
    expect(today).not.toBe(utcToday);
    const created = await post(practice, '/promotions', {
      name: 'Aloha Friday',
      amount: 10,
      start: today,
      end: today,
    }).expect(200);
    expect(created.body.status).toBe('current');
    const yesterday = day(zone, -1);
    const past = await post(practice, '/promotions', {
      name: 'Gone',
      amount: 10,
      start: yesterday,
      end: yesterday,
    }).expect(200);
    expect(past.body.status).toBe('expired');
  });

  it('refuses invalid promotions with 422 and other practices’ ids with 404', async () => {
    const base = { name: 'X', amount: 10, start: '2030-01-10', end: '2030-01-20' };
    const refusals: [object, string][] = [
      [{ ...base, name: '' }, ProcedureApiMessages.promotionNameRequired],
      [{ ...base, amount: 0 }, ProcedureApiMessages.promotionPercentInvalid],
      [{ ...base, amount: 101 }, ProcedureApiMessages.promotionPercentInvalid],
      [{ ...base, end: '2030-01-09' }, ProcedureApiMessages.promotionEndBeforeStart],
      [{ ...base, start: '2030-02-30' }, ProcedureApiMessages.promotionDateInvalid],
      [{ ...base, type: 'bogus' }, ProcedureApiMessages.promotionTypeInvalid],
    ];
    for (const [body, detail] of refusals) {
      expect((await post(glow, '/promotions', body).expect(422)).body).toEqual({ detail });
    }
    await get(glow, '/promotions?status=bogus').expect(422);
    await post(glow, '/promotions', { ...base, location_id: other.locations[0].location_id }).expect(404);
    await post(glow, '/promotions', { ...base, selected_procedures: [randomUUID()] }).expect(404);
    await post(glow, '/promotions', { ...base, promotion_id: randomUUID() }).expect(404);
    await post(other, '/promotions', base).expect(404);
    await get(other, '/promotions').expect(404);
    await h
      .http()
      .delete(url(glow, `/promotions/${randomUUID()}`))
      .set(headers)
      .expect(404);
    await h
      .http()
      .delete(url(other, `/promotions/${randomUUID()}`))
      .set(headers)
      .expect(404);
  });
});
